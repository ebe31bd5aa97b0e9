import { FacebookFilled } from "@ant-design/icons";
import type { UiSchema } from "@rjsf/utils";
import { Button, Divider, Typography } from "antd";
import { useState } from "react";
import type { CarrierChannelRecord } from "../../../../contract";
import { toast } from "../../../components/toast";
import { ChannelDrawer } from "../../carrier-channels/components/channel-drawer";
import { SECRET } from "../../carrier-channels/secret-fields";
import { LazySchemaForm, type FormValues } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";
import type { CloudChannelsModel } from "../use-cloud-channels";
import { runEmbeddedSignup } from "./embedded-signup";
import { WebhookDetails } from "./webhook-details";

const CONNECT_UI: UiSchema<FormValues> = {
  "ui:order": ["name", "waba_id", "phone_number_id", "access_token", "app_secret", "app_id", "messages_per_second"],
  name: { "ui:placeholder": "e.g. Acme Support" },
  waba_id: { "ui:placeholder": "e.g. 102290129340398" },
  phone_number_id: { "ui:placeholder": "e.g. 106540352242922" },
  access_token: { ...SECRET, "ui:placeholder": "EAAG…" },
  app_secret: { ...SECRET, "ui:placeholder": "32 hexadecimal characters" },
  app_id: { "ui:placeholder": "Optional" },
};

const CONNECTED = {
  subTitle: () => "One step left: point your Meta app's webhook here, so replies and delivery receipts arrive.",
  webhook: (c: CarrierChannelRecord) => <WebhookDetails channel={c} />,
};

function editUi(channel: CarrierChannelRecord): UiSchema<FormValues> {
  const hint = (field: string) => {
    const stored = channel.credentials.find((c) => c.field === field);
    return stored?.set
      ? `Stored${stored.last4 ? ` (ends in ${stored.last4})` : ""}. Leave empty to keep it.`
      : "Not set.";
  };
  return {
    "ui:order": ["name", "access_token", "app_secret", "app_id", "messages_per_second"],
    access_token: { ...SECRET, "ui:help": hint("access_token") },
    app_secret: { ...SECRET, "ui:help": hint("app_secret") },
  };
}

/** Connect (by hand, or with Facebook where configured) and edit, in one drawer over the page. */
export function CloudDrawer({
  page,
  onSignedUp,
}: {
  page: CloudChannelsModel;
  onSignedUp: (result: Awaited<ReturnType<typeof runEmbeddedSignup>>) => Promise<boolean>;
}) {
  const d = page.drawer;
  const [signingUp, setSigningUp] = useState(false);
  const signup = async () => {
    if (!page.embeddedSignup) return;
    setSigningUp(true);
    try {
      const result = await runEmbeddedSignup(page.embeddedSignup);
      if (await onSignedUp(result)) page.closeDrawer();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "The signup did not finish");
    } finally {
      setSigningUp(false);
    }
  };
  return (
    <ChannelDrawer
      open={d !== null}
      onClose={page.closeDrawer}
      width={600}
      title={d?.kind === "edit" ? `Edit ${d.channel.name}` : "Connect WhatsApp Cloud API"}
      connected={d?.kind === "connect" ? page.justConnected : null}
      connectedView={CONNECTED}
      page={page}
    >
      {d?.kind === "connect" && (
        <>
          {page.embeddedSignup && (
            <>
              <Typography.Paragraph>
                Sign in with Facebook and choose or create the business's WhatsApp account and number; Meta does the
                rest.
              </Typography.Paragraph>
              <Button
                type="primary"
                size="large"
                icon={<FacebookFilled />}
                loading={signingUp}
                onClick={() => void signup()}
                block
              >
                Continue with Facebook
              </Button>
              <Divider plain>or enter the details by hand</Divider>
            </>
          )}
          <Typography.Paragraph type="secondary">
            From your Meta app: the WhatsApp Business Account and phone number IDs (App Dashboard → WhatsApp → API
            Setup), a permanent system-user token and the app secret. They are checked with Meta before anything is
            saved, stored encrypted, and never shown again.
          </Typography.Paragraph>
          <LazySchemaForm
            schema={FORM_SCHEMAS.whatsappCloudConnect}
            uiSchema={CONNECT_UI}
            formData={{ messages_per_second: 80 }}
            submitText="Check and connect"
            submitting={page.saving}
            onCancel={page.closeDrawer}
            onSubmit={(values) => void page.connect(values)}
          />
        </>
      )}
      {d?.kind === "edit" && (
        <LazySchemaForm
          key={d.channel._id}
          schema={FORM_SCHEMAS.carrierChannelUpdate}
          uiSchema={editUi(d.channel)}
          formData={{
            name: d.channel.name,
            messages_per_second: d.channel.messagesPerSecond,
            ...(d.channel.appId ? { app_id: d.channel.appId } : {}),
          }}
          submitText="Check and save"
          submitting={page.saving}
          onCancel={page.closeDrawer}
          onSubmit={(values) => {
            const initial: Record<string, unknown> = {
              name: d.channel.name,
              messages_per_second: d.channel.messagesPerSecond,
              app_id: d.channel.appId ?? undefined,
            };
            const changes = Object.fromEntries(
              Object.entries(values).filter(([k, v]) => v !== undefined && v !== "" && v !== initial[k]),
            );
            if (Object.keys(changes).length === 0) toast.info("Nothing to save");
            else void page.save(d.channel, changes);
          }}
        />
      )}
    </ChannelDrawer>
  );
}
