// Whether a campaign sends on an Indian DLT route: an SMS campaign whose account sends under a DLT principal entity
// id. There only Indian mobiles and {#var#} values within DLT's limit go out (contract/domain/dlt-route.ts), so the
// ingest lists the other rows as invalid and they never become recipients: never sent, never charged.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { INDIAN_MOBILE_E164, overlongVariables } from "../../../contract/domain/dlt-route";
import { shortLinkLength, URL_VALUE_PATTERN } from "../../../contract/domain/links";
import { SMS_VARIABLE_MAX } from "../../../contract/domain/sms";
import { valuesAsSent } from "../links/tracked";
import type { Db } from "../../db/client";
import { campaignRecipients, smsAccounts } from "../../db/schema";
import type { Tx } from "../../db/sql";
import type { CampaignRow } from "./reach";

export async function campaignOnDltRoute(
  db: Db | Tx,
  row: Pick<CampaignRow, "channel" | "smsAccountId" | "userId">,
): Promise<boolean> {
  if (row.channel !== "sms" || !row.smsAccountId) return false;
  const [account] = await db
    .select({ entity: smsAccounts.dltEntityId })
    .from(smsAccounts)
    .where(and(eq(smsAccounts.id, row.smsAccountId), eq(smsAccounts.userId, row.userId)));
  return Boolean(account?.entity.trim());
}

/** How the report names a campaign's variable: its `{{column}}` value as written, or its position when fixed text. */
export const variableNames = (values: readonly string[]): string[] =>
  values.map((v, i) => (v.includes("{{") ? v.trim() : `#${i + 1}`));

/**
 * The pre-send check's view of a DLT route: the queued recipients it does not carry, by skip reason, as SQL over
 * campaign_recipients. The ingest already leaves such rows out; these catch recipients read before the account had
 * its entity id (or by an older ingest), so a start never sends or charges them either. Suppressed numbers are
 * counted as suppressed, not here, so the counts do not overlap.
 */
export interface DltRoute {
  /** How many of the campaign's values are the SMS's own {#var#} values. */
  smsValues: number;
  /** A fixed value over the limit: every recipient without per-row values is over. */
  fixedOverlong: boolean;
  /** A tracked campaign: a URL value goes out as a short link this long (contract/domain/links.ts). */
  linkLength: number | null;
}

export const dltRouteOf = (row: Pick<CampaignRow, "variables" | "linkOrigin">): DltRoute => ({
  smsValues: row.variables.length,
  fixedOverlong: overlongVariables(valuesAsSent(row.variables, row.linkOrigin ?? undefined)).length > 0,
  linkLength: row.linkOrigin ? shortLinkLength(row.linkOrigin) : null,
});

export function dltSkipConditions(route: DltRoute): Record<"dltNumber" | "dltVariable", SQL> {
  const number = campaignRecipients.number;
  const values = campaignRecipients.variables;
  const length =
    route.linkLength === null
      ? sql`char_length(v.val)`
      : sql`(case when v.val ~* ${URL_VALUE_PATTERN} then ${route.linkLength}::int else char_length(v.val) end)`;
  const overlong = sql`exists (select 1 from unnest(${values}) with ordinality as v(val, n) where v.n <= ${route.smsValues} and ${length} > ${SMS_VARIABLE_MAX})`;
  return {
    dltNumber: sql`${number} !~ ${INDIAN_MOBILE_E164}`,
    dltVariable: sql`${number} ~ ${INDIAN_MOBILE_E164} and (${overlong}${route.fixedOverlong ? sql` or ${values} is null` : sql``})`,
  };
}
