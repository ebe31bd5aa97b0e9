// What comes back from the carrier: receipts move recipients forward (sent → delivered → read; failed), never back
// (a late "delivered" after "read" changes nothing), and reconcile `unknown` ones; inbound messages are stored, matched
// to the latest recipient of that number whose sender they were addressed to (state → replied), and STOP / START
// replies add to or take from the account's suppression list. Events are buffered and written in batches: at
// thousands of messages a second a statement per receipt would be the bottleneck.
import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import { optOutIntent } from "../../../contract/domain/campaigns";
import type { Carrier, CarrierEvent, ReceiptStatus } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import type { WebhookMessageStatus } from "../../../contract/domain/webhooks";
import { enqueueWebhookEvents } from "../webhooks/enqueue";
import { recipientStatusEvents } from "../webhooks/events";
import { anyWebhooksWanted, webhooksWanted } from "../webhooks/subscribers";
import type { Tx } from "../ledger";
import { pgArray, rowsOf } from "./dispatch-sql";

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
  /** Campaigns whose recipients changed (progress pushes) and those with new failures (auto-pause, failover). */
  onChanged(campaignIds: Set<string>, failed: Set<string>): void;
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

/**
 * One UPDATE for a batch of receipts, matched by our id where the carrier echoed it, else by the provider's id.
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
    ? sql`, r.id::text as recipient_id, r.user_id, r.number, old.state as previous, r.code, r.reason,
          (case r.state when 'delivered' then r.delivered_at when 'read' then r.read_at when 'failed' then r.failed_at else r.sent_at end)::text as at`
    : sql``;
  return rowsOf<ChangedForWebhooks>(
    db,
    sql`
    with v as (
      select * from unnest(${keys}, ${col((r) => r.providerMessageId)}::text[], ${col((r) => r.status)}::text[],
        ${col((r) => r.deliveredAt)}::timestamptz[], ${col((r) => r.readAt)}::timestamptz[], ${col((r) => r.failedAt)}::timestamptz[],
        ${col((r) => r.code)}::text[], ${col((r) => r.reason)}::text[]) as v(key, pmid, status, delivered_at, read_at, failed_at, code, reason)
    )
    update campaign_recipients r set
      state = case when array_position(${ORDER_SQL}, v.status) > array_position(${ORDER_SQL}, r.state) then v.status else r.state end,
      provider_message_id = coalesce(r.provider_message_id, v.pmid),
      sent_at = coalesce(r.sent_at, v.delivered_at, v.failed_at, now()),
      delivered_at = coalesce(r.delivered_at, v.delivered_at),
      read_at = coalesce(r.read_at, v.read_at),
      failed_at = case when v.status = 'failed' and array_position(${ORDER_SQL}, r.state) < array_position(${ORDER_SQL}, 'failed') then v.failed_at else r.failed_at end,
      code = case when v.status = 'failed' and array_position(${ORDER_SQL}, r.state) < array_position(${ORDER_SQL}, 'failed') then v.code else r.code end,
      reason = case when v.status = 'failed' and array_position(${ORDER_SQL}, r.state) < array_position(${ORDER_SQL}, 'failed') then v.reason else r.reason end
    from v${before}
    where ${match} and r.state not in ('queued', 'sending', 'skipped') ${sameRow}
    returning v.key::text as key, r.campaign_id, r.state${more}`,
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
      .filter((r) => r.previous !== r.state && WEBHOOK_STATES.has(r.state))
      .map((r) => ({ recipientId: r.recipient_id, userId: r.user_id, campaignId: r.campaign_id, number: r.number, status: r.state as WebhookMessageStatus, code: r.code, reason: r.reason, at: r.at }));
    await enqueueWebhookEvents(tx, await recipientStatusEvents(tx, changes));
    return rows;
  });
}

const WEBHOOK_STATES = new Set<string>(["sent", "delivered", "read", "replied", "failed"]);

interface Candidate {
  id: number;
  campaign_id: string;
  user_id: string;
  sender: string | null;
  bot_id: string | null;
  reply_number: string | null;
}

/**
 * The recipient answered: state `replied` and, the first time, a `message.status` event, in one transaction when its
 * account listens for them.
 */
