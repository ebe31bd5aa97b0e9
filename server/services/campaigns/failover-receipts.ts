// Receipts of a recipient's SMS failover, its own message on the recipient's row (the `failover_*` columns). The
// dispatcher sends it with `${recipient id}:sms` as our id: a provider that echoes our id names the row by it (the
// receipt may come before the send's outcome is written); one that does not (SMPP, HTTP SMS) names only its own id,
// which the outcome stored in failover_provider_message_id. Like the channel's message, a receipt only moves it
// forward: delivered is kept once seen (a later "failed" changes nothing), a failure is recorded with the carrier's
// code and words unless it was delivered, and a "sent" adds nothing to what the send's outcome said.
import { sql } from "drizzle-orm";
import type { ReceiptStatus } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { pgArray, rowsOf } from "../../db/sql";

const FAILOVER_ID = /^(\d+):sms$/;

/** Our id of a recipient's failover SMS, as dispatch-failover.ts sends it. */
export const failoverMessageId = (recipientId: number | string): string => `${recipientId}:sms`;

/** The recipient whose failover SMS our message id names, or undefined for any other id. */
export function failoverRecipientOf(messageId: string | undefined): string | undefined {
  return messageId ? FAILOVER_ID.exec(messageId)?.[1] : undefined;
}

/** What the campaigns' receipt buffer keeps of a receipt (carrier-events.ts merges a message's receipts into one). */
export interface FailoverReceipt {
  messageId?: string;
  providerMessageId: string;
  status: ReceiptStatus;
  deliveredAt?: string;
  failedAt?: string;
  code?: string;
  reason?: string;
}

/**
 * A receipt matched to a failover SMS: `key` is the receipt's provider id; `changed` false when it told nothing new.
 */
export interface FailoverReceiptMatch {
  key: string;
  campaign_id: string;
  changed: boolean;
}

/**
 * Writes a batch of receipts onto the failover SMS they name, in one statement; answers the receipts that matched one.
 * Receipts naming no failover SMS (another message's, or one whose outcome is not written yet) are left to the caller.
 */
export async function applyFailoverReceipts(
  db: Db,
  receipts: readonly FailoverReceipt[],
): Promise<FailoverReceiptMatch[]> {
  if (receipts.length === 0) return [];
  const col = (f: (r: FailoverReceipt) => string | undefined) => pgArray(receipts.map((r) => f(r) ?? null));
  return rowsOf<FailoverReceiptMatch>(
    db,
    sql`with v as (
      select * from unnest(${col((r) => failoverRecipientOf(r.messageId))}::bigint[], ${col((r) => r.providerMessageId)}::text[], ${col((r) => r.status)}::text[],
        ${col((r) => r.deliveredAt)}::timestamptz[], ${col((r) => r.failedAt)}::timestamptz[], ${col((r) => r.code)}::text[], ${col((r) => r.reason)}::text[])
        as v(rid, pmid, status, delivered_at, failed_at, code, reason)
    ), m as (
      -- Two probes, each on its own index: by our id where the provider echoed it, else by the provider's id.
      select v.*, r.id as row_id, r.campaign_id from v join campaign_recipients r on r.id = v.rid where r.failover_state is not null
      union all
      select v.*, r.id, r.campaign_id from v join campaign_recipients r on r.failover_provider_message_id = v.pmid where v.rid is null
    ), u as (
      update campaign_recipients r set
        failover_provider_message_id = coalesce(r.failover_provider_message_id, m.pmid),
        failover_delivered_at = coalesce(r.failover_delivered_at, m.delivered_at),
        failover_failed_at = case when m.status = 'failed' and r.failover_delivered_at is null and r.failover_failed_at is null then coalesce(m.failed_at, now()) else r.failover_failed_at end,
        failover_code = case when m.status = 'failed' and r.failover_delivered_at is null and r.failover_failed_at is null then m.code else r.failover_code end,
        failover_reason = case when m.status = 'failed' and r.failover_delivered_at is null and r.failover_failed_at is null then m.reason else r.failover_reason end
      from m
      where r.id = m.row_id and (
        (r.failover_provider_message_id is null and m.pmid is not null)
        or (r.failover_delivered_at is null and m.delivered_at is not null)
        or (m.status = 'failed' and r.failover_delivered_at is null and r.failover_failed_at is null))
      returning r.id
    )
    select m.pmid as key, m.campaign_id, m.row_id in (select id from u) as changed from m`,
  );
}
