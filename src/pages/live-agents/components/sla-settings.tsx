import { Button, Card, Checkbox, Flex, Form, Input, InputNumber, Select, Skeleton, Switch, Typography } from "antd";
import { useEffect, useMemo } from "react";
import { MSG, type CallReply } from "../../../../contract";
import { WEEKDAYS, type WeekHours } from "../../../../contract/domain/business-hours";
import { timeZoneList } from "../../../../contract/domain/time-zone";
import { useCall, useCallMutation } from "../../../api";
import { toast } from "../../../components/toast";

type Sla = CallReply<"chats.sla">["data"];

interface DayRow {
  open: boolean;
  from: string;
  to: string;
}
interface Values {
  timeZone: string;
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
  hoursOn: boolean;
  days: DayRow[];
  holidays: string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Monday to Friday 09:00–18:00: what switching business hours on starts from. */
const WORKWEEK: DayRow[] = WEEKDAYS.map((_, i) => ({ open: i > 0 && i < 6, from: "09:00", to: "18:00" }));

const toValues = (s: Sla): Values => ({
  timeZone: s.timeZone,
  firstResponseMinutes: s.firstResponseMinutes,
  resolutionMinutes: s.resolutionMinutes,
  hoursOn: s.businessHours !== null,
  days: s.businessHours
    ? s.businessHours.map((d) => ({
        open: d !== null,
        from: d?.open ?? "09:00",
        to: d?.close === "24:00" ? "00:00" : (d?.close ?? "18:00"),
      }))
    : WORKWEEK,
  holidays: s.holidays,
});

// A native time field cannot say 24:00: a day closing at 00:00 closes at midnight, at its end.
const toWeek = (days: DayRow[]): WeekHours =>
  days.map((d) => (d.open ? { open: d.from, close: d.to === "00:00" ? "24:00" : d.to } : null));

/**
 * The account's SLA: first-response and resolution targets in working minutes, counted over its business hours (or
 * every hour) in its time zone, holidays excepted. Conversations' clocks take the new due times when saved.
 */
export function SlaSettings() {
  const { query } = useCall("chats.sla", {}, { errorNotification: false });
  const save = useCallMutation("chats.slaSave");
  const [form] = Form.useForm<Values>();
  const current = query.data?.data.data;
  const hoursOn = Form.useWatch("hoursOn", form);
  const zones = useMemo(
    () => timeZoneList(current?.timeZone ?? "Asia/Kolkata").map((z) => ({ value: z, label: z.replace(/_/g, " ") })),
    [current?.timeZone],
  );
  useEffect(() => {
    if (current) form.setFieldsValue(toValues(current));
  }, [current, form]);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!current) return null;
  const submit = async (v: Values) => {
    try {
      await save.mutateAsync({
        body: {
          timeZone: v.timeZone,
          firstResponseMinutes: v.firstResponseMinutes ?? null,
          resolutionMinutes: v.resolutionMinutes ?? null,
          businessHours: v.hoursOn ? toWeek(v.days) : null,
          holidays: v.holidays,
        },
        errorNotification: false,
      });
      toast.success("SLA saved");
      void query.refetch();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : MSG.somethingWrong);
    }
  };
  return (
    <Card size="small" title="SLA and business hours" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        Targets count working time only. The inbox shows the time left and marks breaches; you are notified of each.
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={toValues(current)} onFinish={(v) => void submit(v)}>
        <Flex gap={16} wrap align="flex-end">
          <Form.Item name="firstResponseMinutes" label="First response within (minutes)">
            <InputNumber min={1} max={525600} precision={0} placeholder="No target" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="resolutionMinutes" label="Resolve within (minutes)">
            <InputNumber min={1} max={525600} precision={0} placeholder="No target" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="timeZone" label="Time zone">
            <Select showSearch options={zones} style={{ width: 220 }} aria-label="Time zone" />
          </Form.Item>
          <Form.Item name="hoursOn" label="Business hours" valuePropName="checked">
            <Switch checkedChildren="Set" unCheckedChildren="All hours" aria-label="Business hours" />
          </Form.Item>
        </Flex>
        {hoursOn && (
          <Form.List name="days">
            {(fields) => (
              <Flex vertical gap={4} style={{ marginBottom: 12 }} role="group" aria-label="Weekly hours">
                {fields.map((field, i) => (
                  <Flex key={field.key} gap={12} align="center">
                    <Form.Item name={[field.name, "open"]} valuePropName="checked" noStyle>
                      <Checkbox style={{ width: 120 }}>{WEEKDAYS[i]}</Checkbox>
                    </Form.Item>
                    <Form.Item name={[field.name, "from"]} noStyle>
                      <Input type="time" aria-label={`${WEEKDAYS[i]} opens`} style={{ width: 130 }} />
                    </Form.Item>
                    <Typography.Text type="secondary">to</Typography.Text>
                    <Form.Item name={[field.name, "to"]} noStyle>
                      <Input type="time" aria-label={`${WEEKDAYS[i]} closes`} style={{ width: 130 }} />
                    </Form.Item>
                  </Flex>
                ))}
              </Flex>
            )}
          </Form.List>
        )}
        <Form.Item
          name="holidays"
          label="Holidays (YYYY-MM-DD)"
          rules={[
            {
              validator: (_, v: string[] = []) =>
                v.every((d) => DATE.test(d))
                  ? Promise.resolve()
                  : Promise.reject(new Error("Write dates as 2027-01-26")),
            },
          ]}
        >
          <Select
            mode="tags"
            tokenSeparators={[",", " "]}
            placeholder="Type a date, then Enter"
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save SLA
        </Button>
      </Form>
    </Card>
  );
}
