import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { Empty, Flex, Segmented, Typography } from "antd";
import { useMemo, useState } from "react";
import type { CarrierChannelRecord } from "../../../../contract";
import { ChannelDrawer } from "../../carrier-channels/components/channel-drawer";
import { SECRET } from "../../carrier-channels/secret-fields";
import { LazySchemaForm, type FormValues } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";
import type { SmsProviderKind, SmsProvidersModel } from "../use-sms-providers";
import { DlrWebhook } from "./dlr-webhook";
import { httpFormValues, presetFormData, SmsHttpPresetPicker, type PresetChoice } from "./sms-http-preset";

export const SMPP_UI: UiSchema<FormValues> = {
  "ui:order": [
    "name",
    "sender_ids",
    "host",
    "port",
    "system_id",
    "password",
    "system_type",
    "messages_per_second",
    "dlt_entity_id",
    "dlt_entity_id_tag",
  ],
  name: { "ui:placeholder": "e.g. Acme transactional route" },
  host: { "ui:placeholder": "e.g. smpp.provider.example" },
  password: SECRET,
  system_type: { "ui:placeholder": "Optional" },
  dlt_entity_id: { "ui:placeholder": "19 digits, e.g. 1201159100000012345" },
};

export const HTTP_UI: UiSchema<FormValues> = {
  "ui:order": [
    "preset",
    "name",
    "sender_ids",
    "url",
    "auth_header",
    "auth_prefix",
    "api_key",
    "body_template",
    "message_id_path",
    "dlr_id_path",
    "dlr_status_path",
    "dlr_code_path",
    "dlr_delivered",
    "dlr_failed",
    "inbound_from_path",
    "inbound_text_path",
    "inbound_id_path",
    "inbound_to_path",
    "inbound_number",
    "messages_per_second",
    "dlt_entity_id",
  ],
  // Chosen above the form (sms-http-preset.tsx); the form only carries it to the server.
  preset: { "ui:widget": "hidden" },
  name: { "ui:placeholder": "e.g. Acme HTTP route" },
  url: { "ui:placeholder": "https://api.provider.example/v1/sms" },
  api_key: SECRET,
  body_template: { "ui:widget": "textarea", "ui:options": { rows: 5 } },
  dlt_entity_id: { "ui:placeholder": "19 digits, e.g. 1201159100000012345" },
  inbound_to_path: { "ui:placeholder": "Optional, e.g. to" },
  inbound_number: { "ui:placeholder": "Optional, e.g. +919876500001" },
  inbound_from_path: { "ui:placeholder": "Optional, e.g. from" },
  inbound_text_path: { "ui:placeholder": "Optional, e.g. text" },
  inbound_id_path: { "ui:placeholder": "Optional, e.g. id" },
};

/** The schema with the sender ids offered as a choice of the caller's free headers (a multi-select), not typed. */
export function withHeaders(schema: RJSFSchema, headers: readonly string[]): RJSFSchema {
  const copy = structuredClone(schema);
  const field = copy.properties?.sender_ids;
  if (
    field &&
    typeof field === "object" &&
    field.items &&
    typeof field.items === "object" &&
    !Array.isArray(field.items)
  ) {
    field.items = { ...field.items, enum: [...headers] };
  }
  return copy;
}

const CONNECTED = {
  subTitle: (c: CarrierChannelRecord) =>
    c.sms?.http
      ? `One step left: give your provider the delivery report URL below, so receipts arrive${c.sms.http.inbound ? ", and the inbound URL, so customers' messages reach the inbox" : ""}.`
      : "Messages from its sender ids now go out through this SMSC; receipts come back over the bind.",
  webhook: (c: CarrierChannelRecord) => c.sms?.http && <DlrWebhook channel={c} />,
};

/**
 * Connect an SMS provider, SMPP or HTTP, in a drawer over the page; once connected, what is left to do (an HTTP
 * provider's delivery-report URL) and a first connection test.
 */
export function SmsProviderDrawer({ page, headers }: { page: SmsProvidersModel; headers: readonly string[] }) {
  const kind = page.drawer;
  const schema = useMemo(
    () => withHeaders(kind === "http" ? FORM_SCHEMAS.smsHttpConnect : FORM_SCHEMAS.smppConnect, headers),
    [kind, headers],
  );
  const [preset, setPreset] = useState<PresetChoice>("");
  // The next connect starts from one's own provider again.
  const close = () => {
    setPreset("");
    page.closeDrawer();
  };
  return (
    <ChannelDrawer
      open={kind !== null}
      onClose={close}
      title="Connect an SMS provider"
      connected={page.justConnected}
      connectedView={CONNECTED}
      page={page}
    >
      {kind && (
        <Flex vertical gap={16}>
          <Segmented<SmsProviderKind>
            block
            value={kind}
            onChange={page.setKind}
            options={[
              { label: "SMPP 3.4", value: "smpp" },
              { label: "HTTP API", value: "http" },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {kind === "smpp"
              ? "From your provider: the SMSC address, and the system id and password of your bind. The server binds and unbinds once to check them before anything is saved; the password is stored encrypted and never shown again."
              : "From your provider's API documentation, or a preset for a documented one: where to POST a message, the API key and the header it goes in, the body with placeholders, and how delivery reports read. The key is checked with the provider first, stored encrypted and never shown again."}
          </Typography.Paragraph>
          {kind === "http" && headers.length > 0 && <SmsHttpPresetPicker value={preset} onChange={setPreset} />}
          {headers.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="No free sender ids: add a header to an SMS account (DLT registration) before connecting a provider for it."
            />
          ) : (
            <LazySchemaForm
              key={kind}
              schema={schema}
              uiSchema={kind === "http" ? HTTP_UI : SMPP_UI}
              formData={kind === "http" ? presetFormData(preset, headers) : presetFormData("", headers)}
              submitText="Check and connect"
              submitting={page.saving}
              onCancel={close}
              onSubmit={(values) => void page.connect(kind, kind === "http" ? httpFormValues(values) : values)}
            />
          )}
        </Flex>
      )}
    </ChannelDrawer>
  );
}
