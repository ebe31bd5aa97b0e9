import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { Empty, Flex, Typography } from "antd";
import { useMemo } from "react";
import type { CarrierChannelRecord } from "../../../../contract";
import { ChannelDrawer } from "../../carrier-channels/components/channel-drawer";
import { LazySchemaForm, type FormValues } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";
import type { RbmChannelsModel } from "../use-rbm-channels";
import { RbmWebhook } from "./rbm-webhook";

export const RBM_UI: UiSchema<FormValues> = {
  "ui:order": ["name", "bot_id", "agent_id", "service_account_key", "client_token", "messages_per_second"],
  name: { "ui:placeholder": "e.g. Acme offers agent" },
  agent_id: { "ui:placeholder": "e.g. acme-offers-agent" },
  service_account_key: {
    "ui:widget": "textarea",
    "ui:placeholder": '{ "type": "service_account", "client_email": "…", "private_key": "…" }',
    "ui:options": { rows: 6, autocomplete: "off" },
  },
  client_token: { "ui:widget": "password", "ui:options": { autocomplete: "off" } },
  messages_per_second: { "ui:placeholder": "Server default" },
};

/**
 * The schema with the bot offered as a choice of the caller's bots no connection claims yet (an enum of ids, named in
 * the uiSchema: a oneOf would need validators the precompiled set does not have).
 */
function withBots(schema: RJSFSchema, bots: readonly { id: string; name: string }[]): RJSFSchema {
  const copy = structuredClone(schema);
  const field = copy.properties?.bot_id;
  if (field && typeof field === "object")
    copy.properties = { ...copy.properties, bot_id: { ...field, enum: bots.map((b) => b.id) } };
  return copy;
}

const CONNECTED = {
  subTitle: (c: CarrierChannelRecord) =>
    `${c.rcs?.botName ?? "The bot"}'s messages now go out through the agent. One step left: paste the webhook URL at Google, so receipts and replies arrive.`,
  webhook: (c: CarrierChannelRecord) => <RbmWebhook channel={c} />,
};

/** Connect a Google RBM agent for one bot, in a drawer; once connected, the webhook URL to paste and a first test. */
export function RbmDrawer({ page, bots }: { page: RbmChannelsModel; bots: readonly { id: string; name: string }[] }) {
  const schema = useMemo(() => withBots(FORM_SCHEMAS.rcsGoogleConnect, bots), [bots]);
  const uiSchema = useMemo<UiSchema<FormValues>>(
    () => ({ ...RBM_UI, bot_id: { "ui:enumNames": bots.map((b) => b.name), "ui:placeholder": "Choose a bot" } }),
    [bots],
  );
  return (
    <ChannelDrawer
      open={page.open}
      onClose={page.closeDrawer}
      title="Connect Google RCS Business Messaging"
      connected={page.justConnected}
      connectedView={CONNECTED}
      page={page}
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          From Google: the agent id in the Business Communications console, the JSON key of its service account (Google
          Cloud → IAM → Service accounts → Keys), and the client token shown when you configure the webhook. The key is
          checked with Google before anything is saved; both are stored encrypted and never shown again.
        </Typography.Paragraph>
        {bots.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="Every bot of yours already sends through an agent (or you have none yet)."
          />
        ) : (
          <LazySchemaForm
            schema={schema}
            uiSchema={uiSchema}
            formData={bots.length === 1 ? { bot_id: bots[0].id } : {}}
            submitText="Check and connect"
            submitting={page.saving}
            onCancel={page.closeDrawer}
            onSubmit={(values) => void page.connect(values)}
          />
        )}
      </Flex>
    </ChannelDrawer>
  );
}
