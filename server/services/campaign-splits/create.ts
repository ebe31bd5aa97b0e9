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

/** The shape, the audience choice and the send times; nothing is read from the database yet. */
function shapeCheck(body: SplitBody, now: Date): FieldError[] {
  const errors: FieldError[] = splitProblems({
    sizes: body.variants.map((v) => v.sizePercent),
    testSharePercent: body.testSharePercent,
    decideAfterHours: body.decideAfterHours,
  });
  if ((body.segmentId === undefined) === (body.numbers === undefined || !body.numbers.trim()))
    errors.push({ field: "segmentId", message: "choose a segment or paste numbers, one of them" });
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
async function checkVariants(db: Db, caller: Caller, body: SplitBody, linkOrigin: string): Promise<CheckedCampaign[]> {
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
            numbers: body.segmentId === undefined ? body.numbers : undefined,
            trackLinks: body.trackLinks,
          },
          false,
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

/**
 * Creates an A/B test: every check first (shape, audience, each variant's sender and template), then the split and
 * one draft campaign per variant in one transaction, each over its slice of the audience. The ingest reads each
 * variant's slice; the split job (jobs/campaign-splits.ts) starts each one once it is ready.
 */
export async function createSplit(
  db: Db,
  caller: Caller,
  body: SplitBody,
  linkOrigin: string,
  now: Date,
): Promise<SplitRow> {
  const early = shapeCheck(body, now);
  if (early.length) throw refuse(early);
  const checked = await checkVariants(db, caller, body, linkOrigin);
  const audience: AudienceSource =
    body.segmentId !== undefined
      ? await segmentSource(db, caller, body.segmentId)
      : { kind: "paste", pasted: body.numbers ?? "", totalBytes: (body.numbers ?? "").length };
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
        sourceKind: audience.kind === "segment" ? "segment" : "paste",
        segmentId: audience.segmentId ?? null,
        testSharePercent: body.testSharePercent,
        metric: body.metric,
        decideAfterHours: body.decideAfterHours,
        variants,
        nextRunAt: now,
      })
      .returning();
    for (const [i, one] of checked.entries())
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
