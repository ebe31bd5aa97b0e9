import type { UiSchema } from "@rjsf/utils";
import { Descriptions, Drawer, Flex, Typography } from "antd";
import { useMemo } from "react";
import { LazySchemaForm, type FormValues } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";
import { editSecretUi } from "../../sms-accounts/components/sms-provider-edit-drawer";
import type { RbmChannelsModel } from "../use-rbm-channels";
import { RBM_UI } from "./rbm-drawer";

/**
 * Edit a Google RBM connection in a drawer: its name, agent and throughput filled in, the key and client token empty
 * (never sent back). The bot stays; the server checks the result with Google before saving, and a refusal saves nothing.
 */
export function RbmEditDrawer({ page }: { page: RbmChannelsModel }) {
  const channel = page.editing;
  const uiSchema = useMemo<UiSchema<FormValues>>(() => {
    if (!channel) return {};
    const { bot_id: _bot, ...ui } = RBM_UI;
    return {
      ...ui,
      "ui:order": (RBM_UI["ui:order"] as string[]).filter((f) => f !== "bot_id"),
      service_account_key: { ...(RBM_UI.service_account_key as object), "ui:help": editSecretUi(channel, "service_account_key")["ui:help"] },
      client_token: editSecretUi(channel, "client_token"),
    };
  }, [channel]);
  return (
    <Drawer open={channel !== null} onClose={page.closeEdit} width={640} destroyOnHidden title={channel ? `Edit ${channel.name}` : "Edit"}>
      {channel && (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Bot">{channel.rcs?.botName || <Typography.Text type="secondary">Deleted</Typography.Text>}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            The server checks the new settings with Google (a token grant and a capability call as the agent) before saving them; if Google refuses, nothing changes. To send
            another bot through this agent, connect it separately.
          </Typography.Paragraph>
          <LazySchemaForm
            key={channel._id}
            schema={FORM_SCHEMAS.rcsGoogleEdit}
            uiSchema={uiSchema}
            formData={{ name: channel.name, agent_id: channel.rcs?.agentId ?? "", messages_per_second: channel.messagesPerSecond }}
            submitText="Check and save"
            submitting={page.saving}
            onCancel={page.closeEdit}
            onSubmit={(values) => void page.save(channel, values)}
          />
        </Flex>
      )}
    </Drawer>
  );
}
