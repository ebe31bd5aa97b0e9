import {
  DeleteOutlined,
  EditOutlined,
  HistoryOutlined,
  MoreOutlined,
  PlusOutlined,
  ReloadOutlined,
  SettingOutlined,
  SyncOutlined,
} from "@ant-design/icons";
import {
  Alert,
  Button,
  Dropdown,
  Empty,
  Flex,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Space,
  Table,
  Tooltip,
  Typography,
} from "antd";
import { useState } from "react";
import type { ApiKeyStatus } from "../../../../contract/domain/api-keys";
import { formatDateTime } from "../../../shell/format";
import { LazySchemaForm } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";
import { KeyConfigDrawer, SCOPE_UI } from "./key-config-drawer";
import { KeyStatus, ScopeTags } from "./key-status";
import { RegenerateModal } from "./regenerate-modal";
import { SecretModal } from "./secret-modal";
import { useApiKeys, type ApiKey } from "./use-api-keys";
import type { ConfigTarget } from "./use-key-config";

const KEY_UI = { scopes: SCOPE_UI, expiresAt: { "ui:widget": "datetime" }, name: { "ui:placeholder": "Order system" } };
const STATUS_OPTIONS = [
  { value: "all", label: "All" },
  { value: "active", label: "Active" },
  { value: "expired", label: "Expired" },
  { value: "deactivated", label: "Deleted" },
];

