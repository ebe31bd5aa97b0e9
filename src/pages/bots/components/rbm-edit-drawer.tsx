import type { UiSchema } from "@rjsf/utils";
import { Descriptions, Typography } from "antd";
import { useMemo } from "react";
import { ChannelEditDrawer } from "../../carrier-channels/components/channel-drawer";
import { editSecretUi } from "../../carrier-channels/secret-fields";
import type { FormValues } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";
import type { RbmChannelsModel } from "../use-rbm-channels";
import { RBM_UI } from "./rbm-drawer";

/**
 * Edit a Google RBM connection in a drawer: its name, agent and throughput filled in, the key and client token empty
 * (never sent back). The bot stays; the server checks the result with Google before saving, and a refusal saves
 * nothing.
 */
export function RbmEditDrawer({ page }: { page: RbmChannelsModel }) {
  const channel = page.editing;
  const uiSchema = useMemo<UiSchema<FormValues>>(() => {
    if (!channel) return {};
    const { bot_id: _bot, ...ui } = RBM_UI;
    return {
      ...ui,
      "ui:order": (RBM_UI["ui:order"] as string[]).filter((f) => f !== "bot_id"),
      service_account_key: {
        ...(RBM_UI.service_account_key as object),
        "ui:help": editSecretUi(channel, "service_account_key")["ui:help"],
      },
      client_token: editSecretUi(channel, "client_token"),
    };
  }, [channel]);
  return (
    <ChannelEditDrawer
      channel={channel}
      onClose={page.closeEdit}
      saving={page.saving}
      page={page}
      form={(c) => ({
        intro: (
          <>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label="Bot">
                {c.rcs?.botName || <Typography.Text type="secondary">Deleted</Typography.Text>}
              </Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              The server checks the new settings with Google (a token grant and a capability call as the agent) before
              saving them; if Google refuses, nothing changes. To send another bot through this agent, connect it
              separately.
            </Typography.Paragraph>
          </>
        ),
        schema: FORM_SCHEMAS.rcsGoogleEdit,
        uiSchema,
        formData: { name: c.name, agent_id: c.rcs?.agentId ?? "", messages_per_second: c.messagesPerSecond },
        onSubmit: (values) => void page.save(c, values),
      })}
    />
  );
}
