import { Alert, Button, Card, DatePicker, Flex, Form, Modal, Radio, Select, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useMemo, useState } from "react";
import type { PreCheckRecord } from "../../../../../contract/calls/campaign-records";
import { timeZoneList } from "../../../../../contract/domain/time-zone";
import { displayTimeZone, formatCount, formatINR } from "../../../../shell/format";
import { startProblem } from "./check-step";
import { zonedInstant } from "./schedule-time";

/**
 * Step 6: start now (after a confirmation naming the cost) or schedule for a time in a chosen time zone (the person's
 * own first).
 */
export function ConfirmStep({
  name,
  check,
  busy,
  onStart,
  onSchedule,
}: {
  name: string;
  check?: PreCheckRecord;
  busy: boolean;
  onStart: () => Promise<void>;
  onSchedule: (at: string, tz: string) => Promise<void>;
}) {
  const [mode, setMode] = useState<"now" | "later">("now");
  const [when, setWhen] = useState<Dayjs | null>(null);
  const [zone, setZone] = useState(displayTimeZone);
  const [whenError, setWhenError] = useState<string | null>(null);
  const zones = useMemo(() => timeZoneList(displayTimeZone()).map((z) => ({ value: z, label: z })), []);
  const problem = startProblem(check);
  const cost = formatINR(check?.estimate.total ?? 0);
  const sendable = check?.sendable ?? 0;

  const confirmStart = () =>
    Modal.confirm({
      title: `Start “${name}” now?`,
      content: `${formatCount(sendable)} ${sendable === 1 ? "message" : "messages"} will be sent. ${cost} is held from your balance now; what is not spent is released at the end.`,
      okText: `Start and hold ${cost}`,
      onOk: () => onStart().catch(() => undefined),
    });

  const schedule = () => {
    if (!when) return setWhenError("Choose the date and time");
    const at = zonedInstant(
      { year: when.year(), month: when.month() + 1, day: when.date(), hour: when.hour(), minute: when.minute() },
      zone,
    );
    if (at.getTime() <= Date.now()) return setWhenError("Choose a time in the future");
    setWhenError(null);
    void onSchedule(at.toISOString(), zone).catch(() => undefined);
  };

  return (
    <Card>
      {problem && (
        <Alert
          type="error"
          showIcon
          message="This campaign cannot start yet"
          description={problem}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form layout="vertical">
        <Form.Item label="When">
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value as "now" | "later")}
            aria-label="When to send"
          >
            <Radio value="now">Start now</Radio>
            <Radio value="later">Schedule for later</Radio>
          </Radio.Group>
        </Form.Item>
        {mode === "later" && (
          <Flex gap={16} wrap>
            <Form.Item
              label="Date and time"
              htmlFor="schedule-at"
              required
              validateStatus={whenError ? "error" : undefined}
              help={whenError}
            >
              <DatePicker
                id="schedule-at"
                showTime={{ format: "HH:mm" }}
                format="YYYY-MM-DD HH:mm"
                value={when}
                onChange={setWhen}
              />
            </Form.Item>
            <Form.Item label="Time zone" htmlFor="schedule-zone" required>
              <Select
                id="schedule-zone"
                aria-label="Time zone"
                showSearch
                value={zone}
                onChange={setZone}
                options={zones}
                style={{ width: 260 }}
              />
            </Form.Item>
          </Flex>
        )}
        <Typography.Paragraph type="secondary">{`${cost} is held from your balance when the campaign starts (or is scheduled).`}</Typography.Paragraph>
        {mode === "now" ? (
          <Button type="primary" size="large" disabled={Boolean(problem)} loading={busy} onClick={confirmStart}>
            Start now
          </Button>
        ) : (
          <Button type="primary" size="large" disabled={Boolean(problem)} loading={busy} onClick={schedule}>
            Schedule
          </Button>
        )}
      </Form>
    </Card>
  );
}
