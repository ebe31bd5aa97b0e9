import { Badge, Calendar } from "antd";
import type { Dayjs } from "dayjs";
import { dayKey, formatTime } from "../../../shell/format";

const pad = (n: number) => String(n).padStart(2, "0");
/** A calendar cell's date as dayKey writes one ("05/12/2026"): cells are dates, not instants. */
const cellKey = (d: Dayjs) => `${pad(d.date())}/${pad(d.month() + 1)}/${d.year()}`;

/** The upcoming runs on a month's calendar (antd's Calendar: loaded with this file only, when a schedule opens). */
export function RunsCalendar({ runs }: { runs: readonly string[] }) {
  const byDay = new Map<string, string[]>();
  for (const r of runs) byDay.set(dayKey(r), [...(byDay.get(dayKey(r)) ?? []), r]);
  return (
    <Calendar
      fullscreen={false}
      cellRender={(date, info) => {
        if (info.type !== "date") return info.originNode;
        const at = byDay.get(cellKey(date));
        return at ? (
          <Badge status="processing" text={at.map((r) => formatTime(r)).join(", ")} style={{ fontSize: 11 }} />
        ) : null;
      }}
    />
  );
}
