// Conversational RBM agents are billed per 24-hour conversation (contract/domain/charging.ts RBM_CONVERSATION_MS):
// a person's reply within 24 hours of the agent's message starts one. Then the agent's charged messages to that
// person in the 24 hours before the reply become part of it (their per-message charges come back, as a failed
// message's do: settlement.ts), the conversation's flat rate is charged once (ledger `rcs_conversation`), and the
// agent's messages to that person until it ends cost nothing (freeWindows in service-window.ts). With no reply, the
// messages stay charged one by one. Non-conversational agents never start one.
import { sql } from "drizzle-orm";
import { FINAL_CAMPAIGN_STATUSES, type CampaignStatus } from "../../../contract/domain/campaigns";
import { RBM_CONVERSATION_MS, type Rates } from "../../../contract/domain/charging";
import { MSG } from "../../../contract/messages";
import type { Db } from "../../db/client";
import { applyMovesIn, InsufficientBalance } from "../balance/ledger";
import { isUuid } from "../caller";
import { refund as refundApiMessages } from "../public-api/dispatch-sql";
import { pgArray, rowsOf, type Tx } from "../../db/sql";
import { releaseHold } from "./money";

/** The numbers among `numbers` in a conversation with this bot (by its id) that is open now. */
export async function openRcsConversations(
  db: Db | Tx,
  botId: string,
  numbers: readonly string[],
): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await rowsOf<{ number: string }>(
    db,
    sql`select distinct number from rcs_conversations
        where bot_id = ${botId} and number = any(${pgArray([...numbers])}::text[]) and ends_at > now() and started_at <= now()`,
  );
  return new Set(rows.map((r) => r.number));
}

/** A person's message to an RCS bot: `to` is the address it came to, our bot's id or its agent id at the provider. */
export interface RcsReply {
  to: string;
  number: string;
  at: Date;
}

export type ConversationOutcome =
  | { started: true; costPaise: number; givenBackPaise: number }
  /** Why none started: not a conversational bot, one is open, nothing of the agent's to answer, or no money for it. */
  | { started: false; reason: "not_conversational" | "open" | "nothing_answered" | "insufficient_balance" };

/**
 * Starts the conversations these replies open, each in its own transaction: the replies of one round come from
 * different people, and one account short of money must not hold up the others.
 */
export async function startRcsConversations(
  db: Db,
  replies: readonly RcsReply[],
  rates: Rates | RatesOf,
): Promise<ConversationOutcome[]> {
  const out: ConversationOutcome[] = [];
  for (const reply of replies) out.push(await startOne(db, reply, rates));
  return out;
}

/** The rates an account pays (its rate card, services/rates/cards.ts), asked per bot owner. */
export type RatesOf = (userId: string) => Promise<Rates>;

