// The recipients the pre-send check holds back for consent, as SQL conditions (check-skips.ts applies them like its
// other reasons): the suppression list (all-channel opt-outs), numbers whose latest consent for the campaign's
// channel and purpose is an opt-out, and, when the account requires it, WhatsApp numbers with no opt-in. Each
// recipient counts under one reason: the list first, then the opt-out, then the missing opt-in.
import { and, sql, type SQL } from "drizzle-orm";
import { SKIP_REASONS, type SkipReason } from "../../../contract/domain/campaigns";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/sql";
import { campaignRecipients, suppressions } from "../../db/schema";
import { consentNumbers, requiresWhatsappOptIn } from "../consent/ledger";
import { erasedNumberWhere } from "../contacts/erased";
import type { CampaignRow } from "./reach";

type ConsentRow = Pick<CampaignRow, "id" | "userId" | "channel" | "templateId">;

export const suppressedNumbers = (userId: string) =>
  sql`(select ${suppressions.number} from ${suppressions} where ${suppressions.userId} = ${userId})`;

/**
 * Whether the campaign's messages are marketing, which 'marketing' opt-outs (WhatsApp's 131050) hold back: a
 * WhatsApp MARKETING template, a promotional SMS template, and every RCS campaign (RCS templates carry no category).
 */
export function marketingOf(row: ConsentRow): SQL {
  if (row.channel === "whatsapp")
    return sql`exists (select 1 from whatsapp_templates t where t.id = ${row.templateId} and t.category = 'MARKETING')`;
  if (row.channel === "sms")
    return sql`exists (select 1 from sms_templates t where t.id = ${row.templateId} and t.category = 'promotional')`;
  return sql`true`;
}

const numberOf = sql`${campaignRecipients.number}`;

/** Recipients the list holds back: listed numbers, and numbers whose person was erased (kept only as a hash). */
export const suppressedWhere = (userId: string): SQL =>
  sql`(${numberOf} in ${suppressedNumbers(userId)} or ${erasedNumberWhere(userId, numberOf)})`;
const optedOut = (row: ConsentRow) => consentNumbers(row.userId, row.channel, marketingOf(row), "opted_out");
const optedIn = (row: ConsentRow) => consentNumbers(row.userId, row.channel, marketingOf(row), "opted_in");

/** Of the recipients `base` selects: not suppressed, and opted out of this channel and purpose. */
export const optedOutWhere = (row: ConsentRow, base: SQL): SQL =>
  and(base, sql`not ${suppressedWhere(row.userId)}`, sql`${numberOf} in ${optedOut(row)}`) as SQL;

/** Of the recipients `base` selects: WhatsApp ones with no opt-in where the account requires one; null otherwise. */
export const noOptInWhere = (row: ConsentRow, base: SQL): SQL | null =>
  row.channel !== "whatsapp"
    ? null
    : (and(
        base,
        requiresWhatsappOptIn(row.userId),
        sql`not ${suppressedWhere(row.userId)}`,
        sql`${numberOf} not in ${optedOut(row)}`,
        sql`${numberOf} not in ${optedIn(row)}`,
      ) as SQL);

/** Recipients consent lets through (the other reasons count only these, so a recipient is counted once). */
export function consentAllows(row: ConsentRow): SQL {
  const parts = [sql`not ${suppressedWhere(row.userId)}`, sql`${numberOf} not in ${optedOut(row)}`];
  if (row.channel === "whatsapp")
    parts.push(sql`(not ${requiresWhatsappOptIn(row.userId)} or ${numberOf} in ${optedIn(row)})`);
  return and(...parts) as SQL;
}

/** The first recipients consent holds back (opted out, then without an opt-in), in audience order, up to `room`. */
export async function consentSample(
  db: Db | Tx,
  row: ConsentRow,
  skipped: Pick<Record<SkipReason, number>, "optedOut" | "noOptIn">,
  queued: SQL,
  room: number,
): Promise<{ number: string; reason: SkipReason; label: string; detail: string | null }[]> {
  const reasons: [SkipReason, SQL | null][] = [
    ["optedOut", skipped.optedOut > 0 ? optedOutWhere(row, queued) : null],
    ["noOptIn", skipped.noOptIn > 0 ? noOptInWhere(row, queued) : null],
  ];
  const out: { number: string; reason: SkipReason; label: string; detail: string | null }[] = [];
  for (const [reason, where] of reasons) {
    if (!where || room - out.length <= 0) continue;
    const rows = await db
      .select({ number: campaignRecipients.number })
      .from(campaignRecipients)
      .where(where)
      .orderBy(campaignRecipients.id)
      .limit(room - out.length);
    out.push(...rows.map((r) => ({ number: r.number, reason, label: SKIP_REASONS[reason], detail: null })));
  }
  return out;
}
