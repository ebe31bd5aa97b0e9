// The live control room's calls (issue 41, item 6): the figures (anyone who reaches the campaign, like
// campaigns.get), and the throttle and alerts (the sender's own: the owning account, or the department head that
// created it). Refusals write nothing; money leaves in rupees.
import { eq } from "drizzle-orm";
import { FINAL_CAMPAIGN_STATUSES } from "../../../contract/domain/campaigns";
import { callerOf } from "../../auth/guard";
import { campaigns, type CampaignAlertSettings } from "../../db/schema";
import type { Db } from "../../db/client";
import { badRequest, conflict, joinFieldErrors, type FieldError } from "../../http/errors";
import type { Caller } from "../../services/caller";
import { alertSettingsOf, changedKinds, rearm } from "../../services/campaigns/alerts";
import { campaignLive, liveContext, throttleOf } from "../../services/campaigns/live";
import { findCampaign, type CampaignRow } from "../../services/campaigns/reach";
import type { Handlers } from "../context";

/** The sender's own campaign: its owning account's, or the one a department head created. */
async function ownCampaign(db: Db, caller: Caller, id: string): Promise<CampaignRow> {
  const row = await findCampaign(db, caller, id, { owner: caller.role !== "department_head" });
  if (FINAL_CAMPAIGN_STATUSES.includes(row.status))
    throw conflict(`The campaign is ${row.status} and cannot be changed`);
  return row;
}

const reread = async (db: Db, id: string) => (await db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;

export const campaignLiveHandlers: Handlers = {
  "campaigns.live": async (request, _reply, { db, carrier }) => {
    const row = await findCampaign(db, callerOf(request), request.params.id);
    return { success: true, data: await campaignLive(db, row, await liveContext(db, carrier, row)) };
  },

  "campaigns.throttle": async (request, _reply, { db, carrier }) => {
    const row = await ownCampaign(db, callerOf(request), request.params.id);
    const ctx = await liveContext(db, carrier, row);
    // Validated by its schema (campaign-throttle); a ["integer", "null"] type is inferred loosely, so it is named here.
    const { perSecond } = request.body as { perSecond: number | null };
    const { max } = throttleOf(null, ctx.senderLimit);
    if (perSecond !== null && perSecond > max) {
      const errors = [{ field: "perSecond", message: `must be at most ${max}, the sender's limit` }];
      throw badRequest(joinFieldErrors(errors), errors);
    }
    // The dispatchers read it with the campaign's status (at most DISPATCH_STATUS_MS old): it applies within a second.
    await db
      .update(campaigns)
      .set({ throttlePerSecond: perSecond, updatedAt: new Date() })
      .where(eq(campaigns.id, row.id));
    const data = await campaignLive(db, await reread(db, row.id), ctx);
    return {
      success: true,
      message: perSecond === null ? "Throttle removed" : `Throttle set to ${perSecond} a second`,
      data,
    };
  },

  "campaigns.alerts": async (request, _reply, { db, carrier }) => {
    const row = await ownCampaign(db, callerOf(request), request.params.id);
    // Validated by its schema (campaign-alerts); its ["number", "null"] types are inferred loosely.
    const body = request.body as Omit<typeof request.body, "failureRatePercent" | "costLimit"> & {
      failureRatePercent: number | null;
      costLimit: number | null;
    };
    const errors: FieldError[] = [];
    // Paise are whole: more than two decimals is refused rather than rounded.
    if (body.costLimit !== null && Math.abs(Math.round(body.costLimit * 100) - body.costLimit * 100) > 1e-6)
      errors.push({ field: "costLimit", message: "must have at most two decimal places" });
    if (errors.length) throw badRequest(joinFieldErrors(errors), errors);
    const next: CampaignAlertSettings = {
      failureRatePercent: body.failureRatePercent,
      costLimitPaise: body.costLimit === null ? null : Math.round(body.costLimit * 100),
      pauseOnAlert: body.pauseOnAlert,
      targets: [...new Set(body.targets)],
    };
    // A threshold changed re-arms its kind: it may fire again (once) at the new figure.
    await db.transaction(async (tx) => {
      await tx.update(campaigns).set({ alerts: next, updatedAt: new Date() }).where(eq(campaigns.id, row.id));
      await rearm(tx as unknown as Db, row.id, changedKinds(alertSettingsOf(row.alerts), next));
    });
    const data = await campaignLive(db, await reread(db, row.id), await liveContext(db, carrier, row));
    return { success: true, message: "Alerts saved", data };
  },
};
