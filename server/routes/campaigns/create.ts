import type { FastifyReply, FastifyRequest } from "fastify";
import type { CampaignChannel } from "../../../contract/constants";
import { AUDIENCE_MAX_BYTES } from "../../../contract/domain/campaigns";
import type { SchemaName } from "../../../schemas";
import { callerOf } from "../../auth/guard";
import { badRequest, HttpError } from "../../http/errors";
import {
  checkCreate,
  insertCampaign,
  type AudienceSource,
  type CheckedCampaign,
  type CreateFields,
} from "../../services/campaigns/create";
import { toCampaignRecords } from "../../services/campaigns/records";
import { segmentSource } from "../../services/segments/audience";
import type { Handlers, RouteContext } from "../context";
import { validatorOf } from "../uploads/multipart-form";
import { audienceUploadError, storeAudience, type StoredAudience } from "./audience-upload";
import { shortLinkOrigin } from "../../config";

// The three create calls: a JSON body with pasted `numbers` (validated by the row's schema), or a multipart form
// whose text fields come first and whose audience file (part `file`) is streamed to storage, never held in memory.

type Raw = Record<string, unknown>;
const JSON_FIELDS = ["variables", "smsFailoverConditions", "smsCustomParams"];

/** A form's text fields as the JSON body would carry them, validated by the same schema (the app's 400 shape). */
function decodeForm(raw: Record<string, string>, schema: SchemaName): Raw {
  const fields: Raw = { ...raw };
  for (const name of JSON_FIELDS) {
    if (raw[name] === undefined) continue;
    try {
      fields[name] = JSON.parse(raw[name]);
    } catch {
      throw badRequest(`${name}: must be a JSON-encoded array`, [
        { field: name, message: "must be a JSON-encoded array" },
      ]);
    }
  }
  for (const flag of ["smsFailover", "saveToContacts", "trackLinks"] as const)
    if (raw[flag] === "true" || raw[flag] === "false") fields[flag] = raw[flag] === "true";
  const validate = validatorOf(schema);
  if (!validate(fields))
    throw Object.assign(new Error("invalid form"), { statusCode: 400, validation: validate.errors });
  return fields;
}

interface Channel {
  channel: CampaignChannel;
  schema: SchemaName;
  toFields(body: Raw): CreateFields;
}

const common = (b: Raw) => ({
  campaignName: b.campaignName as string,
  numbers: b.numbers as string | undefined,
  segmentId: b.segmentId as string | undefined,
  saveToContacts: b.saveToContacts as boolean | undefined,
  trackLinks: b.trackLinks as boolean | undefined,
  variables: b.variables as string[] | undefined,
  defaultRegion: b.defaultRegion as string | undefined,
});

/** The SMS failover part, the same fields for WhatsApp and RCS (schemas/campaign-fields.ts failoverProperties). */
const failover = (b: Raw) => ({
  smsFailover: b.smsFailover as boolean | undefined,
  smsFailoverConditions: b.smsFailoverConditions as CreateFields["smsFailoverConditions"],
  smsTemplate: b.smsTemplate as string | undefined,
  smsAccountId: b.smsAccountId as string | undefined,
  smsCustomParams: b.smsCustomParams as string[] | undefined,
});

const RCS: Channel = {
  channel: "rcs",
  schema: "campaign-create-rcs",
  toFields: (b) => ({ ...common(b), ...failover(b), senderId: b.botId as string, templateId: b.templateId as string }),
};
const SMS: Channel = {
  channel: "sms",
  schema: "campaign-create-sms",
  toFields: (b) => ({ ...common(b), senderId: b.smsAccountId as string, templateId: b.templateId as string }),
};
const WHATSAPP: Channel = {
  channel: "whatsapp",
  schema: "campaign-create-whatsapp",
  toFields: (b) => ({
    ...common(b),
    senderId: b.waba_id as string,
    templateId: b.message as string,
    phoneNumberId: b.phoneNumberId as string | undefined,
    headerMediaId: b.headerMediaId as string | undefined,
    ...failover(b),
  }),
};