/** The keys table with its actions: create (secret shown once), edit, configure, regenerate and delete. */
export function KeysTab({ onShowRequests }: { onShowRequests: (key: ApiKey) => void }) {
  const keys = useApiKeys();
  const [editing, setEditing] = useState<ApiKey | "new" | null>(null);
  const [issued, setIssued] = useState<{ name: string; key: string; note?: string } | null>(null);
  const [regenerating, setRegenerating] = useState<ApiKey | null>(null);
  const [configuring, setConfiguring] = useState<ConfigTarget | null>(null);

  const actions = (k: ApiKey) => {
    const live = !k.deactivatedAt;
    return (
      <Space>
        <Tooltip title="Edit">
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`Edit ${k.name}`}
            disabled={!live}
            onClick={() => setEditing(k)}
          />
        </Tooltip>
        <Tooltip title="Configure: channels, IP allow-list, rate limit">
          <Button
            size="small"
            icon={<SettingOutlined />}
            aria-label={`Configure ${k.name}`}
            disabled={!live}
            onClick={() => setConfiguring({ apiKeyId: k.id, name: k.name })}
          />
        </Tooltip>
        <Dropdown
          trigger={["click"]}
          menu={{
            items: [
              { key: "requests", icon: <HistoryOutlined />, label: "Request log", onClick: () => onShowRequests(k) },
              {
                key: "regenerate",
                icon: <SyncOutlined />,
                label: "Regenerate…",
                disabled: !live,
                onClick: () => setRegenerating(k),
              },
            ],
          }}
        >
          <Button size="small" icon={<MoreOutlined />} aria-label={`More for ${k.name}`} />
        </Dropdown>
        <Popconfirm
          title={`Delete "${k.name}"?`}
          description="It stops working at once, everywhere. Its request log stays."
          okText="Delete"
          okButtonProps={{ danger: true }}
          disabled={!live}
          onConfirm={() => keys.remove(k.id).catch(() => undefined)}
        >
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${k.name}`} disabled={!live} />
        </Popconfirm>
      </Space>
    );
  };

  return (
    <>
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <Space wrap>
          <Input.Search
            allowClear
            aria-label="Search keys"
            placeholder="Search by name or mc_live_ prefix"
            onSearch={keys.setSearch}
            style={{ width: 300 }}
          />
          <Segmented
            value={keys.status}
            options={STATUS_OPTIONS}
            onChange={(v) => keys.setStatus(v as ApiKeyStatus | "all")}
          />
        </Space>
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={keys.refetch} aria-label="Refresh keys" />
          <Button icon={<SettingOutlined />} onClick={() => setConfiguring({ apiKeyId: null, name: "Account" })}>
            Account configuration
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
            Create API key
          </Button>
        </Space>
      </Flex>
      {keys.error && (
        <Alert
          type="error"
          showIcon
          message={keys.error}
          action={<Button onClick={keys.refetch}>Retry</Button>}
          style={{ marginBottom: 12 }}
        />
      )}
      <Table<ApiKey>
        rowKey="id"
        loading={keys.loading}
        dataSource={keys.rows}
        scroll={{ x: 1230 }}
        locale={{
          emptyText: (
            <Empty
              description={
                keys.search || keys.status !== "all"
                  ? "No key matches"
                  : "No API keys yet. Create one to send messages from your own systems."
              }
            />
          ),
        }}
        pagination={{
          current: keys.page,
          pageSize: keys.pageSize,
          total: keys.total,
          onChange: keys.setPage,
          showTotal: (n) => `${n} ${n === 1 ? "key" : "keys"}`,
        }}
        rowClassName={(k) => (k.deactivatedAt ? "api-key-deleted" : "")}
        columns={[
          {
            title: "Name",
            dataIndex: "name",
            width: 240,
            render: (name: string, k) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong delete={Boolean(k.deactivatedAt)}>
                  {name}
                </Typography.Text>
                <Typography.Text
                  type="secondary"
                  copyable={{ text: k.prefix }}
                  style={{ fontFamily: "monospace", fontSize: 12 }}
                >{`${k.prefix}_…`}</Typography.Text>
              </Space>
            ),
          },
          { title: "Status", key: "status", width: 220, render: (_, k) => <KeyStatus apiKey={k} /> },
          {
            title: "Scopes",
            dataIndex: "scopes",
            width: 260,
            render: (s: ApiKey["scopes"]) => <ScopeTags scopes={s} />,
          },
          {
            title: "Last used",
            dataIndex: "lastUsedAt",
            width: 170,
            render: (v: string | null) =>
              v ? formatDateTime(v) : <Typography.Text type="secondary">Never</Typography.Text>,
          },
          { title: "Created", dataIndex: "createdAt", width: 170, render: (v: string) => formatDateTime(v) },
          { title: "", key: "actions", width: 170, fixed: "right", render: (_, k) => actions(k) },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === "new" ? "Create an API key" : "Edit the API key"}
        footer={null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing && (
          <LazySchemaForm
            key={editing === "new" ? "new" : editing.id}
            schema={editing === "new" ? FORM_SCHEMAS.apiKeyCreate : FORM_SCHEMAS.apiKeyUpdate}
            uiSchema={KEY_UI}
            formData={
              editing === "new"
                ? { scopes: ["messages:send", "reports:read"] }
                : {
                    name: editing.name,
                    scopes: editing.scopes,
                    ...(editing.expiresAt ? { expiresAt: editing.expiresAt } : {}),
                  }
            }
            submitText={editing === "new" ? "Create key" : "Save"}
            submitting={keys.saving}
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              try {
                if (editing === "new") {
                  const made = await keys.create(values);
                  setIssued({ name: made.apiKey.name, key: made.key });
                } else await keys.update(editing.id, values);
                setEditing(null);
              } catch {
                // The error toast has said why; the form keeps what was typed.
              }
            }}
          />
        )}
      </Modal>
      <RegenerateModal
        apiKey={regenerating}
        saving={keys.saving}
        onCancel={() => setRegenerating(null)}
        onConfirm={async (grace) => {
          if (!regenerating) return;
          try {
            const made = await keys.regenerate(regenerating.id, grace);
            setRegenerating(null);
            setIssued({
              name: made.apiKey.name,
              key: made.key,
              note: made.apiKey.previousSecretValidUntil
                ? `The old secret works until ${formatDateTime(made.apiKey.previousSecretValidUntil)}.`
                : "The old secret no longer works.",
            });
          } catch {
            // Said by the error toast.
          }
        }}
      />
      <SecretModal issued={issued} onClose={() => setIssued(null)} />
      <KeyConfigDrawer target={configuring} onClose={() => setConfiguring(null)} />
    </>
  );
}
