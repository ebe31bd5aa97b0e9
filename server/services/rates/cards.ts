import { and, eq, sql } from "drizzle-orm";
import { withSmsFallback, type RateKey, type Rates } from "../../../contract/domain/charging";
import {
  resolveRates,
  type RateCardRow,
  type RateCardScope,
  type ResolvedRates,
} from "../../../contract/domain/rate-cards";
import type { Db } from "../../db/client";
import { campaigns, channelRates, rateCards } from "../../db/schema";
import { rowsOf, type Tx } from "../../db/sql";

// Reading rate cards: the rows of one card, the reseller an account buys through, and the resolved rates an account
// pays at a moment (the pure rule is contract/domain/rate-cards.ts).

type Conn = Db | Tx;

/** Every row of one card, oldest effective date first. */
export async function cardRows(db: Conn, accountId: string, scope: RateCardScope): Promise<RateCardRow[]> {
  const rows = await db
    .select({ key: rateCards.key, paise: rateCards.paise, effectiveFrom: rateCards.effectiveFrom })
    .from(rateCards)
    .where(and(eq(rateCards.accountId, accountId), eq(rateCards.scope, scope)))
    .orderBy(rateCards.effectiveFrom);
  return rows;
}

/** The accounts above one, nearest first (parent, its parent, ...), with their roles. */
async function ancestors(db: Conn, accountId: string): Promise<{ id: string; role: string }[]> {
  return rowsOf<{ id: string; role: string }>(
    db,
    sql`with recursive up(id, parent_id, role, depth) as (
          select id, parent_id, role, 0 from users where id = ${accountId}::uuid
          union all
          select u.id, u.parent_id, u.role, up.depth + 1 from users u join up on u.id = up.parent_id where up.depth < 5
        )
        select id::text as id, role from up where depth > 0 order by depth`,
  );
}

/** Whom an account buys through: its organization (the manager it belongs to) and its nearest reseller. */
export async function buyerChain(
  db: Conn,
  accountId: string,
): Promise<{ organizationId: string | null; resellerId: string | null }> {
  const above = await ancestors(db, accountId);
  const resellerAt = above.findIndex((a) => a.role === "reseller");
  const below = resellerAt < 0 ? above : above.slice(0, resellerAt);
  return {
    organizationId: below.find((a) => a.role === "manager")?.id ?? null,
    resellerId: resellerAt < 0 ? null : above[resellerAt].id,
  };
}

/** The nearest reseller above the account (its parent, or its manager's parent); null for none. */
export async function resellerOf(db: Conn, accountId: string): Promise<string | null> {
  return (await buyerChain(db, accountId)).resellerId;
}

async function globalCard(
  db: Conn,
): Promise<{ paise: Partial<Record<RateKey, number>>; smsBilledOn?: Rates["smsBilledOn"] }> {
  const rows = await db.select().from(channelRates);
  return {
    paise: Object.fromEntries(rows.map((r) => [r.key, r.paise])),
    smsBilledOn: rows.find((r) => r.key === "sms")?.billedOn,
  };
}

/** The rates the account pays at `at` (default now), with where each came from. */
export async function resolveRatesFor(db: Conn, accountId: string, at = new Date()): Promise<ResolvedRates> {
  // One statement after another: a transaction (PGlite's one connection) runs its queries in turn anyway.
  const global = await globalCard(db);
  const chain = await buyerChain(db, accountId);
  const reseller = chain.resellerId ? await cardRows(db, chain.resellerId, "customers") : [];
  const organization = chain.organizationId ? await cardRows(db, chain.organizationId, "account") : [];
  const account = await cardRows(db, accountId, "account");
  return resolveRates({ global: global.paise, smsBilledOn: global.smsBilledOn, reseller, organization, account, at });
}

/** The rates the account pays at `at`: what estimates, holds and charges of an account use. */
export async function loadRatesFor(db: Conn, accountId: string, at?: Date): Promise<Rates> {
  return (await resolveRatesFor(db, accountId, at)).rates;
}

/**
 * A campaign's rates: those it was held with, so a rate change never re-prices it; an account's current card for a
 * campaign held before cards were kept (or not yet held).
 */
export async function campaignRates(db: Conn, campaignId: string): Promise<Rates | undefined> {
  const [row] = await db
    .select({ rates: campaigns.rates, userId: campaigns.userId })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!row) return undefined;
  // Rates stored before the SMS categories existed price them at their "sms".
  return row.rates ? withSmsFallback(row.rates) : loadRatesFor(db, row.userId);
}
