// Inbound messages from the carrier, stored a batch at a time: each matched to the latest recipient of that number
// whose sender it was addressed to (state → replied), and STOP / START replies are consent events, which add to or
// take from the account's suppression list.
import { sql } from "drizzle-orm";
import { optOutIntent } from "../../../contract/domain/campaigns";
import { keywordChanges } from "../../../contract/domain/consent";
import type { CarrierEvent } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { enqueueWebhookEvents } from "../webhooks/enqueue";
import { recipientStatusEvents } from "../webhooks/events";
import { webhooksWanted } from "../webhooks/subscribers";
import { pgArray, rowsOf } from "../../db/sql";
import { enqueueEvents, type TriggerEvent } from "../workflows/events";
import { writeConsentEvents } from "../consent/ledger";

export type Inbound = Extract<CarrierEvent, { type: "inbound" }>;

interface Stored {
  ord: number;
  recipient_id: number | null;
  campaign_id: string | null;
  user_id: string | null;
}

/**
 * Stores a batch of inbound messages, each matched to the latest recipient of its number whose sender (SMS sender id
 * or reply number, WhatsApp number, RCS bot) it was addressed to; marks those recipients replied and applies STOP /
 * START (the last word of a number wins). A fixed handful of statements per batch, in one transaction. Returns the
 * campaigns whose recipients changed.
 */
export async function applyInbound(db: Db, events: readonly Inbound[]): Promise<Set<string>> {
  const col = (f: (e: Inbound) => string | null | undefined) => pgArray(events.map((e) => f(e) ?? null));
  return db.transaction(async (tx) => {
    const stored = await rowsOf<Stored>(
      tx,
      sql`with v as (
            select * from unnest(${col((e) => e.from)}::text[], ${col((e) => e.channel)}::text[], ${col((e) => e.to)}::text[], ${col((e) => e.text)}::text[],
              ${col((e) => e.mediaUrl)}::text[], ${col((e) => e.at.toISOString())}::timestamptz[]) with ordinality
              as v(from_number, channel, to_address, text, media_url, received_at, ord)
          ), m as (
            select v.*, x.id as recipient_id, x.campaign_id, x.user_id from v
            -- From the number's recipients (its index) to their campaigns, never the other way: without statistics
            -- (PGlite has no autovacuum) the planner walked every campaign of the channel and probed the number in
            -- each, 2 ms per message with a hundred campaigns. The fence (offset 0) and the lateral keep this order.
            left join lateral (
              select r.id, r.campaign_id, c.user_id
              from (select id, campaign_id from campaign_recipients where number = v.from_number and state not in ('queued', 'sending', 'skipped') offset 0) r
              cross join lateral (
                select c.user_id from campaigns c
                left join sms_templates t on c.channel = 'sms' and t.id = c.template_id
                left join sms_accounts a on a.id = coalesce(c.sms_account_id, t.sms_account_id)
                where c.id = r.campaign_id and c.channel = v.channel
                  and (c.sender = v.to_address or c.bot_id::text = v.to_address or (v.channel = 'sms' and a.reply_number = v.to_address))
                limit 1
              ) c
              order by r.id desc limit 1
            ) x on true
          ), ins as (
            insert into inbound_messages (user_id, channel, from_number, to_address, text, media_url, campaign_id, recipient_id, received_at)
            select user_id, channel, from_number, to_address, text, media_url, campaign_id, recipient_id, received_at from m order by ord
          )
          select ord::int as ord, recipient_id::float8 as recipient_id, campaign_id, user_id from m`,
    );
    const matched = stored.filter(
      (s): s is Stored & { recipient_id: number; campaign_id: string; user_id: string } => s.recipient_id !== null,
    );
    if (matched.length === 0) return new Set<string>();
    const eventOf = (s: Stored) => events[s.ord - 1] as Inbound;
    const firstReply = new Map<number, string>();
    for (const s of matched) {
      const at = eventOf(s).at.toISOString();
      const seen = firstReply.get(s.recipient_id);
      if (!seen || at < seen) firstReply.set(s.recipient_id, at);
    }
    const replied = await rowsOf<{ id: string; user_id: string; campaign_id: string; number: string; at: string }>(
      tx,
      sql`update campaign_recipients r set state = 'replied', replied_at = coalesce(r.replied_at, v.at)
          from unnest(${pgArray([...firstReply.keys()])}::bigint[], ${pgArray([...firstReply.values()])}::timestamptz[]) as v(id, at)
          where r.id = v.id and r.state <> 'replied'
          returning r.id::text as id, r.user_id, r.campaign_id, r.number, r.replied_at::text as at`,
    );
    // The first reply of a recipient is a message.status 'replied' webhook event, where its account listens for them.
    const firstReplies = replied.filter((r) => webhooksWanted(r.user_id, "message.status"));
    if (firstReplies.length > 0) {
      const changes = firstReplies.map((r) => ({
        recipientId: r.id,
        userId: r.user_id,
        campaignId: r.campaign_id,
        number: r.number,
        status: "replied" as const,
        at: r.at,
      }));
      await enqueueWebhookEvents(tx, await recipientStatusEvents(tx, changes));
    }
    const lastWord = new Map<string, { userId: string; number: string; intent: "stop" | "start"; text: string }>();
    for (const s of matched.sort((a, b) => a.ord - b.ord)) {
      const event = eventOf(s);
      const intent = optOutIntent(event.text);
      if (intent)
        lastWord.set(`${s.user_id}|${event.from}`, { userId: s.user_id, number: event.from, intent, text: event.text });
    }
    // Workflow triggers of the same replies, in the same transaction (written only where a workflow listens).
    const triggers: TriggerEvent[] = matched.map((s) => {
      const e = eventOf(s);
      return {
        ownerId: s.user_id,
        kind: "campaign_reply",
        payload: {
          channel: e.channel,
          to: e.to,
          from: e.from,
          text: e.text,
          campaignId: s.campaign_id,
          receivedAt: e.at.toISOString(),
        },
      };
    });
    for (const s of matched) {
      const e = eventOf(s);
      const word = lastWord.get(`${s.user_id}|${e.from}`);
      if (word && word.text === e.text)
        triggers.push({
          ownerId: s.user_id,
          kind: "opt_out",
          payload: {
            channel: e.channel,
            to: e.to,
            from: e.from,
            text: e.text,
            intent: word.intent,
            campaignId: s.campaign_id,
          },
        });
    }
    await enqueueEvents(tx, triggers);
    // STOP / START are consent events (contract/domain/consent.ts: a keyword speaks for every channel); writing them
    // keeps the suppression list, the view of all-channel opt-outs, as it always was.
    await writeConsentEvents(
      tx,
      [...lastWord.values()].flatMap((w) =>
        keywordChanges(w.text).map((change) => ({
          ...change,
          ownerId: w.userId,
          number: w.number,
          proof: `Replied "${w.text.trim()}"`,
          actorId: null,
        })),
      ),
    );
    return new Set(matched.map((s) => s.campaign_id));
  });
}
