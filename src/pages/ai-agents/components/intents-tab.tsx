import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { Alert, Button, Col, Empty, Popconfirm, Row, Space, Switch, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { IntentEditor } from "./intent-editor";
import { ACTION_COLOR, ACTION_LABEL } from "./labels";
import { TrySentence } from "./try-sentence";
import type { AgentApi, AgentRecord } from "./use-agent";
import { useIntents, type IntentRecord } from "./use-intents";

/** What customers mean: intents with their example phrases and actions, and the live console to try sentences. */
export function IntentsTab({ agent, api }: { agent: AgentRecord; api: AgentApi }) {
  const i = useIntents(agent._id, api);
  const [editing, setEditing] = useState<IntentRecord | "new" | null>(null);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
            New intent
          </Button>
          <Typography.Text type="secondary">The classifier retrains as soon as an intent changes.</Typography.Text>
        </Space>
        {i.error && (
          <Alert
            type="error"
            showIcon
            message="Could not load the intents"
            description={i.error.message}
            style={{ marginBottom: 12 }}
          />
        )}
        <Table<IntentRecord>
          rowKey="_id"
          size="middle"
          loading={i.loading}
          dataSource={i.intents}
          pagination={false}
          scroll={{ x: 640 }}
          locale={{
            emptyText: (
              <Empty description="No intents yet. Without intents the agent answers from knowledge only when a passage covers the question. Add intents such as order_status with ten example phrases each." />
            ),
          }}
          columns={[
            {
              title: "Intent",
              dataIndex: "name",
              render: (n: string, r) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{n}</Typography.Text>
                  <Typography.Text type="secondary">
                    {r.description || r.examples.slice(0, 2).join(" · ")}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: "Does",
              dataIndex: "action",
              width: 200,
              render: (a: IntentRecord["action"]) => <Tag color={ACTION_COLOR[a]}>{ACTION_LABEL[a]}</Tag>,
            },
            { title: "Examples", key: "n", width: 100, align: "right", render: (_, r) => r.examples.length },
            {
              title: "On",
              dataIndex: "enabled",
              width: 70,
              render: (on: boolean, r) => (
                <Switch
                  size="small"
                  checked={on}
                  aria-label={`${r.name} enabled`}
                  onChange={(v) => void i.setEnabled(r._id, v).catch(() => undefined)}
                />
              ),
            },
            {
              title: "",
              key: "actions",
              width: 100,
              fixed: "right",
              render: (_, r) => (
                <Space>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${r.name}`}
                    onClick={() => setEditing(r)}
                  />
                  <Popconfirm
                    title={`Delete ${r.name}?`}
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => i.remove(r._id).catch(() => undefined)}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${r.name}`} />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Col>
      <Col xs={24} xl={10}>
        <TrySentence i={i} />
      </Col>
      <IntentEditor
        open={editing !== null}
        intent={editing === "new" ? null : editing}
        saving={api.saving}
        onClose={() => setEditing(null)}
        onSave={(values) => i.save(values, editing && editing !== "new" ? editing._id : undefined)}
      />
    </Row>
  );
}
