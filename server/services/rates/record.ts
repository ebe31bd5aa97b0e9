import { aliasedTable, desc, eq, sql, type SQL } from "drizzle-orm";
import type { PageQuery } from "../../../contract/calls";
import { RATE_KEYS, type ChargeBasis, type RateKey } from "../../../contract/domain/charging";
import type { RateSource } from "../../../contract/domain/rate-cards";
import type { Db } from "../../db/client";
import { rateCardAudit, rateCards, users } from "../../db/schema";
import type { Tx } from "../../db/sql";
import { pageWindow, totalPages } from "../paging";
import type { CardTarget } from "./access";
import { loadRatesFor, resolveRatesFor } from "./cards";

// What the rate-card calls answer: an account's card as people read it (rupees, where each rate comes from, the
// reseller's cost beside it, the rows with who set them) and pages of the audit.

const rupees = (paise: number) => paise / 100;
const perKey = <T>(f: (key: RateKey) => T) => Object.fromEntries(RATE_KEYS.map((k) => [k, f(k)])) as Record<RateKey, T>;

export async function cardRecord(db: Db, target: CardTarget, now = new Date()) {
  const { rates, sources } = await resolveRatesFor(db, target.id, now);
  // A reseller's own rates are its cost; a reseller's customer is shown its reseller's cost beside its rates.
  const costOf = target.role === "reseller" ? target.id : target.resellerId;
  const cost = costOf ? await loadRatesFor(db, costOf, now) : null;
  const setter = aliasedTable(users, "setter");
  const rows = await db
    .select({
      scope: rateCards.scope,
      key: rateCards.key,
      paise: rateCards.paise,
      effectiveFrom: rateCards.effectiveFrom,
      setBy: setter.username,
      createdAt: rateCards.createdAt,
    })
    .from(rateCards)
    .leftJoin(setter, eq(setter.id, rateCards.setBy))
    .where(eq(rateCards.accountId, target.id))
    .orderBy(desc(rateCards.effectiveFrom), rateCards.scope, rateCards.key);
  return {
    accountId: target.id,
    username: target.username,
    role: target.role,
    rates: perKey((k) => rupees(rates[k])),
    sources: perKey<RateSource>((k) => sources[k]),
    cost: cost ? perKey((k) => rupees(cost[k])) : null,
    rows: rows.map((r) => ({
      scope: r.scope,
      key: r.key,
      rupees: rupees(r.paise),
      effectiveFrom: r.effectiveFrom.toISOString(),
      setBy: r.setBy ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** A page of the audit, newest first: one account's changes, or every change (global included) without one. */
export async function auditPage(db: Db, accountId: string | null, query: PageQuery) {
  const { page, limit, offset } = pageWindow(query);
  const actor = aliasedTable(users, "actor");
  const account = aliasedTable(users, "account");
  const where: SQL | undefined = accountId ? eq(rateCardAudit.accountId, accountId) : undefined;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rateCardAudit)
    .where(where);
  const rows = await db
    .select({
      id: rateCardAudit.id,
      at: rateCardAudit.createdAt,
      actor: actor.username,
      account: account.username,
      scope: rateCardAudit.scope,
      key: rateCardAudit.key,
      oldPaise: rateCardAudit.oldPaise,
      newPaise: rateCardAudit.newPaise,
      oldBilledOn: rateCardAudit.oldBilledOn,
      newBilledOn: rateCardAudit.newBilledOn,
      effectiveFrom: rateCardAudit.effectiveFrom,
    })
    .from(rateCardAudit)
    .leftJoin(actor, eq(actor.id, rateCardAudit.actorId))
    .leftJoin(account, eq(account.id, rateCardAudit.accountId))
    .where(where)
    .orderBy(desc(rateCardAudit.createdAt), desc(rateCardAudit.id))
    .limit(limit)
    .offset(offset);
  return {
    success: true as const,
    count: n,
    page,
    limit,
    totalPages: totalPages(n, limit),
    data: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: r.actor ?? null,
      account: r.account ?? null,
      scope: r.scope,
      key: r.key,
      oldRupees: r.oldPaise === null ? null : rupees(r.oldPaise),
      newRupees: rupees(r.newPaise),
      oldBilledOn: r.oldBilledOn,
      newBilledOn: r.newBilledOn,
      effectiveFrom: r.effectiveFrom.toISOString(),
    })),
  };
}

/** The global card's changes, audited like a card's (routes/campaign-control rates.update). */
export async function auditGlobal(
  tx: Db | Tx,
  actor: { id: string; impersonatedBy?: string },
  changes: readonly {
    key: RateKey;
    oldPaise: number | null;
    newPaise: number;
    /** The SMS rate's basis, before and after: a change of it is a change of the rate (what a message costs when). */
    billedOn?: { old: ChargeBasis; new: ChargeBasis };
  }[],
  at: Date,
): Promise<void> {
  const rows = changes
    .filter((c) => c.oldPaise !== c.newPaise || (c.billedOn && c.billedOn.old !== c.billedOn.new))
    .map((c) => ({
      oldBilledOn: c.billedOn?.old ?? null,
      newBilledOn: c.billedOn?.new ?? null,
      actorId: actor.id,
      impersonatedBy: actor.impersonatedBy ?? null,
      accountId: null,
      scope: "global" as const,
      key: c.key,
      oldPaise: c.oldPaise,
      newPaise: c.newPaise,
      effectiveFrom: at,
    }));
  if (rows.length) await tx.insert(rateCardAudit).values(rows);
}
