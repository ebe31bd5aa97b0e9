import { Alert, Checkbox, DatePicker, Flex, Form, Input, InputNumber, List, Segmented, Select, Typography } from "antd";
import dayjs from "dayjs";
import { useMemo } from "react";
import {
  describeRule,
  nextOccurrences,
  ruleProblems,
  WEEKDAY_SHORT,
  type ScheduleFrequency,
  type ScheduleRule,
} from "../../../../contract/domain/schedules";
import { timeZoneList } from "../../../../contract/domain/time-zone";
import { formatDateTime } from "../../../shell/format";

const PREVIEW_RUNS = 5;
/** Monday first, as Indian calendars read. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** The rule builder: frequency, days, time, zone and end date, with the next runs computed as it changes. */
export function RuleFields({ rule, onChange }: { rule: ScheduleRule; onChange: (rule: ScheduleRule) => void }) {
  const zones = useMemo(() => timeZoneList(rule.timeZone).map((z) => ({ value: z, label: z })), [rule.timeZone]);
  const problems = ruleProblems(rule);
  const runs = problems.length ? [] : nextOccurrences(rule, new Date(), PREVIEW_RUNS);
  const set = (patch: Partial<ScheduleRule>) => onChange({ ...rule, ...patch });
  return (
    <>
      <Form.Item label="Repeat" required>
        <Segmented<ScheduleFrequency>
          aria-label="Repeat"
          value={rule.frequency}
          options={[
            { value: "daily", label: "Daily" },
            { value: "weekly", label: "Weekly" },
            { value: "monthly", label: "Monthly" },
          ]}
          onChange={(frequency) =>
            set({
              frequency,
              daysOfWeek: frequency === "weekly" ? (rule.daysOfWeek ?? [1]) : undefined,
              dayOfMonth: frequency === "monthly" ? (rule.dayOfMonth ?? 1) : undefined,
            })
          }
        />
      </Form.Item>
      {rule.frequency === "weekly" && (
        <Form.Item label="On" required>
          <Checkbox.Group
            aria-label="Days of the week"
            value={rule.daysOfWeek ?? []}
            options={WEEK_ORDER.map((d) => ({ value: d, label: WEEKDAY_SHORT[d] }))}
            onChange={(days) => set({ daysOfWeek: (days as number[]).slice().sort((a, b) => a - b) })}
          />
        </Form.Item>
      )}
      {rule.frequency === "monthly" && (
        <Form.Item
          label="Day of the month"
          htmlFor="schedule-day"
          required
          extra="A month without this day (31 in April, 29–31 in February) runs on its last day."
        >
          <InputNumber
            id="schedule-day"
            min={1}
            max={31}
            value={rule.dayOfMonth ?? 1}
            onChange={(v) => set({ dayOfMonth: v ?? 1 })}
          />
        </Form.Item>
      )}
      <Flex gap={16} wrap>
        <Form.Item label="At" htmlFor="schedule-time" required>
          <Input id="schedule-time" type="time" value={rule.time} onChange={(e) => set({ time: e.target.value })} />
        </Form.Item>
        <Form.Item label="Time zone" htmlFor="schedule-zone" required style={{ minWidth: 240, flex: 1 }}>
          <Select
            id="schedule-zone"
            showSearch
            value={rule.timeZone}
            options={zones}
            onChange={(timeZone: string) => set({ timeZone })}
          />
        </Form.Item>
        <Form.Item label="Until (optional)" htmlFor="schedule-end">
          <DatePicker
            id="schedule-end"
            format="DD/MM/YYYY"
            placeholder="DD/MM/YYYY"
            value={rule.endDate ? dayjs(rule.endDate) : null}
            // A rule's end date is a calendar day in its zone: kept as YYYY-MM-DD, shown the Indian way.
            onChange={(day) => set({ endDate: day ? day.format("YYYY-MM-DD") : null })}
          />
        </Form.Item>
      </Flex>
      {problems.length > 0 ? (
        <Alert type="warning" showIcon message={problems.map((p) => p.message).join("; ")} />
      ) : (
        <div aria-live="polite">
          <Typography.Text strong>{describeRule(rule)}</Typography.Text>
          <List
            size="small"
            header={<Typography.Text type="secondary">Next runs</Typography.Text>}
            dataSource={runs}
            locale={{ emptyText: "No run left before the end date" }}
            renderItem={(d) => <List.Item>{formatDateTime(d.toISOString())}</List.Item>}
          />
          <Typography.Text type="secondary">
            Times are shown in your time zone. Runs missed while a schedule is paused are not made up.
          </Typography.Text>
        </div>
      )}
    </>
  );
}
