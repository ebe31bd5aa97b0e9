// A running campaign's alerts (issue 41, item 6): its sender sets a failure-rate and a cost threshold; when one is
// passed the alert fires once (the unique index over the not re-armed rows of campaign_alerts_fired lets exactly one
// process write it), rings the bell of the campaign's owner and creator, mails them, calls the account's webhooks
// (`campaign.alert`) and, with pause-on-alert, pauses the campaign through its status transition.
import type { FastifyBaseLogger } from "fastify";
import type { Server } from "socket.io";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  ALERT_FAILURE_MINIMUM,
  ALERT_LABELS,
  ALERT_MESSAGES,
  ALERT_TARGETS,
  type AlertKind,
} from "../../../contract/domain/control-room";
import { formatINR } from "../../../contract/domain/inr";
import type { Db } from "../../db/client";
import { campaignAlertsFired, campaigns, users, type CampaignAlertSettings } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import type { SendMail } from "../accounts/mailer";
import { notifyMany } from "../notifications/notify";
import { enqueueWebhookEvent } from "../webhooks/enqueue";
import { transition } from "./status";

export interface AlertDeps {
  db: Db;
  io: Server;
  sendMail: SendMail;
  log: FastifyBaseLogger;
}

/** A campaign without alerts set: none armed, every target chosen (what the console offers first). */
export const NO_ALERTS: CampaignAlertSettings = {
  failureRatePercent: null,
  costLimitPaise: null,
  pauseOnAlert: false,
  targets: [...ALERT_TARGETS],
};

export const alertSettingsOf = (stored: CampaignAlertSettings | null | undefined): CampaignAlertSettings =>
  stored ?? NO_ALERTS;

/** Whether the alerts watch anything (a campaign with none costs the dispatcher nothing). */
export const alertsArmed = (a: CampaignAlertSettings | null | undefined): boolean =>
  !!a && (a.failureRatePercent !== null || a.costLimitPaise !== null);

/** The kinds whose threshold a save changes: those are re-armed (their fired row stays in the history). */
export function changedKinds(before: CampaignAlertSettings, after: CampaignAlertSettings): AlertKind[] {
  const kinds: AlertKind[] = [];
  if (before.failureRatePercent !== after.failureRatePercent) kinds.push("failure-rate");
  if (before.costLimitPaise !== after.costLimitPaise) kinds.push("cost");
  return kinds;
}

/** Re-arms `kinds` of the campaign (in the save's transaction). */
export async function rearm(db: Db, campaignId: string, kinds: readonly AlertKind[]): Promise<void> {
  if (kinds.length === 0) return;
  await db
    .update(campaignAlertsFired)
    .set({ rearmedAt: new Date() })
    .where(
      and(
        eq(campaignAlertsFired.campaignId, campaignId),
        inArray(campaignAlertsFired.kind, [...kinds]),
        isNull(campaignAlertsFired.rearmedAt),
      ),
    );
}

/** A failure share past the alert: over the newest outcomes, and not on fewer than ALERT_FAILURE_MINIMUM of them. */
export function failurePast(
  settings: CampaignAlertSettings,
  window: { failed: number; n: number },
): number | undefined {
  if (settings.failureRatePercent === null || window.n < ALERT_FAILURE_MINIMUM) return undefined;
  const percent = (window.failed / window.n) * 100;
  return percent > settings.failureRatePercent ? Math.round(percent) : undefined;
}

/** Spend (paise) past the cost alert. */
export const costPast = (settings: CampaignAlertSettings, spentPaise: number): boolean =>
  settings.costLimitPaise !== null && spentPaise > settings.costLimitPaise;

const rupees = (paise: number) => formatINR(paise / 100);

/**
 * Fires `kind` for the campaign if it is armed: `value` is the failure share (%) or the spend (paise). Answers
 * whether it fired here, and whether that paused the campaign. Nothing is written when the kind already fired.
 */