const pasted = (fields: CreateFields) => ({
  kind: "paste" as const,
  pasted: fields.numbers ?? "",
  totalBytes: (fields.numbers ?? "").length,
});

/** The audience without a file: a segment of the caller's (checked here), or the pasted numbers. */
const fileless = (request: FastifyRequest, ctx: RouteContext, fields: CreateFields): Promise<AudienceSource> =>
  fields.segmentId !== undefined
    ? segmentSource(ctx.db, callerOf(request), fields.segmentId)
    : Promise.resolve(pasted(fields));

/** The form: fields, then the file streamed to storage once the fields passed every check. */
async function fromForm(
  request: FastifyRequest,
  ctx: RouteContext,
  spec: Channel,
): Promise<{ checked: CheckedCampaign; stored?: StoredAudience; fields: CreateFields }> {
  const caller = callerOf(request);
  const maxBytes = ctx.config.audience?.maxBytes ?? AUDIENCE_MAX_BYTES;
  const raw: Record<string, string> = {};
  let stored: StoredAudience | undefined;
  let checked: CheckedCampaign | undefined;
  let fields: CreateFields | undefined;
  try {
    // One byte over the limit lets the upload see that the file is too large (the plugin truncates at its limit).
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 1 } })) {
      if (part.type === "field") {
        if (stored)
          throw badRequest(`${part.fieldname}: send the fields before the file`, [
            { field: part.fieldname, message: "send the fields before the file" },
          ]);
        raw[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== "file")
        throw badRequest(`${part.fieldname}: is not allowed`, [
          { field: part.fieldname, message: "is not allowed; send the audience file as file" },
        ]);
      fields = spec.toFields(decodeForm(raw, spec.schema));
      checked = await checkCreate(ctx.db, caller, spec.channel, fields, true, shortLinkOrigin(ctx.config));
      stored = await storeAudience(ctx.storage, part, maxBytes);
    }
  } catch (error) {
    if (stored) await ctx.storage.delete(stored.key).catch(() => undefined);
    throw audienceUploadError(request, error, maxBytes);
  }
  if (!checked || !fields) {
    fields = spec.toFields(decodeForm(raw, spec.schema));
    checked = await checkCreate(ctx.db, caller, spec.channel, fields, false, shortLinkOrigin(ctx.config));
  }
  return { checked, stored, fields };
}

function createHandler(spec: Channel) {
  return async (request: FastifyRequest, reply: FastifyReply, ctx: RouteContext) => {
    const { db, storage } = ctx;
    let checked: CheckedCampaign;
    let audience: AudienceSource;
    if (request.isMultipart()) {
      const form = await fromForm(request, ctx, spec);
      checked = form.checked;
      audience = form.stored
        ? { kind: form.stored.kind, key: form.stored.key, name: form.stored.name, totalBytes: form.stored.bytes }
        : await fileless(request, ctx, form.fields);
    } else {
      if (typeof request.body !== "object" || request.body === null)
        throw new HttpError(415, "Send the campaign as JSON or as multipart/form-data");
      const fields = spec.toFields(request.body as Raw);
      checked = await checkCreate(db, callerOf(request), spec.channel, fields, false, shortLinkOrigin(ctx.config));
      audience = await fileless(request, ctx, fields);
    }
    try {
      const row = await insertCampaign(db, checked, audience);
      const [record] = await toCampaignRecords(db, [row]);
      reply.status(201);
      return { success: true as const, message: "Campaign created", data: record };
    } catch (error) {
      if (audience.key) await storage.delete(audience.key).catch(() => undefined);
      throw error;
    }
  };
}

export const campaignCreateHandlers: Handlers = {
  "campaigns.create": createHandler(RCS),
  "sms.campaigns.create": createHandler(SMS),
  "waba.campaigns.create": createHandler(WHATSAPP),
};
