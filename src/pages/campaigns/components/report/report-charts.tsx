import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { theme as antdTheme } from "antd";
import { ACCESSIBLE_COLORS, useTheme } from "../../../../providers/theme";
import { formatCount } from "../../../../shell/format";
import type { ThroughputRow } from "./control-room/control-room-data";
import type { ErrorRow, FunnelStage, TimelineRow } from "./report-data";

// recharts is big: this file is its only importer here, loaded lazily after the rest of the report has shown.

/** The delivery funnel: one horizontal bar per stage, labelled with its count and share. */
export function FunnelChart({ stages }: { stages: readonly FunnelStage[] }) {
  return (
    <ResponsiveContainer width="100%" height={44 * stages.length + 16}>
      <BarChart data={[...stages]} layout="vertical" margin={{ top: 0, right: 96, bottom: 0, left: 8 }}>
        <XAxis type="number" hide allowDecimals={false} />
        <YAxis type="category" dataKey="label" width={90} fontSize={13} tickLine={false} axisLine={false} />
        <Tooltip formatter={(v) => [formatCount(Number(v)), "Recipients"]} cursor={{ fill: "rgba(0,0,0,0.04)" }} />
        <Bar dataKey="count" isAnimationActive={false} radius={[0, 4, 4, 0]} barSize={24}>
          {stages.map((s) => (
            <Cell key={s.key} fill={s.color} />
          ))}
          <LabelList dataKey="count" position="right" fontSize={12} formatter={(v) => formatCount(Number(v))} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

const SERIES = [
  { key: "sent", label: "Sent", color: "#1677ff" },
  { key: "delivered", label: "Delivered", color: "#52c41a" },
  { key: "read", label: "Read", color: "#722ed1" },
  { key: "replied", label: "Replied", color: "#13c2c2" },
  { key: "failed", label: "Failed", color: "#ff4d4f" },
] as const;

/** Sends and receipts per bucket of time. */
export function TimelineChart({ rows, showRead }: { rows: readonly TimelineRow[]; showRead: boolean }) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <AreaChart data={[...rows]} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" minTickGap={32} fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip />
        <Legend itemSorter={null} />
        {SERIES.filter((s) => showRead || s.key !== "read").map((s) => (
          <Area
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            fill={s.color}
            fillOpacity={0.12}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    </ResponsiveContainer>
  );
}

/** Failures per reason, longest bar first. */
export function ErrorChart({ rows }: { rows: readonly ErrorRow[] }) {
  const top = rows.slice(0, 8);
  return (
    <ResponsiveContainer width="100%" height={36 * top.length + 16}>
      <BarChart data={[...top]} layout="vertical" margin={{ top: 0, right: 48, bottom: 0, left: 8 }}>
        <XAxis type="number" hide allowDecimals={false} />
        <YAxis type="category" dataKey="short" width={180} fontSize={12} tickLine={false} axisLine={false} />
        <Tooltip formatter={(v) => [String(v), "Failed"]} cursor={{ fill: "rgba(0,0,0,0.04)" }} />
        <Bar dataKey="count" fill="#ff7875" isAnimationActive={false} radius={[0, 4, 4, 0]} barSize={18}>
          <LabelList dataKey="count" position="right" fontSize={12} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/**
 * The control room's throughput: messages per second per bucket, sent over refused (stacked), with the sender's
 * throttle as a line, so a lowered throttle shows where the bars come down to (none when it sends as fast as its
 * sender allows: a limit of hundreds a second would flatten a campaign's bars to nothing).
 */
export function ThroughputChart({ rows, throttle }: { rows: readonly ThroughputRow[]; throttle: number | null }) {
  // The line's label is text: the theme's warning colour meets 4.5:1 on the card in each mode.
  const lineColor = ACCESSIBLE_COLORS[useTheme().theme].warningRing;
  // recharts' tooltip is white with the page's text colour: in dark mode its time label was white on white.
  const { token } = antdTheme.useToken();
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={[...rows]} margin={{ top: 16, right: 16, bottom: 0, left: -8 }} barCategoryGap={1}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" minTickGap={40} fontSize={12} />
        <YAxis fontSize={12} allowDecimals />
        <Tooltip
          formatter={(v, name) => [`${String(v)} msg/s`, name]}
          contentStyle={{ background: token.colorBgElevated, borderColor: token.colorBorder, color: token.colorText }}
          cursor={{ fill: "rgba(128,128,128,0.12)" }}
        />
        <Legend itemSorter={null} />
        <Bar dataKey="sent" name="Sent" stackId="t" fill="#1677ff" isAnimationActive={false} />
        <Bar dataKey="failed" name="Refused" stackId="t" fill="#ff4d4f" isAnimationActive={false} />
        {throttle !== null && (
          <ReferenceLine
            y={throttle}
            stroke={lineColor}
            strokeDasharray="6 3"
            ifOverflow="extendDomain"
            label={{ value: `Throttle ${throttle}/s`, position: "insideTopLeft", fontSize: 12, fill: lineColor }}
          />
        )}
      </BarChart>
    </ResponsiveContainer>
  );
}
