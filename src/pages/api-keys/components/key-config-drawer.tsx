import { DeleteOutlined } from "@ant-design/icons";
import { Alert, Button, Descriptions, Drawer, Popconfirm, Skeleton, Space, Tag, Typography } from "antd";
import type { UiSchema } from "@rjsf/utils";
import { API_SCOPES, API_SCOPE_LABELS, DEFAULT_KEY_LIMITS } from "../../../../contract/domain/api-keys";
import { CAMPAIGN_CHANNELS } from "../../../../contract";
import { formatCount, formatDateTime } from "../../../shell/format";
import { useIsMobile } from "../../../shell/sidebar/use-is-mobile";
import { LazySchemaForm, type FormValues } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";
import { ScopeTags } from "./key-status";
import { useKeyConfig, type ConfigTarget, type KeyConfig } from "./use-key-config";

export const CHANNEL_LABELS = { rcs: "RCS", sms: "SMS", whatsapp: "WhatsApp" } as const;

export const SCOPE_UI = {
  "ui:widget": "checkboxes",
  "ui:options": { inline: true },
  "ui:enumNames": API_SCOPES.map((s) => API_SCOPE_LABELS[s]),
};
const UI: UiSchema<FormValues> = {
  "ui:order": ["name", "channels", "scopes", "ratePerSecond", "ratePerDay", "ipAllowList", "expiresAt"],
  channels: {
    "ui:widget": "checkboxes",
    "ui:options": { inline: true },
    "ui:enumNames": CAMPAIGN_CHANNELS.map((c) => CHANNEL_LABELS[c]),
  },
  scopes: SCOPE_UI,
  ipAllowList: { items: { "ui:placeholder": "203.0.113.0/24 or 2001:db8::/32" }, "ui:options": { orderable: false } },
  expiresAt: { "ui:widget": "datetime" },
};

const SOURCE = {
  key: "This key's own configuration",
  account: "The account's configuration",
  default: "The defaults (no configuration)",
} as const;

/** The form's starting values: the configuration, or (none yet) what applies now. */
function startingValues(config: KeyConfig | null, name: string): FormValues {
  if (config) {
    const { name: n, channels, scopes, ipAllowList, ratePerSecond, ratePerDay, expiresAt } = config;
    return { name: n, channels, scopes, ipAllowList, ratePerSecond, ratePerDay, ...(expiresAt ? { expiresAt } : {}) };
  }
  return {
    name,
    channels: [...CAMPAIGN_CHANNELS],
    scopes: [...API_SCOPES],
    ipAllowList: [],
    ratePerSecond: DEFAULT_KEY_LIMITS.perSecond,
    ratePerDay: DEFAULT_KEY_LIMITS.perDay,
  };
}

/** The key configuration editor: what applies to the key now, and the form (RJSF, from schemas/key-config). */
export function KeyConfigDrawer({ target, onClose }: { target: ConfigTarget | null; onClose: () => void }) {
  const isMobile = useIsMobile();
  const editor = useKeyConfig(target);
  const e = editor.effective;
  const title = target?.apiKeyId ? `Configure "${target.name}"` : "Account configuration";
  return (
    <Drawer title={title} open={Boolean(target)} onClose={onClose} width={isMobile ? "100%" : 640} destroyOnHidden>
      {editor.error && <Alert type="error" showIcon message={editor.error} style={{ marginBottom: 16 }} />}
      {target && !target.apiKeyId && (
        <Typography.Paragraph type="secondary">
          Applies to every key of the account that has no configuration of its own.
        </Typography.Paragraph>
      )}
      {e && (
        <Descriptions
          size="small"
          column={1}
          bordered
          style={{ marginBottom: 20 }}
          title={
            <Space>
              Applies now{" "}
              <Tag color={e.source === "key" ? "blue" : e.source === "account" ? "purple" : "default"}>
                {SOURCE[e.source]}
              </Tag>
            </Space>
          }
        >
          <Descriptions.Item label="Channels">{e.channels.map((c) => CHANNEL_LABELS[c]).join(", ")}</Descriptions.Item>
          <Descriptions.Item label="Scopes">
            {e.scopes.length ? <ScopeTags scopes={e.scopes} /> : <Tag color="red">None: every call is refused</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="IP allow-list">
            {e.ipAllowList.length ? e.ipAllowList.join(", ") : "Any address"}
          </Descriptions.Item>
          <Descriptions.Item label="Rate limit">{`${formatCount(e.ratePerSecond)} per second, ${formatCount(e.ratePerDay)} per day`}</Descriptions.Item>
          <Descriptions.Item label="Expires">{e.expiresAt ? formatDateTime(e.expiresAt) : "Never"}</Descriptions.Item>
        </Descriptions>
      )}
      {editor.loading ? (
        <Skeleton active />
      ) : (
        target && (
          <>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {editor.config
                ? "Edit the configuration"
                : target.apiKeyId
                  ? "Give this key a configuration of its own"
                  : "Create the account's configuration"}
            </Typography.Title>
            <LazySchemaForm
              key={editor.config?.id ?? "new"}
              schema={FORM_SCHEMAS.keyConfig}
              uiSchema={UI}
              formData={startingValues(editor.config, target.apiKeyId ? `${target.name} settings` : "Account settings")}
              submitText={editor.config ? "Save configuration" : "Create configuration"}
              submitting={editor.saving}
              columns={2}
              onCancel={onClose}
              onSubmit={async (values) => {
                await editor.save(values).catch(() => undefined);
              }}
            />
            {editor.config && (
              <Popconfirm
                title="Delete this configuration?"
                description={
                  target.apiKeyId
                    ? "The key then follows the account's configuration, or the defaults."
                    : "Keys without their own configuration then follow the defaults."
                }
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => editor.remove().catch(() => undefined)}
              >
                <Button danger icon={<DeleteOutlined />} style={{ marginTop: 8 }}>
                  Delete configuration
                </Button>
              </Popconfirm>
            )}
          </>
        )
      )}
    </Drawer>
  );
}
