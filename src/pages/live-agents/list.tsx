import { DashboardOutlined, DeleteOutlined, LineChartOutlined, MailOutlined, UserAddOutlined } from "@ant-design/icons";
import { Alert, Button, Empty, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { formatDateTime } from "../../shell/format";
import { LazySchemaForm } from "../common/lazy-schema-form";
import { PageHeader } from "../common/page-header";
import { FORM_SCHEMAS } from "../common/validators/form-schemas";
import { AutoAssignment } from "./components/auto-assignment";
import { CsatSettings } from "./components/csat-settings";
import { MetricsDrawer } from "./components/metrics-drawer";
import { PresenceBadge } from "./components/presence-badge";
import { SlaSettings } from "./components/sla-settings";
import { useAgents, type Agent } from "./components/use-agents";

/** Team Members: the people answering conversations, their presence live, invitations, and each one's monitoring. */
export function LiveAgentsList() {
  const team = useAgents();
  const [dialog, setDialog] = useState<"invite" | "create" | null>(null);
  const [watching, setWatching] = useState<Agent | null>(null);
  const navigate = useNavigate();

  return (
    <>
      <PageHeader
        description="Invite the people who answer your customers. Presence updates live; open a member to see their response times."
        extra={
          <>
            <Button icon={<DashboardOutlined />} onClick={() => navigate("wallboard", { relative: "path" })}>
              Wallboard
            </Button>
            <Button icon={<MailOutlined />} onClick={() => setDialog("invite")}>
              Invite member
            </Button>
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setDialog("create")}>
              Add member
            </Button>
          </>
        }
      />
      <AutoAssignment />
      <SlaSettings />
      <CsatSettings />
      <Input.Search
        allowClear
        aria-label="Search members"
        placeholder="Search by name or email"
        onSearch={team.setSearch}
        style={{ maxWidth: 360, marginBottom: 12 }}
      />
      {team.error && (
        <Alert
          type="error"
          showIcon
          message={team.error}
          action={<Button onClick={team.refetch}>Retry</Button>}
          style={{ marginBottom: 12 }}
        />
      )}
      <Table<Agent>
        rowKey="_id"
        loading={team.loading}
        dataSource={team.rows}
        scroll={{ x: 800 }}
        locale={{
          emptyText: (
            <Empty
              description={team.search ? "No member matches that search" : "No team members yet. Invite the first one."}
            />
          ),
        }}
        pagination={
          team.search
            ? false
            : {
                current: team.page,
                pageSize: team.pageSize,
                total: team.total,
                onChange: team.setPage,
                showTotal: (n) => `${n} members`,
              }
        }
        columns={[
          {
            title: "Name",
            dataIndex: "name",
            render: (name: string, a) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{name}</Typography.Text>
                <Typography.Text type="secondary">{a.email}</Typography.Text>
              </Space>
            ),
          },
          {
            title: "Status",
            dataIndex: "status",
            width: 110,
            render: (s: Agent["status"]) =>
              s === "active" ? <Tag color="green">Active</Tag> : <Tag color="gold">Invited</Tag>,
          },
          {
            title: "Presence",
            dataIndex: "presence",
            width: 120,
            render: (p: Agent["presence"]) => <PresenceBadge presence={p} />,
          },
          { title: "Open conversations", dataIndex: "openConversations", width: 170, align: "right" },
          {
            title: "Last seen",
            dataIndex: "lastSeenAt",
            width: 190,
            render: (v: string | null) => (v ? formatDateTime(v) : "—"),
          },
          {
            title: "",
            key: "actions",
            width: 190,
            fixed: "right",
            render: (_, a) => (
              <Space>
                <Button
                  size="small"
                  icon={<LineChartOutlined />}
                  onClick={() => setWatching(a)}
                  disabled={a.status !== "active"}
                >
                  Monitor
                </Button>
                <Popconfirm
                  title={`Remove ${a.name}?`}
                  description="Their conversations go back to the team and their sign-in stops working."
                  okText="Remove"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => team.remove(a._id)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Remove ${a.name}`} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={dialog !== null}
        title={dialog === "invite" ? "Invite a team member" : "Add a team member"}
        footer={null}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        {dialog === "invite" && (
          <Typography.Paragraph type="secondary">
            We mail them a link to choose their username and password. It works for 7 days.
          </Typography.Paragraph>
        )}
        {dialog && (
          <LazySchemaForm
            key={dialog}
            schema={dialog === "invite" ? FORM_SCHEMAS.liveAgentInvite : FORM_SCHEMAS.liveAgentCreate}
            uiSchema={{ password: { "ui:widget": "password" }, email: { "ui:options": { inputType: "email" } } }}
            submitText={dialog === "invite" ? "Send invitation" : "Add member"}
            submitting={team.saving}
            onCancel={() => setDialog(null)}
            onSubmit={async (values) => {
              try {
                await (dialog === "invite" ? team.invite(values) : team.create(values));
                setDialog(null);
              } catch {
                // The error toast has said why; the form keeps what was typed.
              }
            }}
          />
        )}
      </Modal>
      <MetricsDrawer agent={watching} onClose={() => setWatching(null)} />
    </>
  );
}
