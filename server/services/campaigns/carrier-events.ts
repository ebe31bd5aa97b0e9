// What comes back from the carrier: receipts move recipients forward (sent → delivered → read; failed), never back
// (a late "delivered" after "read" changes nothing), and reconcile `unknown` ones; inbound messages are stored, matched
// to the latest recipient of that number whose sender they were addressed to (state → replied), and STOP / START
// replies add to or take from the account's suppression list. Events are buffered and written in batches: at
// thousands of messages a second a statement per receipt would be the bottleneck.
import { DND_RECEIPT_CODES } from "../../../contract/domain/dnd";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import { optOutIntent } from "../../../contract/domain/campaigns";
import type { Carrier, CarrierEvent, ReceiptStatus } from "../../carriers/carrier";
import { batchAnswers } from "../../carriers/batch-answers";
import { hot, type Db } from "../../db/client";
import { retryingRaces } from "../../db/errors";
import type { WebhookMessageStatus } from "../../../contract/domain/webhooks";
import { enqueueWebhookEvents } from "../webhooks/enqueue";
import { recipientStatusEvents } from "../webhooks/events";
import { anyWebhooksWanted, webhooksWanted } from "../webhooks/subscribers";
import { pgArray, rowsOf, type Tx } from "../../db/sql";
import { enqueueEvents, type TriggerEvent } from "../workflows/events";
import { applyFailoverReceipts, failoverRecipientOf } from "./failover-receipts";

/** Recipient states from earliest to latest: a receipt only ever moves a recipient right. */
const ORDER = ["queued", "sending", "skipped", "unknown", "sent", "failed", "delivered", "read", "replied"] as const;
const ORDER_SQL = sql.raw(`array[${ORDER.map((s) => `'${s}'`).join(",")}]::text[]`);
const rank = (s: string) => ORDER.indexOf(s as (typeof ORDER)[number]);

/** A receipt that matches no row yet (its send's outcome is still being written) is tried again for this long. */
const RETRY_UNMATCHED_MS = 120_000;

interface Receipt {
  messageId?: string;
  providerMessageId: string;
  status: ReceiptStatus;
  deliveredAt?: string;
  readAt?: string;
  failedAt?: string;
  code?: string;
  reason?: string;
  firstSeen: number;
}

type Inbound = Extract<CarrierEvent, { type: "inbound" }>;

export interface CarrierEventsOptions {
  flushMs: number;
  log: FastifyBaseLogger;
  /** Campaigns whose recipients changed (progress pushes), and how many new failures each had (auto-pause). */
  onChanged(campaignIds: Set<string>, failed: ReadonlyMap<string, number>): void;
}

