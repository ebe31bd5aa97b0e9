// Whether a campaign sends on an Indian DLT route: an SMS campaign whose account sends under a DLT principal entity
// id. There only Indian mobiles and {#var#} values within DLT's limit go out (contract/domain/dlt-route.ts), so the
// ingest lists the other rows as invalid and they never become recipients: never sent, never charged.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { smsAccounts } from "../../db/schema";
import type { Tx } from "../ledger";
import type { CampaignRow } from "./reach";

export async function campaignOnDltRoute(db: Db | Tx, row: Pick<CampaignRow, "channel" | "smsAccountId" | "userId">): Promise<boolean> {
  if (row.channel !== "sms" || !row.smsAccountId) return false;
  const [account] = await db.select({ entity: smsAccounts.dltEntityId }).from(smsAccounts).where(and(eq(smsAccounts.id, row.smsAccountId), eq(smsAccounts.userId, row.userId)));
  return Boolean(account?.entity.trim());
}

/** How the report names a campaign's variable: its `{{column}}` value as written, or its position when fixed text. */
export const variableNames = (values: readonly string[]): string[] => values.map((v, i) => (v.includes("{{") ? v.trim() : `#${i + 1}`));
