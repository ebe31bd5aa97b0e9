import type { CampaignChannel } from "../../../contract/constants";
import { CAMPAIGN_NAME_MAX } from "../../../contract/domain/campaigns";
import { nextRun, ruleProblems, SCHEDULE_MESSAGES, type ScheduleRule } from "../../../contract/domain/schedules";
import type { CallBody } from "../../../contract/calls";
import type { Db } from "../../db/client";
import type { ScheduleSettings } from "../../db/schema/campaign-schedules";
import { badRequest, forbidden, joinFieldErrors, type FieldError } from "../../http/errors";
import type { Caller } from "../caller";
import { checkCreate, type AudienceSource, type CheckedCampaign, type CreateFields } from "../campaigns/create";
import { findCampaign } from "../campaigns/reach";
import { segmentSource } from "../segments/audience";

// What a schedule's save checks, and what a run checks again: the campaign fields through the create service's own
// checks (so a schedule is refused exactly when the campaign would be), the audience, and the rule.

export type ScheduleBody = CallBody<"campaignSchedules.create">;

export const SCHEDULE_SAVE_MESSAGES = {
  oneAudience: "choose one audience: a segment, an earlier campaign's file, or pasted numbers",
  notAFile: "is not a campaign of yours with an uploaded audience file",
  deptHeadSms: "A department head schedules SMS campaigns only",
} as const;

const refuse = (errors: FieldError[]) => badRequest(joinFieldErrors(errors), errors);

/** The rule as stored: only the fields its frequency uses, the zone India's unless another was given. */
export function ruleOf(body: ScheduleBody["rule"]): ScheduleRule {
  return {
    frequency: body.frequency,
    time: body.time,
    timeZone: body.timeZone,
    ...(body.frequency === "weekly" ? { daysOfWeek: [...(body.daysOfWeek ?? [])].sort((a, b) => a - b) } : {}),
    ...(body.frequency === "monthly" && body.dayOfMonth !== undefined ? { dayOfMonth: body.dayOfMonth } : {}),
    endDate: (body.endDate as string | null | undefined) ?? null,
  };
}

/** The rule's problems as the body's fields (`rule.time` …), and its first run after `now`. */
export function checkedRule(rule: ScheduleRule, now: Date): Date {
  const problems = ruleProblems(rule).map((p) => ({ field: `rule.${p.field}`, message: p.message }));
  if (problems.length) throw refuse(problems);
  const first = nextRun(rule, now);
  if (!first) throw refuse([{ field: "rule.endDate", message: SCHEDULE_MESSAGES.ended }]);
  return first;
}

export interface ScheduleSource {
  settings: ScheduleSettings;
  audience: AudienceSource;
}

/** The create service's fields for a run (or the save's check), named as the run's campaign will be. */
export const createFieldsOf = (
  settings: ScheduleSettings,
  campaignName: string,
  audience: Pick<AudienceSource, "kind" | "segmentId" | "pasted">,
): CreateFields => ({
  ...settings,
  campaignName: campaignName.slice(0, CAMPAIGN_NAME_MAX),
  segmentId: audience.kind === "segment" ? (audience.segmentId ?? undefined) : undefined,
  numbers: audience.kind === "paste" ? (audience.pasted ?? "") : undefined,
});

/** The audience of the body: a segment of the caller's, the stored file of a campaign in its reach, or pasted numbers. */
async function audienceOf(db: Db, caller: Caller, body: ScheduleBody): Promise<AudienceSource> {
  const given = [body.segmentId, body.fileFromCampaignId, body.numbers].filter((v) => v !== undefined);
  if (given.length !== 1) throw refuse([{ field: "segmentId", message: SCHEDULE_SAVE_MESSAGES.oneAudience }]);
  if (body.segmentId !== undefined) return segmentSource(db, caller, body.segmentId);
  if (body.fileFromCampaignId !== undefined) {
    const field = "fileFromCampaignId";
    const campaign = await findCampaign(db, caller, body.fileFromCampaignId).catch(() => undefined);
    if (!campaign || (campaign.sourceKind !== "csv" && campaign.sourceKind !== "xlsx") || !campaign.sourceKey)
      throw refuse([{ field, message: SCHEDULE_SAVE_MESSAGES.notAFile }]);
    return {
      kind: campaign.sourceKind,
      key: campaign.sourceKey,
      name: campaign.sourceName ?? undefined,
      totalBytes: campaign.totalBytes,
    };
  }
  const pasted = body.numbers ?? "";
  return { kind: "paste", pasted, totalBytes: pasted.length };
}

/**
 * Checks a save: the channel for the caller, the audience, the campaign fields by the create service's checks (sender
 * and template in reach, the variables' count), and the rule. Writes nothing.
 */
export async function checkSave(
  db: Db,
  caller: Caller,
  body: ScheduleBody,
  linkOrigin: string,
): Promise<{ checked: CheckedCampaign; source: ScheduleSource; rule: ScheduleRule }> {
  const channel = body.channel as CampaignChannel;
  if (caller.role === "department_head" && channel !== "sms") throw forbidden(SCHEDULE_SAVE_MESSAGES.deptHeadSms);
  const audience = await audienceOf(db, caller, body);
  const settings: ScheduleSettings = {
    templateId: body.templateId,
    senderId: body.senderId,
    variables: body.variables ?? [],
    ...(body.phoneNumberId !== undefined ? { phoneNumberId: body.phoneNumberId } : {}),
    ...(body.headerMediaId !== undefined ? { headerMediaId: body.headerMediaId } : {}),
    ...(body.defaultRegion !== undefined ? { defaultRegion: body.defaultRegion } : {}),
    ...(body.trackLinks !== undefined ? { trackLinks: body.trackLinks } : {}),
  };
  const fields = createFieldsOf(settings, body.name, audience);
  const hasFile = audience.kind === "csv" || audience.kind === "xlsx";
  const checked = await checkCreate(db, caller, channel, fields, hasFile, linkOrigin);
  return { checked, source: { settings, audience }, rule: ruleOf(body.rule) };
}
