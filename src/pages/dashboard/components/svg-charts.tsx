import { theme } from "antd";
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

// The dashboard's charts: bars per day (stacked by series) and horizontal bars, drawn as SVG here. recharts (which
// the other report screens use) is about 105 KB gzipped; the first signed-in view, counted with everything it loads,
// has a 450 KB budget that the shell already takes most of. These charts are a few KB and answer the same questions:
// a value per day, on a readable scale, with the exact numbers on hover, keyboard focus and for screen readers.

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

/** A round top for the axis and its ticks: 0, and 4 steps of 1, 2, 2.5 or 5 × 10^n above the largest value. */
export function niceTicks(max: number, steps = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / steps;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  return Array.from({ length: steps + 1 }, (_, i) => Math.round(i * step * 1e6) / 1e6);
}

function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export function Legend({ series }: { series: readonly ChartSeries[] }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: "flex",
        gap: 16,
        justifyContent: "center",
        flexWrap: "wrap",
        fontSize: 12,
        color: token.colorTextSecondary,
      }}
    >
      {series.map((s) => (
        <span key={s.key} style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
          <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: s.color }} />
          {s.label}
        </span>
      ))}
    </div>
  );
}

export interface BarsProps {
  /** One entry per x position (a day), with a number per series key. */
  data: readonly ({ x: string } & Record<string, number | string>)[];
  series: readonly ChartSeries[];
  height: number;
  xLabel: (x: string) => string;
  value: (n: number) => string;
  /** What the chart shows, for screen readers (its numbers follow in a table they can read). */
  title: string;
}

