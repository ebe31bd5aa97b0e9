import {
  DeleteOutlined,
  EditOutlined,
  HistoryOutlined,
  KeyOutlined,
  MoreOutlined,
  PlusOutlined,
  SendOutlined,
} from "@ant-design/icons";
import { Alert, App, Button, Card, Dropdown, Empty, Space, Switch, Table, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { areaPath } from "../../../resources/derive";
import { WEBHOOK_EVENT_LABELS, type WebhookEvent } from "../../../contract/domain/webhooks";
import { useSession } from "../../state/session";
import { ApiControlNav } from "../common/api-control-nav";
import { PageHeader } from "../common/page-header";
import { EndpointHealth } from "./components/endpoint-health";
import { EndpointModal, type EndpointDialog } from "./components/endpoint-modal";
import { SecretModal } from "./components/secret-modal";
import { TestResultModal, type TestOutcome } from "./components/test-result-modal";
import { useWebhooks, type Endpoint, type IssuedSecret } from "./components/use-webhooks";

/** Short names of the events for the table; the form shows the long ones. */
const EVENT_TAGS: Record<WebhookEvent, { label: string; color: string }> = {
  "message.status": { label: "Receipts", color: "blue" },
  "message.inbound": { label: "Inbound", color: "purple" },
  "campaign.status": { label: "Campaigns", color: "cyan" },
  "campaign.alert": { label: "Alerts", color: "red" },
  "contact.updated": { label: "Contacts", color: "green" },
  "contact.opted_out": { label: "Opt-outs", color: "volcano" },
};

/** API Control → Webhooks: the account's endpoints, their health, and add, edit, test, rotate and delete. */
export function WebhooksList() {
  const hooks = useWebhooks();
  const role = useSession().user?.type;
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<EndpointDialog>(null);
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  const [tested, setTested] = useState<TestOutcome | null>(null);
  const openLog = (endpointId: string) =>
    role && navigate(`${areaPath(role, "api-management/webhooks/deliveries")}?endpointId=${endpointId}`);

  const confirmRotate = (e: Endpoint) =>
    modal.confirm({
      title: "Rotate the signing secret?",
      content: `A new secret for ${e.url} is shown once. The old one keeps signing for 24 hours, so you can update your receiver first.`,
      okText: "Rotate secret",
      onOk: async () => setIssued(await hooks.rotate(e.id).catch(() => null)),
    });
  const confirmDelete = (e: Endpoint) =>
    modal.confirm({
      title: "Delete this endpoint?",
      content: `Nothing more is sent to ${e.url}, and its delivery log is deleted too. This cannot be undone.`,
      okText: "Delete",
      okButtonProps: { danger: true },
      onOk: () => hooks.remove(e.id).catch(() => undefined),
    });

  const test = async (e: Endpoint) => {
    try {
      setTested({ endpointId: e.id, url: e.url, reply: await hooks.test(e.id) });
    } catch {
      // The error toast has said why.
    }
  };

  return (
    <>
      <ApiControlNav />
      <PageHeader
        description="Receive delivery receipts, customer messages and campaign changes at your own URL, signed so you can trust them."
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: "create" })}>
            Add endpoint
          </Button>
        }
      />
      {hooks.error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={hooks.error}
          action={
            <Button size="small" onClick={hooks.refetch}>
              Retry
            </Button>
          }
        />
      )}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<Endpoint>
          rowKey="id"
          dataSource={hooks.rows}
          loading={hooks.loading}
          scroll={{ x: 960 }}
          pagination={{
            current: hooks.page,
            pageSize: hooks.pageSize,
            total: hooks.total,
            onChange: hooks.setPage,
            hideOnSinglePage: true,
            showTotal: (n) => `${n} endpoints`,
          }}
          locale={{
            emptyText: (
              <Empty description="No webhook endpoints yet. Add one to hear about receipts, replies and campaigns as they happen.">
                <Button type="primary" onClick={() => setDialog({ kind: "create" })}>
                  Add endpoint
                </Button>
              </Empty>
            ),
          }}
          columns={[
            {
              title: "Endpoint",
              key: "url",
              render: (_, e) => (
                <Space direction="vertical" size={2}>
                  <Typography.Text
                    strong
                    copyable={{ text: e.url, tooltips: ["Copy URL", "Copied"] }}
                    style={{ wordBreak: "break-all" }}
                  >
                    {e.url}
                  </Typography.Text>
                  {e.description && <Typography.Text type="secondary">{e.description}</Typography.Text>}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    Secret{" "}
                    <Typography.Text code style={{ fontSize: 12 }}>
                      {e.secretHint}
                    </Typography.Text>
                    {e.previousSecretUntil && " · the old one also signs for a day"}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: "Events",
              dataIndex: "events",
              width: 160,
              render: (events: WebhookEvent[]) => (
                <Space size={[0, 4]} wrap>
                  {events.map((ev) => (
                    <Tooltip key={ev} title={WEBHOOK_EVENT_LABELS[ev]}>
                      <Tag color={EVENT_TAGS[ev].color}>{EVENT_TAGS[ev].label}</Tag>
                    </Tooltip>
                  ))}
                </Space>
              ),
            },
            {
              title: "Active",
              dataIndex: "active",
              width: 80,
              render: (active: boolean, e) => (
                <Switch
                  checked={active}
                  size="small"
                  aria-label={`${active ? "Pause" : "Resume"} ${e.url}`}
                  disabled={hooks.saving}
                  onChange={(on) => void hooks.update(e.id, { active: on }).catch(() => undefined)}
                />
              ),
            },
            { title: "Last delivery", key: "health", width: 150, render: (_, e) => <EndpointHealth endpoint={e} /> },
            {
              title: "",
              key: "actions",
              width: 280,
              render: (_, e) => (
                <Space size={6}>
                  <Button
                    size="small"
                    icon={<SendOutlined />}
                    loading={hooks.testing === e.id}
                    onClick={() => void test(e)}
                  >
                    Send test
                  </Button>
                  <Button size="small" icon={<HistoryOutlined />} onClick={() => openLog(e.id)}>
                    Delivery log
                  </Button>
                  <Dropdown
                    trigger={["click"]}
                    menu={{
                      items: [
                        { key: "edit", icon: <EditOutlined />, label: "Edit" },
                        { key: "rotate", icon: <KeyOutlined />, label: "Rotate secret" },
                        { type: "divider" },
                        { key: "delete", icon: <DeleteOutlined />, label: "Delete", danger: true },
                      ],
                      onClick: ({ key }) => {
                        if (key === "edit") setDialog({ kind: "edit", endpoint: e });
                        if (key === "rotate") confirmRotate(e);
                        if (key === "delete") confirmDelete(e);
                      },
                    }}
                  >
                    <Button size="small" icon={<MoreOutlined />} aria-label={`More actions for ${e.url}`} />
                  </Dropdown>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <EndpointModal
        dialog={dialog}
        saving={hooks.saving}
        onClose={() => setDialog(null)}
        onSubmit={async (values) => {
          try {
            if (dialog?.kind === "edit") await hooks.update(dialog.endpoint.id, values);
            else setIssued(await hooks.create(values));
            setDialog(null);
          } catch {
            // The error toast has said why; the form keeps what was typed.
          }
        }}
      />
      <SecretModal issued={issued} onClose={() => setIssued(null)} />
      <TestResultModal
        outcome={tested}
        onClose={() => setTested(null)}
        onOpenLog={(id) => {
          setTested(null);
          openLog(id);
        }}
      />
    </>
  );
}
