import { eq } from "drizzle-orm";
import type { CampaignChannel } from "../../../contract/constants";
import { RATE_KEYS, type CampaignStatus } from "../../../contract/domain/campaigns";
import { CHARGE_BASES } from "../../../contract/domain/charging";
import { callerOf } from "../../auth/guard";
import { channelRates, smsTemplates } from "../../db/schema";
import type { Caller } from "../../services/caller";
import { preCheck, storeDraftEstimate, type CheckOptions } from "../../services/campaigns/check";
import { skipLabels, skippedSample } from "../../services/campaigns/check-skips";
import {
  discardCampaign,
  pauseCampaign,
  resumeCampaign,
  scheduleCampaign,
  startCampaign,
} from "../../services/campaigns/control";
import { loadRates, type Rates } from "../../services/campaigns/rates";
import { loadRatesFor } from "../../services/rates/cards";
import { auditGlobal } from "../../services/rates/record";
import { findCampaign, type CampaignRow } from "../../services/campaigns/reach";
import { toCampaignRecords } from "../../services/campaigns/records";
import { WINDOWED_SMS_CATEGORIES } from "../../services/campaigns/sms-window";
import type { Db } from "../../db/client";
import { badRequest, conflict, joinFieldErrors } from "../../http/errors";
import type { CallRequest, Handler, Handlers, RouteContext } from "../context";
import { campaignLiveHandlers } from "./live";
import { testSend } from "./test-send";

// The pre-send check, start (per channel), schedule, pause, resume, discard (owner and operator) and the admin's
// rates. Money leaves the server in rupees; everything below works in paise.

const rupees = (paise: number) => paise / 100;
const CHECKABLE: readonly CampaignStatus[] = ["ready", "scheduled", "paused"];

export const checkOptions = (config: RouteContext["config"]): CheckOptions => ({
  now: config.now?.() ?? new Date(),
  smsWindow: config.smsWindow,
});

async function saved(db: Db, row: CampaignRow, message: string) {
  const [data] = await toCampaignRecords(db, [row]);
  return { success: true as const, message, data };
}

const ratesInRupees = (rates: Rates) => ({
  ...(Object.fromEntries(RATE_KEYS.map((k) => [k, rupees(rates[k])])) as Record<(typeof RATE_KEYS)[number], number>),
  sms_billed_on: rates.smsBilledOn,
});

type StartId = "campaigns.start" | "sms.campaigns.start" | "waba.campaigns.start";

function start(channel: CampaignChannel): Handler<StartId> {
  return async (request: CallRequest<StartId>, _reply, { db, config }) => {
    const caller = callerOf(request);
    const found = await findCampaign(db, caller, request.params.id, { channel, owner: true });
    const row = await startCampaign(db, found, caller, checkOptions(config));
    return saved(db, row, row.status === "scheduled" ? (row.statusReason ?? "Campaign scheduled") : "Campaign started");
  };
}

type DiscardId = "campaigns.discard" | "sms.campaigns.discard" | "campaigns.operatorDiscard";

function discard(find: (db: Db, caller: Caller, id: string) => Promise<CampaignRow>): Handler<DiscardId> {
  return async (request: CallRequest<DiscardId>, _reply, { db }) => {
    const caller = callerOf(request);
    const found = await find(db, caller, request.params.id);
    const operator = found.userId !== caller.id;
    const row = await discardCampaign(db, found, caller, operator ? `Discarded by ${caller.username}` : null);
    return saved(db, row, "Campaign discarded");
  };
}

/** Whether the campaign's sending is bound to the SMS window (promotional and service-explicit SMS). */
async function windowed(db: Db, row: CampaignRow): Promise<boolean> {
  if (row.channel !== "sms") return false;
  const [template] = await db
    .select({ category: smsTemplates.category })
    .from(smsTemplates)
    .where(eq(smsTemplates.id, row.templateId));
  return !!template && (WINDOWED_SMS_CATEGORIES as readonly string[]).includes(template.category);
}

