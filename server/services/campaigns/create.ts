import { and, asc, eq } from "drizzle-orm";
import type { CampaignChannel } from "../../../contract/constants";
import { DEFAULT_REGION, type FailoverCondition } from "../../../contract/domain/campaigns";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/sql";
import { checkMedia, type MediaKind } from "../../../contract/domain/media";
import { headerMediaFormat } from "../../../contract/domain/whatsapp-template";
import {
  campaigns,
  rcsBots,
  rcsTemplates,
  smsTemplates,
  uploads,
  wabaPhoneNumbers,
  wabas,
  whatsappTemplates,
} from "../../db/schema";
import type { CampaignFailover, CampaignHeaderMedia } from "../../db/schema/campaigns";
import { badRequest, joinFieldErrors, notFound, type FieldError } from "../../http/errors";
import { isUuid, type Caller } from "../caller";
import { reachableAccount } from "../sms/accounts";
import { columnRefs } from "./audience/columns";
import { contactKeysCheck } from "./contact-keys";
import { templateHeaderSource } from "./header-media";
import { rcsPlaceholderCount, smsPlaceholderCount, whatsappPlaceholderCount } from "./placeholders";
import type { CampaignRow } from "./reach";

/** A create call's fields, the same for its JSON body and its multipart form (after decoding). */
export interface CreateFields {
  campaignName: string;
  templateId: string;
  /** RCS bot id, SMS account id, or WABA id. */
  senderId: string;
  phoneNumberId?: string;
  /** WhatsApp: an upload of the caller's sent as the template's media header instead of the template's own. */
  headerMediaId?: string;
  numbers?: string;
  /** A saved segment of the caller's contacts as the audience (instead of a file or pasted numbers). */
  segmentId?: string;
  /** Upsert the file's accepted numbers into the owner's contacts (file audiences only). */
  saveToContacts?: boolean;
  /** SMS and RCS: URL values go out as per-recipient short links (contract/domain/links.ts). */
  trackLinks?: boolean;
  variables?: string[];
  defaultRegion?: string;
  smsFailover?: boolean;
  smsFailoverConditions?: FailoverCondition[];
  smsTemplate?: string;
  smsAccountId?: string;
  smsCustomParams?: string[];
}

/** What the checks fixed: everything of the campaign row except its audience. */
export interface CheckedCampaign {
  channel: CampaignChannel;
  userId: string;
  createdBy: string;
  name: string;
  templateId: string;
  templateName: string;
  botId: string | null;
  smsAccountId: string | null;
  wabaId: string | null;
  sender: string;
  senderLabel: string;
  variables: string[];
  failover: CampaignFailover | null;
  headerMedia: CampaignHeaderMedia | null;
  defaultRegion: string;
  saveToContacts: boolean;
  /** Tracked links: their origin, fixed at create so the estimate and the sends count the same length. */
  linkOrigin: string | null;
}

export const CREATE_NOT_FOUND = {
  bot: "Bot not found",
  rcsTemplate: "Template not found",
  smsTemplate: "SMS template not found",
  waba: "WhatsApp Business Account not found",
  waTemplate: "Template not found",
  phone: "Phone number not found",
  media: "Header media not found",
} as const;

const refuse = (errors: FieldError[]) => badRequest(joinFieldErrors(errors), errors);

function countCheck(field: string, values: readonly string[], expected: number): FieldError[] {
  if (values.length === expected) return [];
  return [
    {
      field,
      message: `the template has ${expected} placeholder${expected === 1 ? "" : "s"}; give ${expected} value${expected === 1 ? "" : "s"} (got ${values.length})`,
    },
  ];
}

/** Pasted numbers have no columns, so a `{{column}}` value cannot be filled (`{{contact.x}}` can: contacts can). */
function pasteCheck(fields: CreateFields, hasFile: boolean, field: string, values: readonly string[]): FieldError[] {
  // A segment's rows have columns too: number, name, email, language and the attribute keys.
  if (hasFile || fields.segmentId !== undefined) return [];
  const refs = columnRefs(values);
  return refs.length
    ? [{ field, message: `{{${refs[0]}}} names a column, but pasted numbers have no columns; upload a file` }]
    : [];
}

function audienceCheck(fields: CreateFields, hasFile: boolean): FieldError[] {
  if (fields.saveToContacts && !hasFile)
    return [{ field: "saveToContacts", message: "saves an audience file's numbers; upload a file to use it" }];
  if (fields.segmentId !== undefined && (hasFile || fields.numbers !== undefined))
    return [{ field: "segmentId", message: "send a segment, pasted numbers or a file, only one of them" }];
  if (fields.segmentId !== undefined) return [];
  if (hasFile && fields.numbers !== undefined)
    return [{ field: "numbers", message: "send either pasted numbers or a file, not both" }];
  if (!hasFile && !fields.numbers?.trim())
    return [{ field: "numbers", message: "is required (paste numbers, upload a file or choose a segment)" }];
  return [];
}