export interface CarrierEvents {
  /** Writes what is buffered now (tests call it; the timer does every flushMs). */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

function merge(into: Receipt | undefined, event: Extract<CarrierEvent, { type: "receipt" }>): Receipt {
  const at = event.at.toISOString();
  const r: Receipt = into ?? { providerMessageId: event.providerMessageId, status: event.status, firstSeen: Date.now() };
  if (event.messageId) r.messageId = event.messageId;
  if (rank(event.status) > rank(r.status)) r.status = event.status;
  if (event.status === "delivered") r.deliveredAt ??= at;
  if (event.status === "read") r.readAt ??= at;
  if (event.status === "failed") {
    r.failedAt ??= at;
    r.code = event.code;
    r.reason = event.reason;
  }
  return r;
}

interface Changed {
  key: string;
  campaign_id: string;
  state: string;
  /** False: the receipt matched its recipient but told it nothing new (a "sent" after the send's outcome said so). */
  changed: boolean;
}

/** What the webhook events of a batch need besides: the recipient and its state before the batch. */
interface ChangedForWebhooks extends Changed {
  recipient_id: string;
  user_id: string;
  number: string;
  previous: string;
  code: string | null;
  reason: string | null;
  at: string | null;
}

/** Whether receipt v tells recipient r anything new: the same test as the SET below, so a row is rewritten only then. */
const CHANGES_SQL = sql`(array_position(${ORDER_SQL}, v.status) > array_position(${ORDER_SQL}, r.state)
  or (r.provider_message_id is null and v.pmid is not null) or r.sent_at is null
  or (r.delivered_at is null and v.delivered_at is not null) or (r.read_at is null and v.read_at is not null))`;

/**
 * One UPDATE for a batch of receipts, matched by our id where the carrier echoed it, else by the provider's id.
 * A recipient the receipt tells nothing new is not rewritten (about one receipt in five in the dispatch bench, mostly the "sent" that
 * follows the send's own outcome: a row version, its index entries and WAL saved each), but still answered as
 * matched, with `changed` false, so that it is not tried again.
 * With `forWebhooks` it also answers each row's state before the update (a self-join reads the table as it was when
 * the statement began) and what a `message.status` event carries.
 */
async function updateReceipts(db: Db | Tx, receipts: Receipt[], byId: boolean, forWebhooks: boolean): Promise<ChangedForWebhooks[]> {
  const col = (f: (r: Receipt) => string | undefined) => pgArray(receipts.map((r) => f(r) ?? null));
  const keys = byId ? sql`${col((r) => r.messageId)}::bigint[]` : sql`${col((r) => r.providerMessageId)}::text[]`;
  const match = byId ? sql`r.id = v.key` : sql`r.provider_message_id = v.key`;
  const before = forWebhooks ? sql`, campaign_recipients old` : sql``;
  const sameRow = forWebhooks ? sql`and old.id = r.id` : sql``;
  const more = forWebhooks
    ? sql`, r.id::text as recipient_id, old.state as previous, r.code,
          (case r.state when 'delivered' then r.delivered_at when 'read' then r.read_at when 'failed' then r.failed_at else r.sent_at end)::text as at`
    : sql``;
  const moreColumns = forWebhooks ? sql`, recipient_id, user_id, number, previous, code, reason, at` : sql``;
  const noMore = forWebhooks ? sql`, null::text, null::uuid, null::text, null::text, null::text, null::text, null::text` : sql``;
  return rowsOf<ChangedForWebhooks>(
    db,
    hot(sql`
    with v as (
      select * from unnest(${keys}, ${col((r) => r.providerMessageId)}::text[], ${col((r) => r.status)}::text[],
        ${col((r) => r.deliveredAt)}::timestamptz[], ${col((r) => r.readAt)}::timestamptz[], ${col((r) => r.failedAt)}::timestamptz[],
        ${col((r) => r.code)}::text[], ${col((r) => r.reason)}::text[]) as v(key, pmid, status, delivered_at, read_at, failed_at, code, reason)
    ), m as (
      select v.*, r.id as rid, r.campaign_id, r.state from v join campaign_recipients r on ${match}
      where r.state not in ('queued', 'sending', 'skipped')
    ), u as (
    update campaign_recipients r set
      state = case when array_position(${ORDER_SQL}, v.status) > array_position(${ORDER_SQL}, r.state) then v.status else r.state end,
      provider_message_id = coalesce(r.provider_message_id, v.pmid),
      sent_at = coalesce(r.sent_at, v.delivered_at, v.failed_at, now()),
      delivered_at = coalesce(r.delivered_at, v.delivered_at),
      read_at = coalesce(r.read_at, v.read_at),
      failed_at = case when v.status = 'failed' and array_position(${ORDER_SQL}, r.state) < array_position(${ORDER_SQL}, 'failed') then v.failed_at else r.failed_at end,
      code = case when v.status = 'failed' and array_position(${ORDER_SQL}, r.state) < array_position(${ORDER_SQL}, 'failed') then v.code else r.code end,
      reason = case when v.status = 'failed' and array_position(${ORDER_SQL}, r.state) < array_position(${ORDER_SQL}, 'failed') then v.reason else r.reason end
    from m v${before}
    -- The state test again on the row as it is now: another process may have moved it since m read it.
    where r.id = v.rid and r.state not in ('queued', 'sending', 'skipped') and ${CHANGES_SQL} ${sameRow}
    returning v.key::text as key, r.campaign_id, r.state, r.id, r.user_id, r.number, r.reason, r.code as receipt_code${more}
    ), dnd as (
      -- An operator's DND refusal (DND_RECEIPT_CODES) puts the number on the account's DND list, so the next
      -- promotional send skips it before it is submitted and billed; an entry already there (a scrub file's) stays.
      insert into dnd_numbers (user_id, number, source, detail)
      select distinct on (u.user_id, u.number) u.user_id, u.number, 'operator', u.receipt_code from u
      where u.state = 'failed' and upper(btrim(u.receipt_code)) = any(${pgArray([...DND_RECEIPT_CODES])}::text[])
      on conflict (user_id, number) do nothing
    ), ev as (
      -- Workflow triggers on delivery states, only for accounts with such a workflow (one index probe per row).
      insert into workflow_events (owner_id, kind, payload)
      select u.user_id, 'campaign_delivery', jsonb_build_object('campaignId', u.campaign_id, 'from', u.number, 'state', u.state, 'reason', u.reason, 'recipientId', u.id)
      from u where u.state in ('delivered', 'read', 'failed')
        and exists (select 1 from workflows w where w.owner_id = u.user_id and w.status = 'active' and w.trigger_kind = 'campaign_delivery')
    )
    select key, campaign_id, state, true as changed${moreColumns} from u
    union all
    select m.key::text, m.campaign_id, m.state, false${noMore} from m where m.rid not in (select id from u)`),
  );
}

/**
 * Applies a batch of receipts. When some account has endpoints for `message.status`, the update and the events of
 * the rows whose state it changed are one transaction; otherwise the update runs alone, as cheap as before.
 */
async function applyReceipts(db: Db, receipts: Receipt[], byId: boolean): Promise<Changed[]> {
  if (receipts.length === 0) return [];
  if (!anyWebhooksWanted("message.status")) return updateReceipts(db, receipts, byId, false);
  return db.transaction(async (tx) => {
    const rows = await updateReceipts(tx, receipts, byId, true);
    const changes = rows
      .filter((r) => r.changed && r.previous !== r.state && WEBHOOK_STATES.has(r.state))
      .map((r) => ({ recipientId: r.recipient_id, userId: r.user_id, campaignId: r.campaign_id, number: r.number, status: r.state as WebhookMessageStatus, code: r.code, reason: r.reason, at: r.at }));
    await enqueueWebhookEvents(tx, await recipientStatusEvents(tx, changes));
    return rows;
  });
}

const WEBHOOK_STATES = new Set<string>(["sent", "delivered", "read", "replied", "failed"]);

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
async function applyInbound(db: Db, events: readonly Inbound[]): Promise<Set<string>> {
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
    const matched = stored.filter((s): s is Stored & { recipient_id: number; campaign_id: string; user_id: string } => s.recipient_id !== null);
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
      const changes = firstReplies.map((r) => ({ recipientId: r.id, userId: r.user_id, campaignId: r.campaign_id, number: r.number, status: "replied" as const, at: r.at }));
      await enqueueWebhookEvents(tx, await recipientStatusEvents(tx, changes));
    }
    const lastWord = new Map<string, { userId: string; number: string; intent: "stop" | "start"; text: string }>();
    for (const s of matched.sort((a, b) => a.ord - b.ord)) {
      const event = eventOf(s);
      const intent = optOutIntent(event.text);
      if (intent) lastWord.set(`${s.user_id}|${event.from}`, { userId: s.user_id, number: event.from, intent, text: event.text });
    }
    // Workflow triggers of the same replies, in the same transaction (written only where a workflow listens).
    const triggers: TriggerEvent[] = matched.map((s) => {
      const e = eventOf(s);
      return { ownerId: s.user_id, kind: "campaign_reply", payload: { channel: e.channel, to: e.to, from: e.from, text: e.text, campaignId: s.campaign_id, receivedAt: e.at.toISOString() } };
    });
    for (const s of matched) {
      const e = eventOf(s);
      const word = lastWord.get(`${s.user_id}|${e.from}`);
      if (word && word.text === e.text) triggers.push({ ownerId: s.user_id, kind: "opt_out", payload: { channel: e.channel, to: e.to, from: e.from, text: e.text, intent: word.intent, campaignId: s.campaign_id } });
    }
    await enqueueEvents(tx, triggers);
    const stops = [...lastWord.values()].filter((w) => w.intent === "stop");
    const starts = [...lastWord.values()].filter((w) => w.intent === "start");
    if (stops.length > 0) {
      await tx.execute(sql`
        insert into suppressions (user_id, number, reason, source)
        select v.user_id, v.number, v.reason, 'stop-reply'
        from unnest(${pgArray(stops.map((w) => w.userId))}::uuid[], ${pgArray(stops.map((w) => w.number))}::text[],
          ${pgArray(stops.map((w) => `Replied "${w.text.trim()}"`))}::text[]) as v(user_id, number, reason)
        on conflict (user_id, number) do nothing`);
    }
    if (starts.length > 0) {
      await tx.execute(sql`
        delete from suppressions s using unnest(${pgArray(starts.map((w) => w.userId))}::uuid[], ${pgArray(starts.map((w) => w.number))}::text[]) as v(user_id, number)
        where s.user_id = v.user_id and s.number = v.number`);
    }
    return new Set(matched.map((s) => s.campaign_id));
  });
}

