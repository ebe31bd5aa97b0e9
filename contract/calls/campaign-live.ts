import type { Static } from "@sinclair/typebox";
import { ALERT_KINDS, ALERT_TARGETS, type AlertKind, type AlertTarget } from "../domain/control-room";
import { CAMPAIGN_STATUSES, type CampaignStatus } from "../domain/campaigns";
import { ALL, campaignId, WORKSPACE } from "./access";
import { ID, replies } from "./replies";
import { Type } from "./type";
import type { CallDef } from "./types";

// Ours (issue 41, item 6): a running campaign's live control room. Its figures (throughput now and on average, ETA,
// errors per route), the throttle the sender moves while it runs, and the alerts (failure rate, cost) that ring the
// bell, mail the owner, call the account's webhooks and can pause it. The sender's own change them (manager, user,
// department head, in the campaign module); admins and resellers read their customers' like campaigns.get.

const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: "string", enum: [...values] });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
const When = Type.String({ format: "date-time" });

export const ThroughputBucketRecord = Type.Object({
  /** The bucket's start. */
  at: When,
  /** Messages the carrier accepted in the bucket, and sends it refused. */
  sent: Type.Integer(),
  failed: Type.Integer(),
});

/** One route the campaign's messages went by: its own channel's sender, or the SMS failover's. */
export const RouteErrorsRecord = Type.Object({
  route: Type.Union([Type.Literal("primary"), Type.Literal("failover")]),
  /** The carrier connection in words, e.g. "RCS · Acme bot (Google RBM)" or "SMS failover · ACMEIN (SMPP)". */
  label: Type.String(),
  sent: Type.Integer(),
  failed: Type.Integer(),
  /** failed / (sent + failed), 0..1; 0 when nothing was tried. */
  errorRate: Type.Number(),
  /**
   * The commonest failure reasons, most first (at most 5): in words (the provider's code read through the carriers'
   * error tables), with the provider's own text in `detail` when it says something else (null when it does not).
   */
  topErrors: Type.Array(Type.Object({ reason: Type.String(), detail: Nullable(Type.String()), count: Type.Integer() })),
});

export const AlertSettingsRecord = Type.Object({
  /** Alert when more than this share (1-100 %) of the newest outcomes failed; null: no failure-rate alert. */
  failureRatePercent: Nullable(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Alert when the campaign's spend passes this many rupees; null: no cost alert. */
  costLimit: Nullable(Type.Number({ minimum: 0 })),
  /** Pause the campaign (the auto-pause that exists) when an alert fires. */
  pauseOnAlert: Type.Boolean(),
  targets: Type.Array(enumOf<AlertTarget>(ALERT_TARGETS)),
});
export type AlertSettingsRecord = Static<typeof AlertSettingsRecord>;

export const FiredAlertRecord = Type.Object({
  kind: enumOf<AlertKind>(ALERT_KINDS),
  at: When,
  message: Type.String(),
  /** Whether it paused the campaign. */
  paused: Type.Boolean(),
});

export const CampaignLiveRecord = Type.Object({
  campaignId: Type.String(),
  status: enumOf<CampaignStatus>(CAMPAIGN_STATUSES),
  statusReason: Nullable(Type.String()),
  /** Recipients to send (the audience less those skipped), of them done (an outcome) and still waiting. */
  total: Type.Integer(),
  done: Type.Integer(),
  waiting: Type.Integer(),
  throughput: Type.Object({
    /** Messages per second over the last THROUGHPUT_NOW_SECONDS. */
    now: Type.Number(),
    /** Messages per second over the time it was sending (paused time not counted). */
    average: Type.Number(),
    /** The last THROUGHPUT_WINDOW_SECONDS in THROUGHPUT_BUCKET_SECONDS buckets, oldest first, empty ones included. */
    series: Type.Array(ThroughputBucketRecord),
  }),
  /** Seconds until the waiting recipients are sent at the current rate (the throttle's if nothing was sent lately); null when nothing waits or it is not sending. */
  etaSeconds: Nullable(Type.Integer()),
  throttle: Type.Object({
    /** The sender's setting; null: as fast as the sender allows. */
    perSecond: Nullable(Type.Integer()),
    /** What the dispatcher uses: the setting, within the sender's limit. */
    effective: Type.Integer(),
    min: Type.Integer(),
    /** The sender's (channel's) own limit. */
    max: Type.Integer(),
  }),
  routes: Type.Array(RouteErrorsRecord),
  /** Rupees: spent so far and the estimate. */
  cost: Type.Object({ spent: Type.Number(), estimated: Nullable(Type.Number()) }),
  alerts: AlertSettingsRecord,
  /** Alerts fired for this campaign, newest first (at most 20). */
  fired: Type.Array(FiredAlertRecord),
  /** When these figures were read. */
  at: When,
});
export type CampaignLiveRecord = Static<typeof CampaignLiveRecord>;

const Live = ok({ data: CampaignLiveRecord });
const LiveSaved = ok({ message: Type.String(), data: CampaignLiveRecord });

export const CAMPAIGN_LIVE_CALLS = {
  "campaigns.live": {
    method: "GET",
    path: "/api/v1/campaign-control/:id/live",
    access: ALL,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    response: replies({ 200: Live }),
    summary:
      "A campaign's live control room: throughput now and on average, ETA, throttle, errors per route, cost, alert settings and fired alerts",
  },
  "campaigns.throttle": {
    method: "PUT",
    path: "/api/v1/campaign-control/:id/throttle",
    access: WORKSPACE,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    bodySchema: "campaign-throttle",
    response: replies({ 200: LiveSaved }),
    summary:
      "Set how many messages per second the campaign sends (within its sender's limit; null for the limit); it takes effect while it runs",
  },
  "campaigns.alerts": {
    method: "PUT",
    path: "/api/v1/campaign-control/:id/alerts",
    access: WORKSPACE,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    bodySchema: "campaign-alerts",
    response: replies({ 200: LiveSaved }),
    summary:
      "Set the campaign's alerts: a failure-rate and a cost threshold, where they go (bell, mail, webhook) and whether they pause it",
  },
} as const satisfies Record<string, CallDef>;
