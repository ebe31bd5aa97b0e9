import { SearchOutlined } from "@ant-design/icons";
import { Button, DatePicker, Form, Input, Select } from "antd";
import type { Dayjs } from "dayjs";
import { LOG_CHANNELS, LOG_KINDS, LOG_KIND_LABELS, LOG_STATUSES } from "../../../../contract/domain/message-log";
import type { LogSearch } from "./use-message-log";
import { dayStart } from "./zone-day";

interface FormValues {
  number?: string;
  id?: string;
  status?: LogSearch["status"];
  channel?: LogSearch["channel"];
  kind?: LogSearch["kind"];
  days?: [Dayjs | null, Dayjs | null] | null;
}

/** Days are picked and shown the Indian way; the query takes ISO instants (the day's start in the person's zone). */
const SHOWN = "DD/MM/YYYY";
const ISO_DAY = "YYYY-MM-DD";

const CHANNEL_LABELS: Record<(typeof LOG_CHANNELS)[number], string> = { rcs: "RCS", sms: "SMS", whatsapp: "WhatsApp" };
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The log's search: number (full or some digits), id (ours or the provider's), status, channel, kind and a range of
 * days in the person's zone. A campaign filter comes from the campaign's report and stays until cleared.
 */
export function LogSearchForm({
  initial,
  campaignId,
  onSearch,
}: {
  initial: LogSearch;
  campaignId?: string;
  onSearch: (search: LogSearch) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const submit = (v: FormValues) => {
    const [first, last] = v.days ?? [];
    onSearch({
      number: v.number?.trim() || undefined,
      id: v.id?.trim() || undefined,
      status: v.status,
      channel: v.channel,
      kind: v.kind,
      campaignId,
      from: first ? dayStart(first.format(ISO_DAY)) : undefined,
      to: last ? dayStart(last.format(ISO_DAY), 1) : undefined,
    });
  };
  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      initialValues={{ number: initial.number, id: initial.id, status: initial.status }}
      onFinish={submit}
      style={{ rowGap: 12 }}
    >
      <Form.Item label="Number" name="number" htmlFor="log-number">
        <Input id="log-number" allowClear placeholder="+91 98765 43210 or 4321" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="Message id" name="id" htmlFor="log-id">
        <Input id="log-id" allowClear placeholder="Ours or the provider's" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="Status" name="status" htmlFor="log-status">
        <Select
          id="log-status"
          allowClear
          placeholder="Any"
          style={{ width: 130 }}
          options={LOG_STATUSES.map((s) => ({ value: s, label: capital(s) }))}
        />
      </Form.Item>
      <Form.Item label="Channel" name="channel" htmlFor="log-channel">
        <Select
          id="log-channel"
          allowClear
          placeholder="Any"
          style={{ width: 130 }}
          options={LOG_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))}
        />
      </Form.Item>
      <Form.Item label="Sent by" name="kind" htmlFor="log-kind">
        <Select
          id="log-kind"
          allowClear
          placeholder="Any"
          style={{ width: 150 }}
          options={LOG_KINDS.map((k) => ({ value: k, label: LOG_KIND_LABELS[k] }))}
        />
      </Form.Item>
      <Form.Item label="Dates" name="days" htmlFor="log-days">
        <DatePicker.RangePicker
          id="log-days"
          format={SHOWN}
          allowEmpty={[true, true]}
          placeholder={["From DD/MM/YYYY", "To DD/MM/YYYY"]}
          aria-label="Dates sent, from and to"
          style={{ width: 340 }}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          Search
        </Button>
      </Form.Item>
    </Form>
  );
}