/** The owner of an SMS campaign: a department head works for its organization, which owns and pays. */
const ownerOf = (caller: Caller) =>
  caller.role === "department_head" && caller.parentId ? caller.parentId : caller.id;

async function smsTemplateOf(db: Db, accountId: string, templateId: string) {
  if (!isUuid(templateId)) throw notFound(CREATE_NOT_FOUND.smsTemplate);
  const [template] = await db
    .select()
    .from(smsTemplates)
    .where(and(eq(smsTemplates.id, templateId), eq(smsTemplates.smsAccountId, accountId)));
  if (!template) throw notFound(CREATE_NOT_FOUND.smsTemplate);
  return template;
}

/** The SMS failover part of a WhatsApp or RCS campaign (the schema already kept the conditions to the channel's). */
async function failoverOf(
  db: Db,
  caller: Caller,
  fields: CreateFields,
  hasFile: boolean,
): Promise<CampaignFailover | null> {
  if (!fields.smsFailover) return null;
  const errors: FieldError[] = [];
  if (!fields.smsAccountId) errors.push({ field: "smsAccountId", message: "is required for SMS failover" });
  if (!fields.smsTemplate) errors.push({ field: "smsTemplate", message: "is required for SMS failover" });
  if (!fields.smsFailoverConditions?.length)
    errors.push({ field: "smsFailoverConditions", message: "choose at least one condition" });
  if (errors.length) throw refuse(errors);
  const account = await reachableAccount(db, caller, fields.smsAccountId as string);
  const template = await smsTemplateOf(db, account.id, fields.smsTemplate as string);
  const params = fields.smsCustomParams ?? [];
  const more = [
    ...countCheck("smsCustomParams", params, smsPlaceholderCount(template.body)),
    ...pasteCheck(fields, hasFile, "smsCustomParams", params),
  ];
  if (more.length) throw refuse(more);
  return {
    conditions: fields.smsFailoverConditions as FailoverCondition[],
    smsAccountId: account.id,
    smsTemplateId: template.id,
    params,
  };
}

/**
 * A WhatsApp campaign's header file: the caller's upload named by `headerMediaId`, which must be of the header's
 * format within WhatsApp's size for it (an IMAGE header takes a JPEG or PNG up to 5 MB...). Without one the
 * template's own header media is sent, so a media-header template must have one (or a link from the provider).
 */
async function headerMediaOf(
  db: Db,
  caller: Caller,
  template: typeof whatsappTemplates.$inferSelect,
  uploadId: string | undefined,
): Promise<CampaignHeaderMedia | null> {
  const format = headerMediaFormat(template.components);
  const field = "headerMediaId";
  if (!format) {
    if (uploadId)
      throw refuse([
        { field, message: "the template's header is not an image, video or document; send no header media" },
      ]);
    return null;
  }
  const kind = format.toLowerCase() as MediaKind;
  if (!uploadId) {
    if (templateHeaderSource(template)) return null;
    throw refuse([
      {
        field,
        message: `the template's ${kind} header has no stored file; upload the header ${kind} for this campaign`,
      },
    ]);
  }
  if (!isUuid(uploadId)) throw notFound(CREATE_NOT_FOUND.media);
  const [upload] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.userId, caller.id), eq(uploads.channel, "whatsapp")));
  if (!upload) throw notFound(CREATE_NOT_FOUND.media);
  const verdict = checkMedia("whatsapp", upload.mimeType, upload.size, kind);
  if (!verdict.ok)
    throw refuse([
      { field, message: `the template has ${format === "IMAGE" ? "an" : "a"} ${format} header: ${verdict.message}` },
    ]);
  return {
    uploadId: upload.id,
    storageKey: upload.storageKey,
    mimeType: upload.mimeType,
    fileName: upload.originalName,
  };
}

/**
 * The create checks of every channel: the sender and template in the caller's reach (another tenant's answer 404),
 * the variables matching the template's placeholders, the failover fields. Template approval is the start check's.
 */