async function markReplied(db: Db, match: Candidate, event: Inbound, at: string): Promise<void> {
  const mark = (q: Db | Tx) =>
    rowsOf<{ id: string }>(q, sql`update campaign_recipients set state = 'replied', replied_at = coalesce(replied_at, ${at}::timestamptz) where id = ${match.id} and state <> 'replied' returning id::text as id`);
  if (!webhooksWanted(match.user_id, "message.status")) {
    await mark(db);
    return;
  }
  await db.transaction(async (tx) => {
    const [row] = await mark(tx);
    if (!row) return;
    const change = { recipientId: row.id, userId: match.user_id, campaignId: match.campaign_id, number: event.from, status: "replied" as const, at };
    await enqueueWebhookEvents(tx, await recipientStatusEvents(tx, [change]));
  });
}

/** Stores one inbound message, marks the recipient it answers as replied, and applies STOP / START. */
async function applyInbound(db: Db, event: Inbound): Promise<Candidate | undefined> {
  const candidates = await rowsOf<Candidate>(
    db,
    sql`select r.id::float8 as id, r.campaign_id, c.user_id, c.sender, c.bot_id::text as bot_id, a.reply_number
        from campaign_recipients r
        join campaigns c on c.id = r.campaign_id
        left join sms_templates t on c.channel = 'sms' and t.id = c.template_id
        left join sms_accounts a on a.id = coalesce(c.sms_account_id, t.sms_account_id)
        where r.number = ${event.from} and c.channel = ${event.channel} and r.state not in ('queued', 'sending', 'skipped')
        order by r.id desc limit 50`,
  );
  const match = candidates.find((c) => c.sender === event.to || c.bot_id === event.to || (event.channel === "sms" && c.reply_number === event.to));
  const at = event.at.toISOString();
  await db.execute(sql`
    insert into inbound_messages (user_id, channel, from_number, to_address, text, media_url, campaign_id, recipient_id, received_at)
    values (${match?.user_id ?? null}, ${event.channel}, ${event.from}, ${event.to}, ${event.text}, ${event.mediaUrl ?? null},
            ${match?.campaign_id ?? null}, ${match?.id ?? null}, ${at})`);
  if (!match) return undefined;
  await markReplied(db, match, event, at);
  const intent = optOutIntent(event.text);
  if (intent === "stop") {
    await db.execute(sql`
      insert into suppressions (user_id, number, reason, source) values (${match.user_id}, ${event.from}, ${`Replied "${event.text.trim()}"`}, 'stop-reply')
      on conflict (user_id, number) do nothing`);
  } else if (intent === "start") {
    await db.execute(sql`delete from suppressions where user_id = ${match.user_id} and number = ${event.from}`);
  }
  return match;
}

export function startCarrierEvents(db: Db, carrier: Carrier, options: CarrierEventsOptions): CarrierEvents {
  let receipts = new Map<string, Receipt>();
  let inbound: Inbound[] = [];
  let running: Promise<number> | undefined;

  const unsubscribe = carrier.onEvent((event) => {
    if (event.type === "receipt") {
      // Our ids that are not a recipient's (a failover SMS `<id>:sms`, a test send `test:…`) name no row to update.
      if (event.messageId && !/^\d+$/.test(event.messageId)) return;
      const key = event.messageId ?? `p:${event.providerMessageId}`;
      receipts.set(key, merge(receipts.get(key), event));
    } else if (event.type === "inbound") inbound.push(event);
  });

  async function flush(): Promise<number> {
    const batch = [...receipts.values()];
    const messages = inbound;
    receipts = new Map();
    inbound = [];
    const changed = new Set<string>();
    const failed = new Set<string>();
    const byId = batch.filter((r) => r.messageId && /^\d+$/.test(r.messageId));
    const idSet = new Set(byId);
    const byProvider = batch.filter((r) => !idSet.has(r));
    const written = [...(await applyReceipts(db, byId, true)), ...(await applyReceipts(db, byProvider, false))];
    const matched = new Set(written.map((w) => w.key));
    for (const w of written) {
      changed.add(w.campaign_id);
      if (w.state === "failed") failed.add(w.campaign_id);
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
    for (const message of messages) {
      const match = await applyInbound(db, message).catch((err: unknown) => {
        options.log.error({ err }, "inbound message not stored");
        return undefined;
      });
      if (match) changed.add(match.campaign_id);
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
