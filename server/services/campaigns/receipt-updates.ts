// Receipts from the carrier, merged while buffered and written a batch at a time: they move recipients forward
// (sent → delivered → read; failed), never back (a late "delivered" after "read" changes nothing), and reconcile
// `unknown` ones.
import { DND_RECEIPT_CODES } from "../../../contract/domain/dnd";
import { providerErrorChange, WHATSAPP_MARKETING_STOPPED } from "../../../contract/domain/consent";
import { sql } from "drizzle-orm";
import type { CarrierEvent, ReceiptStatus } from "../../carriers/carrier";
import { hot, type Db } from "../../db/client";
import type { WebhookMessageStatus } from "../../../contract/domain/webhooks";
import { enqueueWebhookEvents } from "../webhooks/enqueue";
import { recipientStatusEvents } from "../webhooks/events";
import { anyWebhooksWanted } from "../webhooks/subscribers";
import { pgArray, rowsOf, type Tx } from "../../db/sql";

/** Recipient states from earliest to latest: a receipt only ever moves a recipient right. */
const ORDER = ["queued", "sending", "skipped", "unknown", "sent", "failed", "delivered", "read", "replied"] as const;
const ORDER_SQL = sql.raw(`array[${ORDER.map((s) => `'${s}'`).join(",")}]::text[]`);
export const rank = (s: string) => ORDER.indexOf(s as (typeof ORDER)[number]);

export interface Receipt {
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

export function merge(into: Receipt | undefined, event: Extract<CarrierEvent, { type: "receipt" }>): Receipt {
  const at = event.at.toISOString();
  const r: Receipt = into ?? {
    providerMessageId: event.providerMessageId,
    status: event.status,
    firstSeen: Date.now(),
  };
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

export interface Changed {
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

/**
 * Whether receipt v tells recipient r anything new: the same test as the SET below, so a row is rewritten only then.
 */
const CHANGES_SQL = sql`(array_position(${ORDER_SQL}, v.status) > array_position(${ORDER_SQL}, r.state)
  or (r.provider_message_id is null and v.pmid is not null) or r.sent_at is null
  or (r.delivered_at is null and v.delivered_at is not null) or (r.read_at is null and v.read_at is not null))`;

/**
 * One UPDATE for a batch of receipts, matched by our id where the carrier echoed it, else by the provider's id. A
 * recipient the receipt tells nothing new is not rewritten (about one receipt in five in the dispatch bench, mostly the
 * "sent" that follows the send's own outcome: a row version, its index entries and WAL saved each), but still answered
 * as matched, with `changed` false, so that it is not tried again. With `forWebhooks` it also answers each row's state
 * before the update (a self-join reads the table as it was when the statement began) and what a `message.status` event
 * carries.
 */
async function updateReceipts(
  db: Db | Tx,
  receipts: Receipt[],
  byId: boolean,
  forWebhooks: boolean,
): Promise<ChangedForWebhooks[]> {
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
  const noMore = forWebhooks
    ? sql`, null::text, null::uuid, null::text, null::text, null::text, null::text, null::text`
    : sql``;
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
    ), stopped as (
      -- Meta's 131050, "Unable to deliver message. Reasons can include: The user has stopped marketing messages": an
      -- opt-out of WhatsApp marketing only in the consent ledger (contract/domain/consent.ts providerErrorChange).
      insert into consent_events (user_id, number, channel, purpose, status, method, proof)
      select distinct on (u.user_id, u.number) u.user_id, u.number, 'whatsapp', 'marketing', 'opted_out', 'provider',
        left('WhatsApp error ' || btrim(u.receipt_code) || ': ' || coalesce(u.reason, ''), 500)
      from u join campaigns c on c.id = u.campaign_id and c.channel = 'whatsapp'
      where u.state = 'failed' and btrim(u.receipt_code) = ${WHATSAPP_MARKETING_STOPPED}
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
export async function applyReceipts(db: Db, receipts: Receipt[], byId: boolean): Promise<Changed[]> {
  if (receipts.length === 0) return [];
  if (!anyWebhooksWanted("message.status") && !anyWebhooksWanted("contact.opted_out"))
    return updateReceipts(db, receipts, byId, false);
  return db.transaction(async (tx) => {
    const rows = await updateReceipts(tx, receipts, byId, true);
    await enqueueWebhookEvents(tx, optOutEvents(rows));
    const changes = rows
      .filter((r) => r.changed && r.previous !== r.state && WEBHOOK_STATES.has(r.state))
      .map((r) => ({
        recipientId: r.recipient_id,
        userId: r.user_id,
        campaignId: r.campaign_id,
        number: r.number,
        status: r.state as WebhookMessageStatus,
        code: r.code,
        reason: r.reason,
        at: r.at,
      }));
    await enqueueWebhookEvents(tx, await recipientStatusEvents(tx, changes));
    return rows;
  });
}

const WEBHOOK_STATES = new Set<string>(["sent", "delivered", "read", "replied", "failed"]);

/**
 * contact.opted_out for the opt-outs the statement wrote in the ledger (its `stopped` step: WhatsApp 131050 on a
 * WhatsApp campaign's recipient), with the same proof text.
 */
function optOutEvents(rows: readonly ChangedForWebhooks[]) {
  const at = new Date().toISOString();
  return rows.flatMap((r) => {
    const change =
      r.changed && r.previous !== r.state && r.state === "failed" ? providerErrorChange("whatsapp", r.code) : null;
    if (!change) return [];
    const proof = `WhatsApp error ${(r.code ?? "").trim()}: ${r.reason ?? ""}`.slice(0, 500);
    const { channel, purpose, method } = change;
    return [
      {
        ownerId: r.user_id,
        type: "contact.opted_out" as const,
        data: { number: r.number, channel, purpose, method, proof, at },
      },
    ];
  });
}
