import { SearchOutlined } from "@ant-design/icons";
import { Button, Form, Input, Select } from "antd";
import { LOG_CHANNELS, LOG_KINDS, LOG_KIND_LABELS, LOG_STATUSES } from "../../../../contract/domain/message-log";
import type { LogSearch } from "./use-message-log";
import { dayStart } from "./zone-day";

interface FormValues {
  number?: string;
  id?: string;
  status?: LogSearch["status"];
  channel?: LogSearch["channel"];
  kind?: LogSearch["kind"];
  fromDay?: string;
  toDay?: string;
}

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
  const submit = (v: FormValues) =>
    onSearch({
      number: v.number?.trim() || undefined,
      id: v.id?.trim() || undefined,
      status: v.status,
      channel: v.channel,
      kind: v.kind,
      campaignId,
      from: v.fromDay ? dayStart(v.fromDay) : undefined,
      to: v.toDay ? dayStart(v.toDay, 1) : undefined,
    });
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
      <Form.Item label="From" name="fromDay" htmlFor="log-from">
        <Input id="log-from" type="date" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="To" name="toDay" htmlFor="log-to">
        <Input id="log-to" type="date" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          Search
        </Button>
      </Form.Item>
    </Form>
  );
}