export const campaignControlHandlers: Handlers = {
  // The admin reads the global card; anyone else what it pays (its rate card, services/rates/cards.ts).
  "rates.get": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const rates = caller.role === "admin" ? await loadRates(db) : await loadRatesFor(db, caller.id);
    return { success: true, data: ratesInRupees(rates) };
  },

  "rates.update": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const body = request.body;
    // Paise are whole: more than two decimals is refused rather than rounded (0.29 × 100 is float noise, not a third
    // decimal).
    const given = RATE_KEYS.flatMap((key) => (body[key] === undefined ? [] : [[key, body[key]] as const]));
    const errors = given
      .filter(([, rupee]) => Math.abs(Math.round(rupee * 100) - rupee * 100) > 1e-6)
      .map(([field]) => ({ field, message: "must have at most two decimal places" }));
    if (errors.length) throw badRequest(joinFieldErrors(errors), errors);
    await db.transaction(async (tx) => {
      const current = await loadRates(tx);
      const smsBilledOn = CHARGE_BASES.find((b) => b === body.sms_billed_on) ?? current.smsBilledOn;
      // The basis alone is a change of the SMS rate's row too.
      const rows =
        body.sms_billed_on && !given.some(([key]) => key === "sms")
          ? [...given, ["sms", current.sms / 100] as const]
          : given;
      // Every change of a rate is audited (who, when, old, new): the global card's as the cards' are.
      await auditGlobal(
        tx,
        { id: caller.id, impersonatedBy: caller.impersonatedBy },
        rows.map(([key, rupee]) => ({
          key,
          oldPaise: current[key],
          newPaise: Math.round(rupee * 100),
          ...(key === "sms" ? { billedOn: { old: current.smsBilledOn, new: smsBilledOn } } : {}),
        })),
        new Date(),
      );
      for (const [key, rupee] of rows) {
        const v = {
          key,
          paise: Math.round(rupee * 100),
          billedOn: key === "sms" ? smsBilledOn : ("submitted" as const),
          updatedBy: caller.id,
          updatedAt: new Date(),
        };
        await tx
          .insert(channelRates)
          .values(v)
          .onConflictDoUpdate({
            target: channelRates.key,
            set: { paise: v.paise, billedOn: v.billedOn, updatedBy: v.updatedBy, updatedAt: v.updatedAt },
          });
      }
    });
    return { success: true, message: "Rates updated", data: ratesInRupees(await loadRates(db)) };
  },

  "campaigns.check": async (request, _reply, { db, config }) => {
    const caller = callerOf(request);
    const row = await findCampaign(db, caller, request.params.id, { owner: true });
    // Before the audience is read there is nothing to count; after the end there is nothing left to send.
    if (!CHECKABLE.includes(row.status)) throw conflict(`The campaign is ${row.status} and cannot be checked`);
    const options = checkOptions(config);
    const check = await preCheck(db, row, options);
    if (row.status === "ready") await storeDraftEstimate(db, row, options.now, check);
    return {
      success: true,
      data: {
        campaignId: row.id,
        valid: check.valid,
        sendable: check.sendable,
        skipped: skipLabels(check.skipped),
        skippedNumbers: await skippedSample(db, row, check, options.now),
        blockers: check.blockers,
        window: {
          openNow: check.window.openNow,
          nextOpenAt: check.window.nextOpenAt?.toISOString() ?? null,
          message: check.window.message,
        },
        messagingLimit: check.messagingLimit,
        estimate: {
          channel: row.channel,
          perMessage: rupees(check.estimate.perMessagePaise),
          segments: check.estimate.segments,
          smsParts: check.estimate.smsParts,
          category: check.estimate.category,
          expected: rupees(check.estimate.expectedPaise),
          failover: rupees(check.estimate.failoverPaise),
          total: rupees(check.estimate.totalPaise),
        },
        balance: rupees(check.balancePaise),
        enoughBalance: check.balancePaise >= check.estimate.totalPaise,
      },
    };
  },

  "campaigns.start": start("rcs"),
  "sms.campaigns.start": start("sms"),
  "waba.campaigns.start": start("whatsapp"),

  "campaigns.schedule": async (request, _reply, { db, config }) => {
    const caller = callerOf(request);
    const found = await findCampaign(db, caller, request.params.id, { owner: true });
    const row = await scheduleCampaign(db, found, caller, checkOptions(config), request.body);
    return saved(db, row, row.statusReason ?? `Campaign scheduled for ${row.scheduledAt?.toISOString()}`);
  },

  "campaigns.testSend": testSend,

  "campaigns.pause": async (request, _reply, { db }) => {
    const found = await findCampaign(db, callerOf(request), request.params.id, { owner: true });
    return saved(db, await pauseCampaign(db, found), "Campaign paused");
  },

  "campaigns.resume": async (request, _reply, { db, config }) => {
    const found = await findCampaign(db, callerOf(request), request.params.id, { owner: true });
    const row = await resumeCampaign(db, found, checkOptions(config), await windowed(db, found));
    return saved(db, row, row.status === "scheduled" ? (row.statusReason ?? "Campaign scheduled") : "Campaign resumed");
  },

  // The platform's discard takes the owner's campaign of any channel; the SMS call only SMS campaigns.
  "campaigns.discard": discard((db, caller, id) => findCampaign(db, caller, id, { owner: true })),
  "sms.campaigns.discard": discard((db, caller, id) => findCampaign(db, caller, id, { channel: "sms", owner: true })),
  // Admin: any campaign; reseller: its accounts' (campaignReach).
  "campaigns.operatorDiscard": discard((db, caller, id) => findCampaign(db, caller, id)),

  ...campaignLiveHandlers,
};
