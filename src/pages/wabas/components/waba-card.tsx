import { Card, Descriptions, Table, Tag, Typography } from "antd";
import type { WabaPhoneNumber, WabaRecord } from "../../../../contract";
import { formatDateTime } from "../../../shell/format";
import { QualityTag } from "./quality-tag";

const COLUMNS = [
  {
    title: "Number",
    dataIndex: "display_phone_number",
    key: "number",
    render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
  },
  { title: "Verified name", dataIndex: "verified_name", key: "name" },
  {
    title: "Quality",
    dataIndex: "quality_rating",
    key: "quality",
    render: (v: WabaPhoneNumber["quality_rating"]) => <QualityTag rating={v} />,
  },
  {
    title: "Mode",
    dataIndex: "account_mode",
    key: "mode",
    render: (v: string) => <Tag color={v === "LIVE" ? "blue" : "purple"}>{v === "LIVE" ? "Live" : "Sandbox"}</Tag>,
  },
  {
    title: "Phone number ID",
    dataIndex: "id",
    key: "id",
    render: (v: string) => (
      <Typography.Text copyable code style={{ fontSize: 12 }}>
        {v}
      </Typography.Text>
    ),
  },
];

const PROVIDERS: Readonly<Record<string, string>> = {
  sandbox: "Sandbox (simulated)",
  whatsapp_cloud: "WhatsApp Cloud API",
};

/** One connected WABA: who it is at the provider and its numbers. */
export function WabaCard({ waba }: { waba: WabaRecord }) {
  return (
    <Card title={waba.name} extra={<Tag color="green">Connected</Tag>} styles={{ body: { paddingTop: 12 } }}>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="WABA ID">
          <Typography.Text copyable>{waba.waba_id}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Provider">{PROVIDERS[waba.provider] ?? waba.provider}</Descriptions.Item>
        <Descriptions.Item label="Connected">{formatDateTime(waba.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Table<WabaPhoneNumber>
        rowKey="id"
        size="small"
        pagination={false}
        columns={COLUMNS}
        dataSource={waba.phone_numbers}
        scroll={{ x: 720 }}
      />
    </Card>
  );
}
