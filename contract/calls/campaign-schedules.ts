import type { Static } from "@sinclair/typebox";
import { Type } from "./type";
import { WORKSPACE } from "./access";
import { Confirmation, ID, replies } from "./replies";
import type { CallDef } from "./types";
import { SCHEDULE_FREQUENCIES, SCHEDULE_RUN_STATES, SCHEDULE_STATUSES } from "../domain/schedules";

// Ours (issue 41, item 5): recurring campaigns. The sender's own, as campaigns are: a manager or user its account's,
// a department head (SMS only, for its organization) the schedules it made; in the campaign module. Under
// /api/v1/campaign-schedules so SPEC's paths stay as they are.

const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const When = Type.String({ format: "date-time" });

export const ScheduleRuleRecord = Type.Object({
  frequency: Type.String({ enum: [...SCHEDULE_FREQUENCIES] }),
  time: Type.String(),
  daysOfWeek: Type.Optional(Type.Array(Type.Integer())),
  dayOfMonth: Type.Optional(Type.Integer()),
  timeZone: Type.String(),
  endDate: Type.Optional(Nullable(Type.String())),
});

export const CampaignScheduleRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  channel: Type.String({ enum: ["rcs", "sms", "whatsapp"] }),
  senderId: Type.String(),
  templateId: Type.String(),
  variables: Type.Array(Type.String()),
  audience: Type.Object({
    kind: Type.String({ enum: ["csv", "xlsx", "paste", "segment"] }),
    segmentId: Nullable(Type.String()),
    /** The segment's or the file's name; pasted numbers have none. */
    name: Nullable(Type.String()),
  }),
  rule: ScheduleRuleRecord,
  /** The rule in words: "Every Mon, Wed at 09:00 IST". */
  ruleText: Type.String(),
  status: Type.String({ enum: [...SCHEDULE_STATUSES] }),
  nextRunAt: Nullable(When),
  lastRun: Nullable(Type.Object({ plannedAt: When, state: Type.String({ enum: [...SCHEDULE_RUN_STATES] }) })),
  createdAt: When,
  updatedAt: When,
});
export type CampaignScheduleRecord = Static<typeof CampaignScheduleRecord>;

export const ScheduleRunRecord = Type.Object({
  id: Type.String(),
  plannedAt: When,
  state: Type.String({ enum: [...SCHEDULE_RUN_STATES] }),
  reason: Nullable(Type.String()),
  /** The run's own campaign (its report); null when none was made or it was deleted. */
  campaignId: Nullable(Type.String()),
  campaignName: Nullable(Type.String()),
  campaignStatus: Nullable(Type.String()),
});
export type ScheduleRunRecord = Static<typeof ScheduleRunRecord>;

export const CampaignScheduleDetail = Type.Object({
  ...CampaignScheduleRecord.properties,
  /** The next planned runs (none while paused). */
  nextRuns: Type.Array(When),
  /** Newest first, at most 100. */
  runs: Type.Array(ScheduleRunRecord),
});

const Saved = ok({ message: Type.String(), data: CampaignScheduleRecord });

export const CAMPAIGN_SCHEDULE_CALLS = {
  "campaignSchedules.list": {
    method: "GET",
    path: "/api/v1/campaign-schedules",
    access: WORKSPACE,
    module: "campaign",
    response: replies({ 200: ok({ data: Type.Array(CampaignScheduleRecord) }) }),
    summary: "The caller's recurring campaigns, newest first, with their rule in words and next run",
  },
  "campaignSchedules.get": {
    method: "GET",
    path: "/api/v1/campaign-schedules/:id",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    response: replies({ 200: ok({ data: CampaignScheduleDetail }) }),
    summary: "One schedule with its run history (each run's campaign) and its next 10 runs",
  },
  "campaignSchedules.create": {
    method: "POST",
    path: "/api/v1/campaign-schedules",
    access: WORKSPACE,
    module: "campaign",
    bodySchema: "campaign-schedule-save",
    response: replies({ 201: Saved }),
    summary:
      "Create a recurring campaign: a campaign's settings, its audience (a segment, an earlier campaign's file, or pasted numbers) and a rule",
  },
  "campaignSchedules.update": {
    method: "PUT",
    path: "/api/v1/campaign-schedules/:id",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    bodySchema: "campaign-schedule-save",
    response: replies({ 200: Saved }),
    summary: "Change a schedule's settings, audience or rule (its runs so far stay)",
  },
  "campaignSchedules.pause": {
    method: "POST",
    path: "/api/v1/campaign-schedules/:id/pause",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    response: replies({ 200: Saved }),
    summary: "Pause a schedule: no run until it is resumed; its history stays",
  },
  "campaignSchedules.resume": {
    method: "POST",
    path: "/api/v1/campaign-schedules/:id/resume",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    response: replies({ 200: Saved }),
    summary: "Resume a paused schedule from its next run after now (runs missed while paused are not made up)",
  },
  "campaignSchedules.delete": {
    method: "DELETE",
    path: "/api/v1/campaign-schedules/:id",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Delete a schedule and its run list; the campaigns its runs made stay, with their reports",
  },
} as const satisfies Record<string, CallDef>;
