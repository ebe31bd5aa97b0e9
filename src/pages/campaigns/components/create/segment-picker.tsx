import { Form, Select, Spin, Typography } from "antd";
import { useCall } from "../../../../api";
import { formatCount } from "../../../../shell/format";

/**
 * A saved segment as the audience: picked by name, with its count now. The campaign reads the segment when its
 * audience is read and keeps those contacts as its recipients, so the count may move until then.
 */
export function SegmentPicker({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (id: string) => void;
}) {
  const list = useCall("contacts.segments.list", {}, { errorNotification: false }).query;
  const segments = list.data?.data.data ?? [];
  const count = useCall(
    "contacts.segments.count",
    { params: { id: value } },
    { errorNotification: false, queryOptions: { enabled: Boolean(value) } },
  ).query;
  return (
    <Form.Item
      label="Segment"
      htmlFor="audience-segment"
      validateStatus={error ? "error" : undefined}
      help={error}
      extra="Its contacts when the audience is read become the recipients; contacts added later are not."
    >
      <Select
        id="audience-segment"
        showSearch
        optionFilterProp="label"
        loading={list.isLoading}
        placeholder="Choose a segment"
        value={value || undefined}
        onChange={onChange}
        options={segments.map((s) => ({ value: s.id, label: s.name }))}
        notFoundContent={
          list.isLoading ? (
            <Spin size="small" />
          ) : (
            <Typography.Text type="secondary">No segments yet: build one under Contacts, Segments</Typography.Text>
          )
        }
      />
      {value && (
        <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }} data-testid="segment-count">
          {count.isLoading ? (
            <Spin size="small" />
          ) : (
            `${count.data ? formatCount(count.data.data.count) : "—"} contacts in this segment now`
          )}
        </Typography.Paragraph>
      )}
    </Form.Item>
  );
}
