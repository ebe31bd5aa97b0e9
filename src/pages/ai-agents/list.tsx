import { AppstoreAddOutlined, DeleteOutlined, PlusOutlined, RobotOutlined } from "@ant-design/icons";
import { Alert, Button, Empty, Input, Modal, Popconfirm, Space, Switch, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { areaPath } from "../../../resources/derive";
import { formatDateTime } from "../../shell/format";
import { useSession } from "../../state/session";
import { LazySchemaForm } from "../common/lazy-schema-form";
import { PageHeader } from "../common/page-header";
import { FORM_SCHEMAS } from "../common/validators/form-schemas";
import { AGENT_UI } from "./components/agent-form-ui";
import { CHANNEL_COLOR, CHANNEL_LABEL, SCOPE_LABEL } from "./components/labels";
import { useAiAgents, type AiAgent } from "./components/use-ai-agents";
import { ButtonLink } from "../../components/button-link";

/**
 * The AI Agent Hub: the account's agents, what each answers and how often it hands over; create one or start from a
 * template.
 */
export function AiAgentsList() {
  const role = useSession().user?.type;
  const navigate = useNavigate();
  const hub = useAiAgents();
  const [creating, setCreating] = useState(false);
  const agentPath = (id: string, tab?: string) =>
    `${role ? areaPath(role, "ai-agent-hub/agent") : "/"}?id=${encodeURIComponent(id)}${tab ? `&tab=${tab}` : ""}`;
  const marketplacePath = role ? areaPath(role, "marketplace") : "/";
  const empty = hub.loaded && !hub.error && hub.rows.length === 0 && !hub.search;

  return (
    <>
      <PageHeader
        description="AI agents answer your customers in Conversations from your own knowledge, and hand a conversation to your team when they should."
        extra={
          <>
            <ButtonLink to={marketplacePath} icon={<AppstoreAddOutlined />}>
              Browse templates
            </ButtonLink>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              New agent
            </Button>
          </>
        }
      />
      {hub.error && (
        <Alert
          type="error"
          showIcon
          message={hub.error}
          action={<Button onClick={hub.refetch}>Retry</Button>}
          style={{ marginBottom: 12 }}
        />
      )}
      {empty ? (
        <Empty
          image={<RobotOutlined style={{ fontSize: 56, color: "#8c8c8c" }} />}
          description={
            <Space direction="vertical" size={4}>
              <Typography.Text strong>No AI agents yet</Typography.Text>
              <Typography.Text type="secondary">
                Start from a ready-made template (order status, appointments, FAQ, lead qualification): it comes with
                intents and sample knowledge you can edit. Or create an empty agent and teach it yourself.
              </Typography.Text>
            </Space>
          }
        >
          <Space>
            <ButtonLink to={marketplacePath} type="primary" icon={<AppstoreAddOutlined />}>
              Choose a template
            </ButtonLink>
            <Button icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              Create from scratch
            </Button>
          </Space>
        </Empty>
      ) : (
        <>
          <Input.Search
            allowClear
            aria-label="Search agents"
            placeholder="Search by name"
            onSearch={hub.setSearch}
            style={{ maxWidth: 360, marginBottom: 12 }}
          />
          <Table<AiAgent>
            rowKey="_id"
            loading={hub.loading}
            dataSource={hub.rows}
            scroll={{ x: 960 }}
            locale={{ emptyText: <Empty description={hub.search ? "No agent matches that search" : "No agents"} /> }}
            pagination={{
              current: hub.page,
              pageSize: hub.pageSize,
              total: hub.total,
              onChange: hub.setPage,
              showTotal: (n) => `${n} agents`,
            }}
            columns={[
              {
                title: "Agent",
                dataIndex: "name",
                render: (name: string, a) => (
                  <Space direction="vertical" size={0}>
                    <Link to={agentPath(a._id)}>
                      <Typography.Text strong>{name}</Typography.Text>
                    </Link>
                    <Typography.Text type="secondary" ellipsis style={{ maxWidth: 320 }}>
                      {a.description || SCOPE_LABEL[a.scope]}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: "Channels",
                dataIndex: "channels",
                width: 190,
                render: (channels: AiAgent["channels"]) =>
                  channels.map((c) => (
                    <Tag key={c} color={CHANNEL_COLOR[c]}>
                      {CHANNEL_LABEL[c]}
                    </Tag>
                  )),
              },
              {
                title: "Knows",
                key: "knows",
                width: 170,
                render: (_, a) => (
                  <Typography.Text type="secondary">
                    {a.stats.passages} passages · {a.stats.intents} intents
                  </Typography.Text>
                ),
              },
              {
                title: "Answered / handed over",
                key: "answers",
                width: 200,
                render: (_, a) => (
                  <Space direction="vertical" size={0}>
                    <span>
                      {a.stats.answered} / {a.stats.handedOff}
                    </span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {a.stats.lastAnswerAt ? `last ${formatDateTime(a.stats.lastAnswerAt)}` : "no answers yet"}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: "Answering",
                dataIndex: "enabled",
                width: 110,
                render: (enabled: boolean, a) => (
                  <Switch
                    checked={enabled}
                    aria-label={`${a.name} answers customers`}
                    onChange={(on) => void hub.setEnabled(a._id, on).catch(() => undefined)}
                  />
                ),
              },
              {
                title: "",
                key: "actions",
                width: 170,
                fixed: "right",
                render: (_, a) => (
                  <Space>
                    <Button size="small" onClick={() => navigate(agentPath(a._id))}>
                      Open
                    </Button>
                    <Popconfirm
                      title={`Delete ${a.name}?`}
                      description="Its configurations, intents and own knowledge go with it; its conversations go back to your team."
                      okText="Delete"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => hub.remove(a._id).catch(() => undefined)}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${a.name}`} />
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </>
      )}
      <Modal
        open={creating}
        title="New AI agent"
        footer={null}
        onCancel={() => setCreating(false)}
        destroyOnHidden
        width={720}
      >
        <Typography.Paragraph type="secondary">
          Choose where it answers and which conversations it takes. It hands a conversation to your team when a customer
          asks for a person, when it is not sure, and outside what its knowledge covers.
        </Typography.Paragraph>
        <LazySchemaForm
          schema={FORM_SCHEMAS.aiAgent}
          uiSchema={AGENT_UI}
          submitText="Create agent"
          submitting={hub.saving}
          onCancel={() => setCreating(false)}
          onSubmit={async (values) => {
            try {
              const created = await hub.create(values);
              setCreating(false);
              if (created?.data) navigate(agentPath(created.data._id, "knowledge"));
            } catch {
              // The error toast has said why; the form keeps what was typed.
            }
          }}
        />
      </Modal>
    </>
  );
}