export async function fireAlert(
  deps: AlertDeps,
  campaignId: string,
  kind: AlertKind,
  value: number,
): Promise<{ fired: boolean; paused: boolean }> {
  const { db } = deps;
  const [c] = await db
    .select({
      id: campaigns.id,
      name: campaigns.name,
      channel: campaigns.channel,
      userId: campaigns.userId,
      createdBy: campaigns.createdBy,
      alerts: campaigns.alerts,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  const settings = alertSettingsOf(c?.alerts);
  const threshold = kind === "failure-rate" ? settings.failureRatePercent : settings.costLimitPaise;
  if (!c || threshold === null) return { fired: false, paused: false };
  const message =
    kind === "failure-rate"
      ? ALERT_MESSAGES.failureRate(c.name, value, threshold)
      : ALERT_MESSAGES.cost(c.name, rupees(value), rupees(threshold));
  const [row] = await rowsOf<{ id: number; at: Date | string }>(
    db,
    sql`insert into campaign_alerts_fired (campaign_id, kind, message) values (${c.id}, ${kind}, ${message})
        on conflict (campaign_id, kind) where rearmed_at is null do nothing returning id::float8 as id, at`,
  );
  if (!row) return { fired: false, paused: false };
  let paused = false;
  if (settings.pauseOnAlert) {
    const moved = await transition(db, c.id, "paused", { statusReason: `${ALERT_MESSAGES.paused}: ${message}` }, [
      "running",
    ]);
    paused = !!moved;
    if (paused) await db.update(campaignAlertsFired).set({ paused }).where(eq(campaignAlertsFired.id, row.id));
  }
  const at = new Date(row.at).toISOString();
  const people = [...new Set([c.userId, c.createdBy].filter((id): id is string => !!id))];
  const targets = new Set(settings.targets);
  const tasks: Promise<unknown>[] = [];
  if (targets.has("bell"))
    tasks.push(
      notifyMany(
        { db, io: deps.io },
        people.map((userId) => ({
          userId,
          note: {
            kind: "campaign_alert",
            key: `campaign-alert:${row.id}`,
            title: `${ALERT_LABELS[kind]} alert${paused ? ` · ${ALERT_MESSAGES.paused}` : ""}`,
            body: message,
            link: `campaigns/individual-reports?campaignId=${c.id}`,
          },
        })),
      ),
    );
  if (targets.has("mail")) {
    const emails = await db.select({ email: users.email }).from(users).where(inArray(users.id, people));
    for (const { email } of emails)
      tasks.push(
        deps.sendMail({
          to: email,
          subject: `${ALERT_LABELS[kind]} alert: ${c.name}`,
          body: [message, ...(paused ? [`${ALERT_MESSAGES.paused}.`] : [])].join("\n\n"),
        }),
      );
  }
  if (targets.has("webhook"))
    tasks.push(
      enqueueWebhookEvent(db, c.userId, "campaign.alert", {
        campaignId: c.id,
        name: c.name,
        channel: c.channel,
        kind,
        message,
        threshold: kind === "cost" ? threshold / 100 : threshold,
        value: kind === "cost" ? value / 100 : value,
        paused,
        at,
      }),
    );
  // One target failing (a mail server down) does not keep the others from going out.
  for (const result of await Promise.allSettled(tasks))
    if (result.status === "rejected") deps.log.error({ err: result.reason, campaignId: c.id }, "campaign alert");
  return { fired: true, paused };
}

/** How long a process leaves a kind it tried alone (the insert-once makes another try cheap, and re-arming needs it). */
const RETRY_MS = 30_000;

export interface AlertWatch {
  /** `kind` may be past its threshold at `value` (failure %, spend in paise): fire it unless tried lately. */
  check(id: string, kind: AlertKind, settings: CampaignAlertSettings, value: number): void;
}

/** The dispatcher's side: checks come from the auto-pause watch (failures) and each claim (spend). */
export function createAlertWatch(deps: AlertDeps | undefined, onPaused: (id: string) => void): AlertWatch {
  const tried = new Map<string, { threshold: number; at: number }>();
  return {
    check(id, kind, settings, value) {
      if (!deps) return;
      const threshold = kind === "cost" ? settings.costLimitPaise : settings.failureRatePercent;
      if (threshold === null) return;
      const memo = `${id}:${kind}`;
      const last = tried.get(memo);
      if (last && last.threshold === threshold && Date.now() - last.at < RETRY_MS) return;
      tried.set(memo, { threshold, at: Date.now() });
      void fireAlert(deps, id, kind, value)
        .then(({ paused }) => paused && onPaused(id))
        .catch((err: unknown) => {
          tried.delete(memo);
          deps.log.error({ err, campaignId: id }, "campaign alert failed");
        });
    },
  };
}
