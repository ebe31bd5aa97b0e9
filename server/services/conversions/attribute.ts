// Which campaign recipient a reported conversion belongs to (issue 41, item 2). By click code: the recipient the code
// names, if it is one of the key's account's (or its team's) campaigns. By number: the latest recipient of that
// number in those campaigns whose message was delivered, or whose link a person clicked, within the account's window
// before the conversion happened. Both read by index: the primary key, and (number, user_id, id) then link_clicks'
// recipient index.
import { sql } from "drizzle-orm";
import { CONVERSION_MESSAGES, type ConversionAttribution } from "../../../contract/domain/conversions";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";
import { readLinkCode } from "../links/code";
import { publicError } from "../public-api/caller";

export interface Attribution {
  recipientId: number;
  campaignId: string;
  by: ConversionAttribution;
}

/** The key's account and the accounts under it (a manager's users and department heads send their own campaigns). */
const teamOf = (accountId: string) =>
  sql`(select u.id from users u where u.id = ${accountId} or u.parent_id = ${accountId})`;

/** The recipient a click code names; a code of nobody, or of another account's message, is a 404. */
export async function byCode(db: Db, linkKey: Buffer, accountId: string, code: string): Promise<Attribution> {
  const target = readLinkCode(linkKey, code);
  const rows = target
    ? await rowsOf<{ id: number; campaign_id: string }>(
        db,
        sql`select r.id, r.campaign_id from campaign_recipients r
          where r.id = ${target.recipientId} and r.user_id in ${teamOf(accountId)}`,
      )
    : [];
  if (!rows[0]) throw publicError("notFound", CONVERSION_MESSAGES.codeNotFound);
  return { recipientId: Number(rows[0].id), campaignId: rows[0].campaign_id, by: "code" };
}

/** The latest message to the number delivered or clicked within `days` before `at`, or null. */
export async function byNumber(
  db: Db,
  accountId: string,
  number: string,
  at: Date,
  days: number,
): Promise<Attribution | null> {
  const from = sql`${new Date(at.getTime() - days * 86_400_000).toISOString()}::timestamptz`;
  const until = sql`${at.toISOString()}::timestamptz`;
  // A message that failed over was delivered on its fallback channel.
  const delivered = sql`coalesce(r.delivered_at, r.failover_delivered_at)`;
  const rows = await rowsOf<{ id: number; campaign_id: string }>(
    db,
    sql`select r.id, r.campaign_id from campaign_recipients r
      where r.number = ${number} and r.user_id in ${teamOf(accountId)}
        and ((${delivered} >= ${from} and ${delivered} <= ${until})
          or exists (select 1 from link_clicks k where k.recipient_id = r.id and not k.machine
                     and k.clicked_at >= ${from} and k.clicked_at <= ${until}))
      order by coalesce(${delivered}, r.sent_at) desc nulls last, r.id desc limit 1`,
  );
  return rows[0] ? { recipientId: Number(rows[0].id), campaignId: rows[0].campaign_id, by: "number" } : null;
}
