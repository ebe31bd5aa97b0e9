// What differs per channel when the stepper talks to the server: the create and start calls and the create
// payload's field names (schemas/campaign-create-*.ts).
import type { CampaignChannel } from "../../../../../contract";
import { serialize } from "./variables";
import type { Draft } from "./wizard-state";

export type CreateCall = "campaigns.create" | "sms.campaigns.create" | "waba.campaigns.create";
export type StartCall = "campaigns.start" | "sms.campaigns.start" | "waba.campaigns.start";

export const CHANNEL_CALLS: Record<CampaignChannel, { create: CreateCall; start: StartCall }> = {
  rcs: { create: "campaigns.create", start: "campaigns.start" },
  sms: { create: "sms.campaigns.create", start: "sms.campaigns.start" },
  whatsapp: { create: "waba.campaigns.create", start: "waba.campaigns.start" },
};

type Fields = Record<string, string | boolean | string[]>;

/** The SMS failover part of a WhatsApp or RCS campaign (schemas/campaign-fields.ts failoverProperties). */
function failoverOf({ failover: f }: Draft): Fields {
  return {
    smsFailover: f.enabled,
    ...(f.enabled
      ? {
          smsFailoverConditions: f.conditions,
          smsAccountId: f.smsAccountId,
          smsTemplate: f.smsTemplateId,
          smsCustomParams: f.params.map(serialize),
        }
      : {}),
  };
}

function fieldsOf(channel: CampaignChannel, d: Draft): Fields {
  const common: Fields = {
    campaignName: d.name.trim(),
    variables: d.variables.map(serialize),
    defaultRegion: d.region,
    // WhatsApp's URL buttons are not tracked yet: its create call does not take the field.
    ...(d.trackLinks && channel !== "whatsapp" ? { trackLinks: true } : {}),
  };
  if (channel === "rcs") return { ...common, botId: d.accountId, templateId: d.templateId, ...failoverOf(d) };
  if (channel === "sms") return { ...common, smsAccountId: d.accountId, templateId: d.templateId };
  return {
    ...common,
    waba_id: d.accountId,
    ...(d.senderId ? { phoneNumberId: d.senderId } : {}),
    message: d.templateId,
    ...(d.headerMedia ? { headerMediaId: d.headerMedia.id } : {}),
    ...failoverOf(d),
  };
}

/**
 * The create call's body: JSON with the pasted numbers, or a multipart form with the file in `file`, where the
 * arrays travel as JSON strings and booleans as "true"/"false" (schemas/campaign-fields.ts).
 */
export function createPayload(channel: CampaignChannel, d: Draft): FormData | Fields {
  const fields = fieldsOf(channel, d);
  if (d.audienceMode === "paste") return { ...fields, numbers: d.numbers };
  if (d.audienceMode === "segment") return { ...fields, segmentId: d.segmentId };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    form.append(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  if (d.saveToContacts) form.append("saveToContacts", "true");
  if (d.file) form.append("file", d.file, d.file.name);
  return form;
}
