import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { theme } from "antd";

// recharts loads with this file only, when a test's comparison opens (as the dashboards and the quota screen do).

export interface MetricBar {
  label: string;
  /** The metric's rate, 0..1. */
  rate: number;
  winner: boolean;
}

const pct = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** The chosen metric's rate per variant, the winner's bar in the success colour. */
export function MetricChart({ bars, title }: { bars: readonly MetricBar[]; title: string }) {
  const { token } = theme.useToken();
  return (
    <figure aria-label={title} style={{ margin: 0 }}>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={[...bars]} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={token.colorBorderSecondary} />
          <XAxis dataKey="label" fontSize={12} tick={{ fill: token.colorText }} stroke={token.colorTextSecondary} />
          <YAxis
            fontSize={12}
            width={56}
            // Rates are 0..1: with nothing yet (all 0) recharts' own domain would run to 400%, so 100% is the top then.
            domain={[0, (max: number) => (max > 0 ? Math.min(1, max * 1.2) : 1)]}
            tickFormatter={(v: number) => `${Number((v * 100).toFixed(1))}%`}
            tick={{ fill: token.colorText }}
            stroke={token.colorTextSecondary}
          />
          <Tooltip
            formatter={(v) => [pct(Number(v)), title]}
            contentStyle={{ background: token.colorBgElevated, borderColor: token.colorBorder, color: token.colorText }}
            cursor={{ fill: token.colorFillTertiary }}
          />
          <Bar
            dataKey="rate"
            name={title}
            fill={token.colorPrimary}
            isAnimationActive={false}
            radius={[3, 3, 0, 0]}
            maxBarSize={56}
          />
        </BarChart>
      </ResponsiveContainer>
      <figcaption className="sr-only">
        {bars.map((b) => `${b.label} ${pct(b.rate)}${b.winner ? " (winner)" : ""}`).join(", ")}
      </figcaption>
    </figure>
  );
}