/** Bars over time, the series stacked in each bar; hover, or focus and the arrow keys, show a day's numbers. */
export function StackedBars({ data, series, height, xLabel, value, title }: BarsProps) {
  const { token } = theme.useToken();
  const [ref, width] = useWidth<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  const totals = data.map((d) => series.reduce((n, s) => n + Number(d[s.key] ?? 0), 0));
  const ticks = niceTicks(Math.max(0, ...totals));
  const top = ticks[ticks.length - 1];
  const left = Math.max(...ticks.map((t) => value(t).length)) * 7 + 12;
  const chart = { x: left, y: 8, w: Math.max(0, width - left - 8), h: height - 8 - 24 };
  const band = data.length ? chart.w / data.length : 0;
  const bar = Math.min(42, band * 0.64);
  const y = (v: number) => chart.y + chart.h - (v / top) * chart.h;
  // Every label when they fit, else every n-th one (always the last).
  const every = Math.max(1, Math.ceil(data.length / Math.max(1, Math.floor(chart.w / 56))));

  const onKey = (e: KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    e.preventDefault();
    const from = active ?? (e.key === "ArrowLeft" ? data.length : -1);
    setActive(Math.min(data.length - 1, Math.max(0, from + (e.key === "ArrowLeft" ? -1 : 1))));
  };
  const tip: ReactNode =
    active !== null && data[active] ? (
      <div
        role="status"
        style={{
          position: "absolute",
          top: 4,
          left: Math.min(Math.max(0, chart.x + band * active + band / 2 - 80), Math.max(0, width - 160)),
          width: 160,
          pointerEvents: "none",
          background: token.colorBgElevated,
          boxShadow: token.boxShadowSecondary,
          borderRadius: token.borderRadius,
          padding: "6px 10px",
          fontSize: 12,
        }}
      >
        <div style={{ fontWeight: 600, marginBottom: 2 }}>{xLabel(data[active].x)}</div>
        {series.map((s) => (
          <div key={s.key} style={{ display: "flex", justifyContent: "space-between", gap: 8, color: s.color }}>
            <span>{s.label}</span>
            <span style={{ fontVariantNumeric: "tabular-nums" }}>{value(Number(data[active][s.key] ?? 0))}</span>
          </div>
        ))}
      </div>
    ) : null;

  return (
    <div ref={ref} style={{ position: "relative", width: "100%" }}>
      {width > 0 && (
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={title}
          tabIndex={0}
          onKeyDown={onKey}
          onBlur={() => setActive(null)}
          onMouseLeave={() => setActive(null)}
          onMouseMove={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            const i = Math.floor((e.clientX - box.left - chart.x) / band);
            setActive(i >= 0 && i < data.length ? i : null);
          }}
          style={{ display: "block", outline: "none" }}
        >
          {ticks.map((t) => (
            <g key={t}>
              <line
                x1={chart.x}
                x2={chart.x + chart.w}
                y1={y(t)}
                y2={y(t)}
                stroke={token.colorBorderSecondary}
                strokeDasharray={t === 0 ? undefined : "3 3"}
              />
              <text x={chart.x - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize={12} fill={token.colorTextSecondary}>
                {value(t)}
              </text>
            </g>
          ))}
          {active !== null && (
            <rect
              x={chart.x + band * active}
              y={chart.y}
              width={band}
              height={chart.h}
              fill={token.colorFillTertiary}
            />
          )}
          {data.map((d, i) => {
            let base = 0;
            return (
              <g key={d.x} data-chart-bar={d.x}>
                {series.map((s) => {
                  const v = Number(d[s.key] ?? 0);
                  if (v <= 0) return null;
                  const rect = (
                    <rect
                      key={s.key}
                      x={chart.x + band * i + (band - bar) / 2}
                      y={y(base + v)}
                      width={bar}
                      height={Math.max(1, y(base) - y(base + v))}
                      fill={s.color}
                    />
                  );
                  base += v;
                  return rect;
                })}
                {(i === data.length - 1 || (i % every === 0 && data.length - 1 - i >= Math.ceil(every / 2))) && (
                  <text
                    x={chart.x + band * i + band / 2}
                    y={height - 6}
                    textAnchor="middle"
                    fontSize={12}
                    fill={token.colorTextSecondary}
                  >
                    {xLabel(d.x)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
      {tip}
      <table style={SR_ONLY}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.x}>
              <th scope="row">{xLabel(d.x)}</th>
              {series.map((s) => (
                <td key={s.key}>{value(Number(d[s.key] ?? 0))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Visually hidden, read by screen readers. */
const SR_ONLY = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

export interface HBar {
  key: string;
  label: string;
  value: number;
  color: string;
  /** Written after the bar: the count and its share. */
  note: string;
}

/** One horizontal bar per row, scaled to the first (a funnel starts with its widest stage). */
export function HorizontalBars({ rows, title }: { rows: readonly HBar[]; title: string }) {
  const { token } = theme.useToken();
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <div role="list" aria-label={title} style={{ display: "flex", flexDirection: "column", gap: 18, paddingTop: 8 }}>
      {rows.map((r) => (
        <div
          key={r.key}
          role="listitem"
          data-chart-row={r.label}
          style={{ display: "grid", gridTemplateColumns: "84px 1fr", alignItems: "center", gap: 10 }}
        >
          <span style={{ textAlign: "right", color: token.colorTextSecondary, fontSize: 13 }}>{r.label}</span>
          <span style={{ display: "flex", alignItems: "center", gap: 8, minWidth: 0 }}>
            <span
              style={{
                height: 24,
                width: `${Math.max(0.5, (r.value / max) * 72)}%`,
                background: r.color,
                borderRadius: "0 4px 4px 0",
              }}
            />
            {/* The bar carries the stage's colour; its figures are text, which a chart colour would not keep legible. */}
            <span
              style={{
                fontSize: 12,
                color: token.colorTextSecondary,
                whiteSpace: "nowrap",
                fontVariantNumeric: "tabular-nums",
              }}
            >
              {r.note}
            </span>
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * One rate as a thin bar (what antd's Progress draws), for the error-rates card: a meter for screen readers, and
 * ~6 KB less for the first signed-in view than Progress's chunk.
 */
export function RateBar({ percent, color, label }: { percent: number; color: string; label: string }) {
  const { token } = theme.useToken();
  const clamped = Math.min(100, Math.max(0, percent));
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped * 10) / 10}
      data-rate-bar
      style={{
        height: 6,
        borderRadius: 3,
        background: token.colorFillSecondary,
        margin: "4px 0 6px",
        overflow: "hidden",
      }}
    >
      <div
        style={{
          width: `${clamped}%`,
          minWidth: clamped > 0 ? 2 : 0,
          height: "100%",
          background: color,
          borderRadius: 3,
        }}
      />
    </div>
  );
}
