import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { QuotaDay } from "../../../../contract";
import { formatCount, formatINR } from "../../../shell/format";
import { shortDay } from "../../dashboard/components/dashboard-format";

// recharts loads with this file only, after the quota screen's figures and table have drawn.

export type QuotaSeriesKey = "topUps" | "deductions" | "spent";

const SERIES: { key: QuotaSeriesKey; label: string; color: string }[] = [
  { key: "topUps", label: "Top-ups", color: "#16a34a" },
  { key: "deductions", label: "Deductions", color: "#dc2626" },
  { key: "spent", label: "Spend on messages", color: "#d97706" },
];

/**
 * Money per day of the `keys` series: top-ups and deductions from the ledger, spend from the messages sent. Spend
 * gets a chart of its own: a top-up of lakhs would flatten a day's few rupees of messages to nothing on one scale.
 */
export function QuotaChart({ series, keys }: { series: readonly QuotaDay[]; keys: readonly QuotaSeriesKey[] }) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={[...series]} margin={{ top: 8, right: 12, bottom: 0, left: 8 }} accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={24} fontSize={12} />
        <YAxis fontSize={12} width={80} tickFormatter={(v: number) => `₹${formatCount(Math.round(v))}`} />
        <Tooltip
          labelFormatter={(d) => shortDay(String(d))}
          formatter={(v, name) => [formatINR(Number(v)), name]}
          cursor={{ fill: "rgba(0,0,0,0.04)" }}
        />
        {keys.length > 1 && <Legend iconType="circle" />}
        {SERIES.filter((s) => keys.includes(s.key)).map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={s.color}
            isAnimationActive={false}
            radius={[3, 3, 0, 0]}
            maxBarSize={22}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
