import { randomUUID } from "node:crypto";
import type { CallBody } from "../../../contract/calls";
import { CAMPAIGN_NAME_MAX } from "../../../contract/domain/campaigns";
import { isTimeZone } from "../../../contract/domain/time-zone";
import { splitProblems, VARIANT_LABELS, variantSlices } from "../../../contract/domain/splits";
import type { Db } from "../../db/client";
import { campaignSplits } from "../../db/schema";
import type { SplitVariant } from "../../db/schema/campaign-splits";
import { badRequest, HttpError, joinFieldErrors, type FieldError } from "../../http/errors";
import type { Caller } from "../caller";
import { checkCreate, insertCampaign, type AudienceSource, type CheckedCampaign } from "../campaigns/create";
import { segmentSource } from "../segments/audience";
import type { SplitRow } from "./reach";

export type SplitBody = CallBody<"campaignSplits.create">;

const refuse = (errors: FieldError[]) => badRequest(joinFieldErrors(errors), errors);
export const DEFAULT_SPLIT_TIME_ZONE = "Asia/Kolkata";

/** The owner of a split: a department head works for its organization, as for its SMS campaigns. */
const ownerOf = (caller: Caller) =>
  caller.role === "department_head" && caller.parentId ? caller.parentId : caller.id;

/** A variant's campaign name: the test's, with the variant's letter (cut so it fits a campaign name). */
export const variantName = (name: string, label: string) =>
  `${name.trim().slice(0, CAMPAIGN_NAME_MAX - label.length - 3)} · ${label}`;

export const SPLIT_AUDIENCE_ONE = "choose a segment, paste numbers or upload a file, one of them";

/** The shape, the audience choice and the send times; nothing is read from the database yet. */
function shapeCheck(body: SplitBody, now: Date, withFile: boolean): FieldError[] {
  const errors: FieldError[] = splitProblems({
    sizes: body.variants.map((v) => v.sizePercent),
    testSharePercent: body.testSharePercent,
    decideAfterHours: body.decideAfterHours,
  });
  const given = [body.segmentId !== undefined, body.numbers !== undefined && !!body.numbers.trim(), withFile];
  if (given.filter(Boolean).length !== 1) errors.push({ field: "segmentId", message: SPLIT_AUDIENCE_ONE });
  if (body.timeZone !== undefined && !isTimeZone(body.timeZone))
    errors.push({ field: "timeZone", message: "is not a known IANA time zone" });
  body.variants.forEach((v, i) => {
    if (v.sendAt === undefined) return;
    const at = new Date(v.sendAt);
    if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime())
      errors.push({ field: `variants.${i}.sendAt`, message: "must be in the future" });
  });
  return errors;
}

/** Each variant's create checks (sender, template, variables in the caller's reach); a refusal names its variant. */
async function checkVariants(
  db: Db,
  caller: Caller,
  body: SplitBody,
  linkOrigin: string,
  withFile: boolean,
): Promise<CheckedCampaign[]> {
  const checked: CheckedCampaign[] = [];
  for (const [i, v] of body.variants.entries()) {
    const label = VARIANT_LABELS[i];
    try {
      checked.push(
        await checkCreate(
          db,
          caller,
          v.channel,
          {
            campaignName: variantName(body.name, label),
            templateId: v.templateId,
            senderId: v.senderId,
            phoneNumberId: v.phoneNumberId,
            variables: v.variables,
            segmentId: body.segmentId,
            numbers: body.segmentId === undefined && !withFile ? body.numbers : undefined,
            trackLinks: body.trackLinks,
          },
          withFile,
          linkOrigin,
        ),
      );
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const errors = error.errors?.map((e) => ({ field: `variants.${i}.${e.field}`, message: e.message }));
      throw new HttpError(error.statusCode, `Variant ${label}: ${error.message}`, errors);
    }
  }
  return checked;
}

/** A test that passed every check (shape, audience choice, each variant's sender and template); nothing written. */
export interface CheckedSplit {
  body: SplitBody;
  variants: CheckedCampaign[];
}

/**
 * Every check of a new A/B test, before anything is written; `withFile`: the audience is a file the caller stores
 * after these checks pass (the multipart form streams it only then), so neither a segment nor numbers may come too.
 */
export async function checkSplit(
  db: Db,
  caller: Caller,
  body: SplitBody,
  linkOrigin: string,
  now: Date,
  withFile = false,
): Promise<CheckedSplit> {
  const early = shapeCheck(body, now, withFile);
  if (early.length) throw refuse(early);
  return { body, variants: await checkVariants(db, caller, body, linkOrigin, withFile) };
}

/** The audience of a test without a file: a segment of the caller's (checked here), or the pasted numbers. */
export const filelessAudience = async (db: Db, caller: Caller, body: SplitBody): Promise<AudienceSource> =>
  body.segmentId !== undefined
    ? segmentSource(db, caller, body.segmentId)
    : { kind: "paste", pasted: body.numbers ?? "", totalBytes: (body.numbers ?? "").length };

/**
 * Writes a checked A/B test: the split and one draft campaign per variant in one transaction, each over its slice of
 * the audience. The ingest reads each variant's slice; the split job (jobs/campaign-splits.ts) starts each one once it
 * is ready.
 */
export async function insertSplit(
  db: Db,
  caller: Caller,
  checked: CheckedSplit,
  audience: AudienceSource,
  now: Date,
): Promise<SplitRow> {
  const { body } = checked;
  const id = randomUUID();
  const slices = variantSlices(
    body.testSharePercent,
    body.variants.map((v) => v.sizePercent),
  );
  const campaignIds = body.variants.map(() => randomUUID());
  const timeZone = body.timeZone ?? DEFAULT_SPLIT_TIME_ZONE;
  const variants: SplitVariant[] = body.variants.map((v, i) => ({
    campaignId: campaignIds[i],
    sizePercent: v.sizePercent,
    sendAt: v.sendAt ? new Date(v.sendAt).toISOString() : null,
    timeZone: v.sendAt ? timeZone : null,
  }));
  return db.transaction(async (tx) => {
    const [split] = await tx
      .insert(campaignSplits)
      .values({
        id,
        userId: ownerOf(caller),
        createdBy: caller.id,
        name: body.name.trim(),
        sourceKind: audience.kind,
        segmentId: audience.segmentId ?? null,
        testSharePercent: body.testSharePercent,
        metric: body.metric,
        decideAfterHours: body.decideAfterHours,
        variants,
        nextRunAt: now,
      })
      .returning();
    for (const [i, one] of checked.variants.entries())
      await insertCampaign(tx, one, audience, campaignIds[i], {
        splitId: id,
        splitVariant: i,
        sliceLo: slices[i].lo,
        sliceHi: slices[i].hi,
        sliceSalt: id,
      });
    return split;
  });
}

/** Creates an A/B test over a segment or pasted numbers (the JSON call): every check, then the writes. */
export async function createSplit(
  db: Db,
  caller: Caller,
  body: SplitBody,
  linkOrigin: string,
  now: Date,
): Promise<SplitRow> {
  const checked = await checkSplit(db, caller, body, linkOrigin, now);
  return insertSplit(db, caller, checked, await filelessAudience(db, caller, body), now);
}
