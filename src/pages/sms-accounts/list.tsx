import { EditOutlined, ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Empty, Flex, Popconfirm, Space, Switch, Table, Tag, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { PageHeader } from "../common/page-header";
import { RegistrationModal } from "./components/registration-modal";
import { SmsProvidersSection } from "./components/sms-providers-section";
import { useSmsAccounts, type SmsAccount } from "./use-sms-accounts";
import { useSmsProviders } from "./use-sms-providers";

/**
 * channels/sms: the caller's SMS accounts, their activation and DLT registration, and the SMS providers they send
 * through.
 */
export function SmsAccountsList() {
  const page = useSmsAccounts();
  const providers = useSmsProviders();

  const columns: ColumnsType<SmsAccount> = [
    {
      title: "Account",
      key: "name",
      width: 200,
      render: (_, a) => (
        <div>
          <Typography.Text strong>{a.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
            {a.provider}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: "Active",
      key: "isActive",
      width: 90,
      render: (_, a) => {
        const busy = page.pendingId === a.id;
        const label = `${a.isActive ? "Deactivate" : "Activate"} ${a.name}`;
        return a.isActive ? (
          <Popconfirm
            title={`Deactivate ${a.name}?`}
            description="No campaign or API message can be sent from it until it is activated again."
            okText="Deactivate"
            okButtonProps={{ danger: true }}
            onConfirm={() => void page.setActive(a, false)}
          >
            <Switch checked loading={busy} aria-label={label} />
          </Popconfirm>
        ) : (
          <Switch checked={false} loading={busy} aria-label={label} onChange={() => void page.setActive(a, true)} />
        );
      },
    },
    {
      title: "Sender ids",
      key: "senderIds",
      width: 170,
      render: (_, a) =>
        a.senderIds.length ? (
          <Space size={[4, 4]} wrap>
            {a.senderIds.map((h) => (
              <Tag key={h} style={{ fontFamily: "monospace" }}>
                {h}
              </Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">None yet</Typography.Text>
        ),
    },
    {
      title: "DLT entity id",
      key: "dltEntityId",
      width: 200,
      onCell: () => ({ style: { whiteSpace: "nowrap" } }),
      render: (_, a) =>
        a.dltEntityId ? (
          <Typography.Text copyable style={{ fontFamily: "monospace" }}>
            {a.dltEntityId}
          </Typography.Text>
        ) : (
          <Tag color="warning">Not registered</Tag>
        ),
    },
    { title: "Templates", dataIndex: "templateCount", key: "templateCount", width: 100, align: "right" },
    {
      title: "",
      key: "actions",
      width: 170,
      align: "right",
      render: (_, a) => (
        <Button size="small" icon={<EditOutlined />} onClick={() => page.setEditing(a)}>
          DLT registration
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader description="The SMS routes your messages go out on, the DLT principal entity id and the sender ids (headers) each may use." />
      {page.error && (
        <Alert
          type="error"
          showIcon
          message={page.error}
          action={
            <Button size="small" onClick={() => void page.refresh()}>
              Retry
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Card styles={{ body: { padding: 0 } }}>
        <Flex justify="space-between" align="center" style={{ padding: 16 }}>
          <Typography.Text type="secondary">
            {page.loading
              ? "Loading…"
              : `${page.accounts.length} account${page.accounts.length === 1 ? "" : "s"} · ${page.accounts.filter((a) => a.isActive).length} active`}
          </Typography.Text>
          <Tooltip title="Refresh">
            <Button icon={<ReloadOutlined />} onClick={() => void page.refresh()} aria-label="Refresh" />
          </Tooltip>
        </Flex>
        <Table
          rowKey="id"
          columns={columns}
          dataSource={page.accounts}
          loading={page.loading}
          pagination={false}
          scroll={{ x: 930 }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  page.error
                    ? "Nothing to show until the accounts load."
                    : "No SMS accounts yet. Your provider or administrator connects them."
                }
              />
            ),
          }}
        />
      </Card>
      <SmsProvidersSection page={providers} accountHeaders={page.accounts.flatMap((a) => a.senderIds)} />
      <RegistrationModal account={page.editing} onClose={() => page.setEditing(null)} />
    </>
  );
}