export function startCarrierEvents(db: Db, carrier: Carrier, options: CarrierEventsOptions): CarrierEvents {
  let receipts = new Map<string, Receipt>();
  let inbound: Inbound[] = [];
  let running: Promise<number> | undefined;
  // A receipt's answer is refused if the flush that writes it fails (the provider delivers it again; receipts only move
  // forward, so twice is harmless); a reply's never is, since the inbox's listener answers for storing the message and
  // a redelivery would store it twice.
  const answers = batchAnswers();

  const unsubscribe = carrier.onEvent((event) => {
    if (event.type === "receipt") {
      // Our ids that are not a recipient's nor its failover SMS's (`<id>:sms`; a test send `test:…`) name no row.
      if (event.messageId && !/^\d+$/.test(event.messageId) && !failoverRecipientOf(event.messageId)) return;
      const key = event.messageId ?? `p:${event.providerMessageId}`;
      receipts.set(key, merge(receipts.get(key), event));
      return answers.owe(true);
    }
    if (event.type === "inbound") {
      inbound.push(event);
      return answers.owe(false);
    }
  });

  const flush = () => answers.settle(write);

  async function write(): Promise<number> {
    const batch = [...receipts.values()];
    const messages = inbound;
    receipts = new Map();
    inbound = [];
    const changed = new Set<string>();
    const failed = new Map<string, number>();
    const byId = batch.filter((r) => r.messageId && /^\d+$/.test(r.messageId));
    const idSet = new Set(byId);
    const byProvider = batch.filter((r) => !idSet.has(r));
    // A deadlock on PostgreSQL (another process's transaction took the same rows in another order) is tried again
    // here: refused, the sandbox's receipts would be lost, and a provider's would wait for its redelivery.
    const recipients = [...(await retryingRaces(() => applyReceipts(db, byId, true))), ...(await retryingRaces(() => applyReceipts(db, byProvider, false)))];
    // What no recipient's own message took may be a failover SMS's receipt (failover-receipts.ts).
    const taken = new Set(recipients.map((w) => w.key));
    const failovers = await retryingRaces(() => applyFailoverReceipts(db, byProvider.filter((r) => !taken.has(r.providerMessageId))));
    const written = [...recipients, ...failovers.map((f) => ({ ...f, state: "failover" }))];
    const matched = new Set(written.map((w) => w.key));
    for (const w of written) {
      if (!w.changed) continue;
      changed.add(w.campaign_id);
      if (w.state === "failed") failed.set(w.campaign_id, (failed.get(w.campaign_id) ?? 0) + 1);
    }
    // Unmatched receipts wait for their send's outcome to be written, for a while.
    const now = Date.now();
    for (const r of batch) {
      const key = r.messageId && idSet.has(r) ? r.messageId : r.providerMessageId;
      if (matched.has(key) || now - r.firstSeen > RETRY_UNMATCHED_MS) continue;
      const mapKey = r.messageId ?? `p:${r.providerMessageId}`;
      const newer = receipts.get(mapKey);
      receipts.set(mapKey, newer ? { ...r, ...newer, status: rank(newer.status) > rank(r.status) ? newer.status : r.status, firstSeen: r.firstSeen } : r);
    }
    if (messages.length > 0) {
      const campaigns = await applyInbound(db, messages).catch(async (err: unknown) => {
        // One bad message must not take the batch with it: store them one by one, dropping only what fails.
        if (messages.length > 1) options.log.warn({ err }, "inbound batch not stored; storing its messages one by one");
        else options.log.error({ err }, "inbound message not stored");
        if (messages.length === 1) return new Set<string>();
        const each = new Set<string>();
        for (const m of messages) {
          const ids = await applyInbound(db, [m]).catch((e: unknown) => (options.log.error({ err: e }, "inbound message not stored"), new Set<string>()));
          for (const id of ids) each.add(id);
        }
        return each;
      });
      for (const id of campaigns) changed.add(id);
    }
    if (changed.size > 0) options.onChanged(changed, failed);
    return written.length + messages.length;
  }

  const tick = (): Promise<number> => {
    if (running) return running;
    running = flush()
      .catch((err: unknown) => {
        options.log.error({ err }, "carrier events not written");
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(() => void tick(), options.flushMs);
  timer.unref();

  return {
    tick,
    stop: async () => {
      clearInterval(timer);
      unsubscribe();
      await running;
      await tick();
    },
  };
}
