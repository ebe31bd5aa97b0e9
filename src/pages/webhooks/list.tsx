import { DeleteOutlined, EditOutlined, HistoryOutlined, KeyOutlined, PlusOutlined, SendOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Empty, Popconfirm, Space, Switch, Table, Tag, Tooltip, Typography } from "antd";
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
};

/** API Control → Webhooks: the account's endpoints, their health, and add, edit, test, rotate and delete. */
export function WebhooksList() {
  const hooks = useWebhooks();
  const role = useSession().user?.type;
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<EndpointDialog>(null);
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  const [tested, setTested] = useState<TestOutcome | null>(null);
  const openLog = (endpointId: string) => role && navigate(`${areaPath(role, "api-management/webhooks/deliveries")}?endpointId=${endpointId}`);

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
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={hooks.error} action={<Button size="small" onClick={hooks.refetch}>Retry</Button>} />
      )}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<Endpoint>
          rowKey="id"
          dataSource={hooks.rows}
          loading={hooks.loading}
          scroll={{ x: 1000 }}
          pagination={{ current: hooks.page, pageSize: hooks.pageSize, total: hooks.total, onChange: hooks.setPage, hideOnSinglePage: true, showTotal: (n) => `${n} endpoints` }}
          locale={{
            emptyText: (
              <Empty description="No webhook endpoints yet. Add one to hear about receipts, replies and campaigns as they happen.">
                <Button type="primary" onClick={() => setDialog({ kind: "create" })}>Add endpoint</Button>
              </Empty>
            ),
          }}
          columns={[
            {
              title: "Endpoint",
              key: "url",
              render: (_, e) => (
                <Space direction="vertical" size={0} style={{ maxWidth: 380 }}>
                  <Typography.Text code copyable={{ text: e.url }} ellipsis={{ tooltip: e.url }} style={{ maxWidth: 360 }}>{e.url}</Typography.Text>
                  {e.description && <Typography.Text type="secondary">{e.description}</Typography.Text>}
                </Space>
              ),
            },
            {
              title: "Events",
              dataIndex: "events",
              width: 230,
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
              width: 90,
              render: (active: boolean, e) => (
                <Switch checked={active} size="small" aria-label={`${active ? "Pause" : "Resume"} ${e.url}`} disabled={hooks.saving} onChange={(on) => void hooks.update(e.id, { active: on }).catch(() => undefined)} />
              ),
            },
            { title: "Last delivery", key: "health", width: 190, render: (_, e) => <EndpointHealth endpoint={e} /> },
            {
              title: "Secret",
              dataIndex: "secretHint",
              width: 150,
              render: (hint: string, e) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text code>{hint}</Typography.Text>
                  {e.previousSecretUntil && <Typography.Text type="secondary" style={{ fontSize: 12 }}>Old one also signs for a day</Typography.Text>}
                </Space>
              ),
            },
            {
              title: "",
              key: "actions",
              width: 300,
              fixed: "right",
              render: (_, e) => (
                <Space wrap size={6}>
                  <Button size="small" icon={<SendOutlined />} loading={hooks.testing === e.id} onClick={() => void test(e)}>
                    Send test
                  </Button>
                  <Button size="small" icon={<HistoryOutlined />} onClick={() => openLog(e.id)}>
                    Delivery log
                  </Button>
                  <Tooltip title="Edit">
                    <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${e.url}`} onClick={() => setDialog({ kind: "edit", endpoint: e })} />
                  </Tooltip>
                  <Popconfirm
                    title="Rotate the signing secret?"
                    description="You get a new secret now; the old one keeps signing for 24 hours."
                    okText="Rotate"
                    onConfirm={async () => setIssued(await hooks.rotate(e.id).catch(() => null))}
                  >
                    <Tooltip title="Rotate secret">
                      <Button size="small" icon={<KeyOutlined />} aria-label={`Rotate the secret of ${e.url}`} />
                    </Tooltip>
                  </Popconfirm>
                  <Popconfirm
                    title="Delete this endpoint?"
                    description="Nothing more is sent to it, and its delivery log is deleted too."
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => hooks.remove(e.id).catch(() => undefined)}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${e.url}`} />
                  </Popconfirm>
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
      <TestResultModal outcome={tested} onClose={() => setTested(null)} onOpenLog={(id) => { setTested(null); openLog(id); }} />
    </>
  );
}
