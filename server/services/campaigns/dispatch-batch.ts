// A batch's two transactions around its sends: the claim (the campaign row locked, so the hold check and the charge
// see no other claim in between) and the write of its outcomes.
import { sql } from "drizzle-orm";
import type { MessageContent } from "../../carriers/carrier";
import { hot, type Db } from "../../db/client";
import { FOR_ROW_LOCK } from "../../db/locks";
import { rowsOf, type Tx } from "../../db/sql";
import { enqueueWebhookEvents } from "../webhooks/enqueue";
import { recipientStatusEvents } from "../webhooks/events";
import { webhooksWanted } from "../webhooks/subscribers";
import type { DispatchCampaign } from "./dispatch-campaign";
import { recipientValues } from "../links/tracked";
import { contentFor, costOf } from "./dispatch-content";
import { failoverPending, holdOnlyForFailovers, ruleOf } from "./dispatch-failover";
import { HOLD_USED_UP, type DispatchSettings } from "./dispatch-settings";
import { hasPending, markSending, selectQueued, writeOutcomes, type ClaimedRow, type Outcome } from "./dispatch-sql";
import { longestParts } from "./estimate";
import { releaseHold, settle } from "./money";
import type { Rates } from "./rates";
import { freeWindows } from "./service-window";
import { transition } from "./status";

export interface Prepared {
  row: ClaimedRow;
  content: MessageContent;
  cost: number;
}

export type Claim =
  | { kind: "stopped" }
  | { kind: "empty" }
  | { kind: "paused" }
  /** `spentPaise`: the campaign's spend with this batch charged. */
  | { kind: "claimed"; items: Prepared[]; spentPaise: number };

/**
 * Claims one batch: the campaign row is locked so the hold check and the charge see no other claim in between.
 * `onStatus` hears the status read under the lock.
 */
export async function claim(
  db: Db,
  c: DispatchCampaign,
  size: number,
  rates: Rates,
  settings: Pick<DispatchSettings, "failoverTtlMs" | "leaseMs">,
  onStatus: (status: string) => void,
): Promise<Claim> {
  return db.transaction(async (txDb): Promise<Claim> => {
    const tx = txDb as unknown as Tx;
    const [row] = await rowsOf<{ status: string; held: number; spent: number }>(
      tx,
      hot(
        sql`select status, held_paise::float8 as held, spent_paise::float8 as spent from campaigns where id = ${c.id} ${FOR_ROW_LOCK}`,
      ),
    );
    // Read under the row lock, so fresher than any status read: a resumed campaign is not taken for still paused.
    if (row) onStatus(row.status);
    if (!row || row.status !== "running") return { kind: "stopped" };
    const rows = await selectQueued(tx, c.id, size);
    if (rows.length === 0) {
      if (await hasPending(tx, c.id)) return { kind: "empty" };
      if (c.failover && (await failoverPending(tx, c.id, ruleOf(c.failover), settings.failoverTtlMs))) {
        // Only receipts can change its money now: it keeps what their failovers may cost and says until when.
        await holdOnlyForFailovers(
          tx,
          c,
          ruleOf(c.failover),
          settings.failoverTtlMs,
          rates.sms,
          longestParts(c.failover.body, c.failover.failover.params),
        );
        return { kind: "empty" };
      }
      // Nothing queued or in flight: the campaign is done; what the hold did not spend goes back.
      const done = await transition(tx, c.id, "completed", { completedAt: new Date(), nextRunAt: null }, ["running"]);
      if (done) await releaseHold(tx, c.id, c.userId);
      return { kind: "paused" };
    }
    let room = row.held - row.spent;
    const items: Prepared[] = [];
    // A utility template to a customer who wrote within 24 hours is free (Meta), as is a conversational RCS bot's
    // message inside an open conversation (Google): only then is a window asked.
    const windows = await freeWindows(
      tx,
      c.template,
      c.userId,
      c.from,
      rows.map((r) => r.number),
    );
    for (const r of rows) {
      const content = contentFor(c.template, recipientValues(c.variables, r, c.links));
      const cost = costOf(c.template, content, rates, windows?.has(r.number) ?? false);
      if (cost > room) break;
      room -= cost;
      items.push({ row: r, content, cost });
    }
    if (items.length === 0) {
      await transition(tx, c.id, "paused", { statusReason: HOLD_USED_UP }, ["running"]);
      return { kind: "paused" };
    }
    const total = items.reduce((sum, i) => sum + i.cost, 0);
    await markSending(
      tx,
      items.map((i) => i.row.id),
      items.map((i) => i.cost),
      settings.leaseMs,
    );
    if (!(await settle(tx, c.id, total))) throw new Error("settle refused a charge checked under lock");
    return { kind: "claimed", items, spentPaise: row.spent + total };
  });
}

/**
 * Writes a batch's outcomes; when the owner has endpoints for `message.status`, the sent and refused messages'
 * events are written in the same transaction (otherwise the statement runs alone, as it always did).
 */
export async function writeBatch(
  db: Db,
  c: DispatchCampaign,
  items: readonly Prepared[],
  outcomes: readonly Outcome[],
) {
  const charged = new Map(items.map((i) => [i.row.id, i.cost]));
  if (!webhooksWanted(c.userId, "message.status")) return writeOutcomes(db, c.id, outcomes, charged);
  const numbers = new Map(items.map((i) => [i.row.id, i.row.number]));
  const byId = new Map(outcomes.map((o) => [o.id, o]));
  return db.transaction(async (tx) => {
    const written = await writeOutcomes(tx as unknown as Db, c.id, outcomes, charged);
    const changes = written.flatMap((w) =>
      w.state === "sent" || w.state === "failed"
        ? [
            {
              recipientId: String(w.id),
              userId: c.userId,
              campaignId: c.id,
              number: numbers.get(w.id) ?? "",
              status: w.state,
              code: byId.get(w.id)?.code,
              reason: byId.get(w.id)?.reason,
            },
          ]
        : [],
    );
    await enqueueWebhookEvents(tx, await recipientStatusEvents(tx, changes, () => c.channel));
    return written;
  });
}
