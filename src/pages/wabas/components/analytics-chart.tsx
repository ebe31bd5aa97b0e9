import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsPoint } from "../../../../contract";
import { formatDayMonth } from "../../../shell/format";

export const SERIES = [
  { key: "sent", label: "Sent", color: "#1677ff" },
  { key: "delivered", label: "Delivered", color: "#52c41a" },
  { key: "read", label: "Read", color: "#722ed1" },
] as const;

// A day of the analytics is a calendar date; its UTC midnight is the same date in India (ahead of UTC).
const shortDay = (day: string) => formatDayMonth(`${day}T00:00:00Z`);

/** Sent, delivered and read per day for one number (recharts: this file is its only importer, loaded lazily). */
export function AnalyticsChart({ points }: { points: readonly AnalyticsPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={[...points]} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={24} fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip labelFormatter={(d) => shortDay(String(d))} />
        {/* In funnel order (sent, delivered, read), not recharts' default alphabetical one. */}
        <Legend itemSorter={null} />
        {SERIES.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
