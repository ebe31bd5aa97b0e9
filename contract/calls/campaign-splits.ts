import type { Static } from "@sinclair/typebox";
import { CAMPAIGN_CHANNELS, type CampaignChannel } from "../constants";
import { CAMPAIGN_STATUSES, type CampaignStatus } from "../domain/campaigns";
import { SPLIT_STATUSES, WINNER_METRICS, type SplitStatus, type WinnerMetric } from "../domain/splits";
import { ALL, WORKSPACE } from "./access";
import { PageQuery } from "./pagination";
import { ID, replies } from "./replies";
import { Type } from "./type";
import type { CallDef } from "./types";

// Ours (issue 41, item 4): A/B tests. A test is a group of 2-4 ordinary campaigns over one split audience, so every
// money, dispatch and report rule of a campaign holds for each variant. The sender's own (manager, user, department
// head, in the campaign module) create; admins and resellers read their customers' like campaigns.get.

const date = () => Type.Union([Type.String({ format: "date-time" }), Type.Null()]);
const nullableText = () => Type.Union([Type.String(), Type.Null()]);
const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: "string", enum: [...values] });
const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });

/** A variant's figures: recipients sent, and of them delivered, replied, clicked (people) and converted. */
const FiguresRecord = Type.Object({
  sent: Type.Integer(),
  delivered: Type.Integer(),
  replied: Type.Integer(),
  clicked: Type.Integer(),
  converted: Type.Integer(),
  /** Each metric's rate per recipient sent, 0..1. */
  rates: Type.Object({
    delivery: Type.Number(),
    reply: Type.Number(),
    click: Type.Number(),
    conversion: Type.Number(),
  }),
});

export const SplitVariantRecord = Type.Object({
  /** A, B, C, D; "Winner" for the remainder campaign. */
  label: Type.String(),
  campaignId: Type.String(),
  campaignName: Type.String(),
  channel: enumOf<CampaignChannel>(CAMPAIGN_CHANNELS),
  status: enumOf<CampaignStatus>(CAMPAIGN_STATUSES),
  statusReason: nullableText(),
  templateName: Type.String(),
  senderLabel: Type.String(),
  /** Share of the test (variants) in percent; the remainder's is of the whole audience. */
  sizePercent: Type.Integer(),
  sendAt: date(),
  /** Recipients its audience slice gave it. */
  recipients: Type.Integer(),
  figures: FiguresRecord,
});
export type SplitVariantRecord = Static<typeof SplitVariantRecord>;

export const CampaignSplitRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: enumOf<SplitStatus>(SPLIT_STATUSES),
  statusReason: nullableText(),
  source: Type.Object({ kind: Type.String(), segmentId: nullableText() }),
  testSharePercent: Type.Integer(),
  metric: enumOf<WinnerMetric>(WINNER_METRICS),
  decideAfterHours: Type.Integer(),
  /** When the winner is chosen: decide-after hours past the last variant's start; null until every variant started. */
  decideAt: date(),
  decidedAt: date(),
  /** The winner's position (0 = A) and why; null until decided. */
  winnerVariant: Type.Union([Type.Integer(), Type.Null()]),
  winnerReason: nullableText(),
  variants: Type.Array(SplitVariantRecord),
  /** The winner sent to the held-back rest; null before (or with a test share of 100%). */
  remainder: Type.Union([SplitVariantRecord, Type.Null()]),
  /** The leader against the runner-up by the metric (a two-proportion z-test at 95%). */
  significance: Type.String(),
  createdAt: Type.String({ format: "date-time" }),
});
export type CampaignSplitRecord = Static<typeof CampaignSplitRecord>;

export const CAMPAIGN_SPLIT_CALLS = {
  "campaignSplits.list": {
    method: "GET",
    path: "/api/v1/campaigns/splits",
    access: ALL,
    module: "campaign",
    query: PageQuery,
    response: replies({
      200: ok({
        data: Type.Array(CampaignSplitRecord),
        pagination: Type.Object({ total: Type.Integer(), page: Type.Integer(), limit: Type.Integer() }),
      }),
    }),
    summary: "A/B tests in the caller's reach, newest first, each with its variants' comparison",
  },
  "campaignSplits.get": {
    method: "GET",
    path: "/api/v1/campaigns/splits/:id",
    access: ALL,
    module: "campaign",
    params: ID,
    response: replies({ 200: ok({ data: CampaignSplitRecord }) }),
    summary: "One A/B test: its variants' sent, delivered, replied, clicked and converted, rates and significance",
  },
  "campaignSplits.create": {
    method: "POST",
    path: "/api/v1/campaigns/splits",
    access: WORKSPACE,
    module: "campaign",
    bodySchema: "campaign-split-create",
    multipart: true,
    response: replies({ 201: ok({ message: Type.String(), data: CampaignSplitRecord }) }),
    summary:
      "Create an A/B test: one campaign per variant over its slice of the audience (a segment or pasted numbers as JSON; an audience file as multipart: the test's JSON in the field `split`, then the CSV or Excel file in the part `file`), each started when its audience is read (or scheduled at its send time)",
  },
  "campaignSplits.decide": {
    method: "POST",
    path: "/api/v1/campaigns/splits/:id/decide",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    response: replies({ 200: ok({ message: Type.String(), data: CampaignSplitRecord }) }),
    summary:
      "Decide now: choose the winner by the test's metric before decide-after hours pass (the timer's own decision) and send it to the held-back rest; 409 when already decided, with no held-back share, or before every variant started",
  },
} as const satisfies Record<string, CallDef>;
