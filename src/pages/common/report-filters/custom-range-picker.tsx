import { DatePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { DASHBOARD_MAX_DAYS, presetDays } from "../../../../contract/domain/dashboards";

const DAY = "YYYY-MM-DD";

/**
 * Two days, at most a year apart, none after today (India's day, like every report). Its own chunk: only a
 * custom range needs the picker. With no range yet it opens on last month and this one: antd's default (this month
 * and the next, all of it in the future) left a range that began last month, such as the last 7 days early in a
 * month, a click away.
 */
export function CustomRangePicker({
  from,
  to,
  onChange,
}: {
  from?: string;
  to?: string;
  onChange: (from: string, to: string) => void;
}) {
  const today = presetDays("today").to;
  const [first, setFirst] = useState<Dayjs | null>(null);
  return (
    <DatePicker.RangePicker
      aria-label="Custom range"
      size="middle"
      allowClear={false}
      defaultOpen
      autoFocus
      value={from && to ? [dayjs(from), dayjs(to)] : undefined}
      defaultPickerValue={[dayjs(today).subtract(1, "month"), dayjs(today)]}
      onCalendarChange={(dates) => setFirst(dates?.[0] ?? null)}
      disabledDate={(d) =>
        d.format(DAY) > today || (first !== null && Math.abs(d.diff(first, "day")) >= DASHBOARD_MAX_DAYS)
      }
      onChange={(dates) => {
        const [start, end] = dates ?? [];
        if (start && end) onChange(start.format(DAY), end.format(DAY));
      }}
    />
  );
}
