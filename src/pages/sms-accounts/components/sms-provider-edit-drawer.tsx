import type { UiSchema } from "@rjsf/utils";
import { Typography } from "antd";
import { useMemo } from "react";
import type { CarrierChannelRecord } from "../../../../contract";
import { ChannelEditDrawer } from "../../carrier-channels/components/channel-drawer";
import { editSecretUi } from "../../carrier-channels/secret-fields";
import type { FormValues } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";
import type { SmsProvidersModel } from "../use-sms-providers";
import { httpFormValues, presetLabel } from "./sms-http-preset";
import { HTTP_UI, SMPP_UI, withHeaders } from "./sms-provider-drawer";

/** The form's starting values: the connection's settings as saved; the secret empty. */
function formDataOf(channel: CarrierChannelRecord): FormValues {
  const sms = channel.sms;
  const common = {
    name: channel.name,
    sender_ids: [...(sms?.senderIds ?? [])],
    messages_per_second: channel.messagesPerSecond,
    ...(sms?.dltEntityId ? { dlt_entity_id: sms.dltEntityId } : {}),
  };
  if (sms?.smpp) {
    const s = sms.smpp;
    return {
      ...common,
      host: s.host,
      port: s.port,
      system_id: s.systemId,
      ...(s.systemType ? { system_type: s.systemType } : {}),
      dlt_entity_id_tag: s.dltEntityIdTag,
    };
  }
  const h = sms?.http;
  if (!h) return common;
  return {
    ...common,
    ...(h.preset ? { preset: h.preset } : {}),
    url: h.url,
    auth_header: h.authHeader,
    auth_prefix: h.authPrefix,
    body_template: h.bodyTemplate,
    message_id_path: h.messageIdPath,
    dlr_id_path: h.dlr.idPath,
    dlr_status_path: h.dlr.statusPath,
    dlr_code_path: h.dlr.codePath ?? "",
    dlr_delivered: h.dlr.delivered.join(", "),
    dlr_failed: h.dlr.failed.join(", "),
    ...(h.inbound
      ? {
          inbound_from_path: h.inbound.fromPath,
          inbound_text_path: h.inbound.textPath,
          inbound_id_path: h.inbound.idPath,
          ...(h.inbound.toPath ? { inbound_to_path: h.inbound.toPath } : {}),
          ...(h.inbound.number ? { inbound_number: h.inbound.number } : {}),
        }
      : {}),
  };
}

/**
 * Edit an SMS provider's settings, headers and secret in a drawer: the saved settings filled in, the secret empty (it
 * is never sent back). The server checks the result with the provider before saving; a refusal saves nothing.
 */
export function SmsProviderEditDrawer({
  page,
  freeHeaders,
}: {
  page: SmsProvidersModel;
  freeHeaders: readonly string[];
}) {
  const channel = page.editing;
  const smpp = Boolean(channel?.sms?.smpp);
  const headers = useMemo(
    () => [...new Set([...(channel?.sms?.senderIds ?? []), ...freeHeaders])].sort(),
    [channel, freeHeaders],
  );
  const schema = useMemo(
    () => withHeaders(smpp ? FORM_SCHEMAS.smppEdit : FORM_SCHEMAS.smsHttpEdit, headers),
    [smpp, headers],
  );
  const uiSchema = useMemo<UiSchema<FormValues>>(() => {
    if (!channel) return {};
    return smpp
      ? { ...SMPP_UI, password: editSecretUi(channel, "password") }
      : { ...HTTP_UI, api_key: editSecretUi(channel, "api_key") };
  }, [channel, smpp]);
  return (
    <ChannelEditDrawer
      channel={channel}
      onClose={page.closeEdit}
      saving={page.saving}
      page={page}
      form={(c) => ({
        intro: (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {smpp
              ? "The server binds and unbinds once with the new settings before saving them; if the SMSC refuses, nothing changes."
              : "The server calls your provider with the new settings before saving them; if it refuses, nothing changes."}
            {presetLabel(c.sms?.http?.preset) && ` Filled from the ${presetLabel(c.sms?.http?.preset)} preset.`}
          </Typography.Paragraph>
        ),
        schema,
        uiSchema,
        formData: formDataOf(c),
        onSubmit: (values) => void page.save(c, smpp ? values : httpFormValues(values)),
      })}
    />
  );
}