async function startOne(db: Db, reply: RcsReply, ratesOrOf: Rates | RatesOf): Promise<ConversationOutcome> {
  const [bot] = await rowsOf<{ id: string; user_id: string; name: string; category: string }>(
    db,
    sql`select id::text as id, user_id::text as user_id, name, billing_category as category from rcs_bots
        where ${isUuid(reply.to) ? sql`id = ${reply.to}::uuid or` : sql``} provider_bot_id = ${reply.to} limit 1`,
  );
  if (bot?.category !== "conversational") return { started: false, reason: "not_conversational" };
  const { id: botId, user_id: userId } = bot;
  // Read before the transaction: PGlite has one connection, and the card is the bot owner's.
  const rates = typeof ratesOrOf === "function" ? await ratesOrOf(userId) : ratesOrOf;
  const since = new Date(reply.at.getTime() - RBM_CONVERSATION_MS).toISOString();
  const at = reply.at.toISOString();
  try {
    return await db.transaction(async (txDb) => {
      const tx = txDb as unknown as Tx;
      // One conversation per bot and person at a time, however many of their replies arrive together.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('rcs_conversation|' || ${botId} || '|' || ${reply.number}))`,
      );
      const [open] = await rowsOf<{ id: string }>(
        tx,
        sql`select id from rcs_conversations where bot_id = ${botId} and number = ${reply.number} and ends_at > ${at}::timestamptz limit 1`,
      );
      if (open) return { started: false, reason: "open" } as const;
      // The agent's charged messages to this person in the 24 hours before the reply, not yet settled: campaign
      // recipients (by number and account) and public-API messages (by number).
      const recipients = await rowsOf<{ campaign_id: string; paise: number }>(
        tx,
        sql`with x as (
              select r.id, r.campaign_id, r.cost_paise from campaign_recipients r join campaigns c on c.id = r.campaign_id
              where r.number = ${reply.number} and r.user_id = ${userId} and c.channel = 'rcs' and c.bot_id = ${botId}::uuid
                and c.settled_at is null and r.state in ('sent', 'delivered', 'read', 'replied') and r.cost_paise > 0
                and r.sent_at > ${since}::timestamptz and r.sent_at <= ${at}::timestamptz
              for update of r
            ), u as (
              update campaign_recipients r set cost_paise = 0, refunded_paise = r.refunded_paise + x.cost_paise from x where r.id = x.id returning x.campaign_id, x.cost_paise
            ), t as (
              select campaign_id, sum(cost_paise)::int as paise from u group by campaign_id
            )
            update campaigns k set spent_paise = k.spent_paise - t.paise, updated_at = now() from t where k.id = t.campaign_id
            returning k.id as campaign_id, t.paise`,
      );
      const api = await rowsOf<{ id: string; user_id: string; refund: number }>(
        tx,
        sql`with x as (
              select id, least(coalesce((steps -> step ->> 'costPaise')::int, 0), cost_paise) as refund from api_messages
              where to_number = ${reply.number} and channel = 'rcs' and user_id = ${userId} and sender = ${botId}
                and state in ('sent', 'delivered', 'read') and settled_at is null and cost_paise > 0
                and created_at > ${since}::timestamptz and created_at <= ${at}::timestamptz
              for update
            )
            update api_messages m set cost_paise = m.cost_paise - x.refund from x where m.id = x.id and x.refund > 0
            returning m.id::text as id, m.user_id::text as user_id, x.refund`,
      );
      const givenBack = recipients.reduce((s, r) => s + r.paise, 0) + api.reduce((s, r) => s + r.refund, 0);
      if (recipients.length === 0 && api.length === 0) return { started: false, reason: "nothing_answered" } as const;
      // An ended campaign returns what it no longer spends at once, as settlement does.
      const ended = await rowsOf<{ id: string; status: CampaignStatus }>(
        tx,
        sql`select id, status from campaigns where id = any(${pgArray(recipients.map((r) => r.campaign_id))}::uuid[])`,
      );
      for (const c of ended)
        if ((FINAL_CAMPAIGN_STATUSES as readonly string[]).includes(c.status)) await releaseHold(tx, c.id, userId);
      if (api.length) await refundApiMessages(tx, api, "in an RCS conversation (charged once for it)");
      const cost = rates.rcs_conversation;
      await tx.execute(sql`
        insert into rcs_conversations (user_id, bot_id, number, started_at, ends_at, cost_paise, given_back_paise)
        values (${userId}, ${botId}, ${reply.number}, ${at}::timestamptz, ${new Date(reply.at.getTime() + RBM_CONVERSATION_MS).toISOString()}::timestamptz, ${cost}, ${givenBack})`);
      if (cost > 0) {
        const note = `RCS conversation with ${reply.number} (${bot.name}): 24 hours from their reply`;
        await applyMovesIn(
          tx,
          [{ userId: userId, paise: -cost, kind: "rcs_conversation", note, insufficient: MSG.insufficientBalance }],
          userId,
        );
      }
      return { started: true, costPaise: cost, givenBackPaise: givenBack } as const;
    });
  } catch (error) {
    // Not enough money for the conversation even with its messages' charges back: they stay charged one by one.
    if (error instanceof InsufficientBalance) return { started: false, reason: "insufficient_balance" };
    throw error;
  }
}
