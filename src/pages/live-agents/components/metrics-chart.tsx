import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { CallReply } from "../../../../contract";
import { formatDayMonth, formatTime } from "../../../shell/format";

type Series = CallReply<"liveAgents.metrics">["data"]["series"];

/** Messages sent and conversations per bucket (bars), average response in minutes (line). Loaded lazily. */
export function MetricsChart({ series, hourly }: { series: Series; hourly: boolean }) {
  const data = series.map((s) => ({
    label: hourly ? formatTime(s.bucket) : formatDayMonth(s.bucket),
    messages: s.messagesSent,
    conversations: s.conversations,
    response: s.avgResponseMs === null ? null : Math.round((s.avgResponseMs / 60_000) * 10) / 10,
  }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
        <YAxis yAxisId="count" allowDecimals={false} tick={{ fontSize: 11 }} />
        <YAxis yAxisId="minutes" orientation="right" tick={{ fontSize: 11 }} unit=" min" />
        <Tooltip />
        <Legend />
        <Bar yAxisId="count" dataKey="messages" name="Messages sent" fill="#1677ff" radius={[3, 3, 0, 0]} />
        <Bar yAxisId="count" dataKey="conversations" name="Conversations" fill="#69b1ff" radius={[3, 3, 0, 0]} />
        <Line
          yAxisId="minutes"
          dataKey="response"
          name="Avg response (min)"
          stroke="#fa8c16"
          connectNulls
          dot={{ r: 3 }}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