export async function checkCreate(
  db: Db,
  caller: Caller,
  channel: CampaignChannel,
  fields: CreateFields,
  hasFile: boolean,
  /** Where this installation's short links point (config SHORT_LINK_URL): kept by a tracked campaign. */
  linkOrigin: string,
): Promise<CheckedCampaign> {
  const variables = fields.variables ?? [];
  const early = [
    ...audienceCheck(fields, hasFile),
    ...pasteCheck(fields, hasFile, "variables", variables),
    ...(await contactKeysCheck(db, caller, fields)),
  ];
  if (early.length) throw refuse(early);
  const base = {
    channel,
    name: fields.campaignName.trim(),
    variables,
    defaultRegion: fields.defaultRegion ?? DEFAULT_REGION,
    saveToContacts: fields.saveToContacts === true,
    linkOrigin: fields.trackLinks === true ? linkOrigin : null,
    botId: null,
    smsAccountId: null,
    wabaId: null,
    failover: null,
    headerMedia: null,
  };

  if (channel === "rcs") {
    if (!isUuid(fields.senderId)) throw notFound(CREATE_NOT_FOUND.bot);
    const [bot] = await db
      .select()
      .from(rcsBots)
      .where(and(eq(rcsBots.id, fields.senderId), eq(rcsBots.userId, caller.id)));
    if (!bot) throw notFound(CREATE_NOT_FOUND.bot);
    if (!isUuid(fields.templateId)) throw notFound(CREATE_NOT_FOUND.rcsTemplate);
    const [template] = await db
      .select()
      .from(rcsTemplates)
      .where(and(eq(rcsTemplates.id, fields.templateId), eq(rcsTemplates.botId, bot.id)));
    if (!template) throw notFound(CREATE_NOT_FOUND.rcsTemplate);
    const errors = countCheck("variables", variables, rcsPlaceholderCount(template.draft));
    if (errors.length) throw refuse(errors);
    const failover = await failoverOf(db, caller, fields, hasFile);
    return {
      ...base,
      userId: caller.id,
      createdBy: caller.id,
      templateId: template.id,
      templateName: template.name,
      botId: bot.id,
      sender: bot.providerBotId ?? bot.id,
      senderLabel: bot.name,
      failover,
    };
  }

  if (channel === "sms") {
    const account = await reachableAccount(db, caller, fields.senderId);
    const template = await smsTemplateOf(db, account.id, fields.templateId);
    const errors = countCheck("variables", variables, smsPlaceholderCount(template.body));
    if (errors.length) throw refuse(errors);
    return {
      ...base,
      userId: ownerOf(caller),
      createdBy: caller.id,
      templateId: template.id,
      templateName: template.name,
      smsAccountId: account.id,
      sender: template.senderId,
      senderLabel: `${account.name} · ${template.senderId}`,
    };
  }

  const [waba] = await db
    .select()
    .from(wabas)
    .where(and(eq(wabas.userId, caller.id), eq(wabas.wabaId, fields.senderId)));
  if (!waba) throw notFound(CREATE_NOT_FOUND.waba);
  if (!isUuid(fields.templateId)) throw notFound(CREATE_NOT_FOUND.waTemplate);
  const [template] = await db
    .select()
    .from(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.id, fields.templateId),
        eq(whatsappTemplates.wabaId, waba.wabaId),
        eq(whatsappTemplates.userId, caller.id),
      ),
    );
  if (!template) throw notFound(CREATE_NOT_FOUND.waTemplate);
  const [phone] = await db
    .select()
    .from(wabaPhoneNumbers)
    .where(
      and(
        eq(wabaPhoneNumbers.wabaId, waba.id),
        fields.phoneNumberId ? eq(wabaPhoneNumbers.phoneNumberId, fields.phoneNumberId) : undefined,
      ),
    )
    .orderBy(asc(wabaPhoneNumbers.createdAt), asc(wabaPhoneNumbers.phoneNumberId))
    .limit(1);
  if (!phone) {
    if (fields.phoneNumberId) throw notFound(CREATE_NOT_FOUND.phone);
    throw refuse([{ field: "waba_id", message: "the WhatsApp Business Account has no phone number to send from" }]);
  }
  const errors = countCheck("variables", variables, whatsappPlaceholderCount(template.components));
  if (errors.length) throw refuse(errors);
  const headerMedia = await headerMediaOf(db, caller, template, fields.headerMediaId);
  const failover = await failoverOf(db, caller, fields, hasFile);
  return {
    ...base,
    userId: caller.id,
    createdBy: caller.id,
    templateId: template.id,
    templateName: template.name,
    wabaId: waba.wabaId,
    sender: phone.phoneNumberId,
    senderLabel: phone.displayPhoneNumber,
    failover,
    headerMedia,
  };
}

/** The split columns of an A/B test's campaign. */
export interface CampaignSplitPart {
  splitId: string;
  splitVariant: number | null;
  sliceLo: number;
  sliceHi: number;
  sliceSalt: string;
}

export interface AudienceSource {
  kind: "csv" | "xlsx" | "paste" | "segment";
  segmentId?: string;
  key?: string;
  name?: string;
  totalBytes: number;
  pasted?: string;
}

/** The new campaign: a draft due now, so the ingest job reads its audience at its next round. */
export async function insertCampaign(
  db: Db | Tx,
  checked: CheckedCampaign,
  audience: AudienceSource,
  id?: string,
  /** An A/B test's campaign: its split, variant and audience slice (services/campaign-splits). */
  split?: CampaignSplitPart,
): Promise<CampaignRow> {
  const [row] = await db
    .insert(campaigns)
    .values({
      ...(id ? { id } : {}),
      ...checked,
      ...split,
      status: "draft",
      sourceKind: audience.kind,
      segmentId: audience.segmentId ?? null,
      sourceKey: audience.key ?? null,
      sourceName: audience.name ?? null,
      pasted: audience.pasted ?? null,
      totalBytes: audience.totalBytes,
      nextRunAt: new Date(),
    })
    .returning();
  return row;
}
