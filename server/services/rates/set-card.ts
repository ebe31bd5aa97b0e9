import { and, eq } from "drizzle-orm";
import { RATE_KEYS, withSmsFallback, type RateKey } from "../../../contract/domain/charging";
import {
  belowCost,
  belowCostMessage,
  effectiveAt,
  RATE_KEY_NAMES,
  type RateCardScope,
} from "../../../contract/domain/rate-cards";
import type { Db } from "../../db/client";
import { rateCardAudit, rateCards } from "../../db/schema";
import type { Tx } from "../../db/sql";
import { badRequest, HttpError, type FieldError } from "../../http/errors";
import type { Caller } from "../caller";
import type { CardTarget } from "./access";
import { cardRows, loadRatesFor } from "./cards";

// Setting rates on a card: whole paise, from a date that is not behind us, never below a reseller's own cost when a
// reseller sets them, each change written with its audit row in one transaction (a refusal writes nothing).

/** A day back is still "today" in any zone; an earlier date would rewrite history. */
const PAST_GRACE_MS = 24 * 60 * 60 * 1000;

/** Rupees with at most two decimals to paise; more decimals are refused rather than rounded. */
export function paiseOf(rupees: Partial<Record<RateKey, number>>, field = "rates"): Partial<Record<RateKey, number>> {
  const errors: FieldError[] = [];
  const out: Partial<Record<RateKey, number>> = {};
  for (const key of RATE_KEYS) {
    const value = rupees[key];
    if (value === undefined) continue;
    if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6)
      errors.push({ field: `${field}.${key}`, message: "can have at most two decimal places (whole paise)" });
    else out[key] = Math.round(value * 100);
  }
  // The message is for people (the field errors keep the paths for forms): "The SMS rate can have ...".
  if (errors.length)
    throw badRequest(
      errors
        .map((e) => `The ${RATE_KEY_NAMES[e.field.slice(field.length + 1) as RateKey]} rate ${e.message}`)
        .join("; "),
      errors,
    );
  return out;
}

/** When the rates apply: now when not given or earlier today; a date further back is refused. */
export function effectiveFromOf(raw: string | undefined, now: Date): Date {
  if (raw === undefined) return now;
  const at = new Date(raw);
  if (Number.isNaN(at.getTime()))
    throw badRequest("effectiveFrom: is not a valid date", [
      { field: "effectiveFrom", message: "is not a valid date" },
    ]);
  if (at.getTime() < now.getTime() - PAST_GRACE_MS)
    throw badRequest("effectiveFrom: cannot be in the past", [
      { field: "effectiveFrom", message: "cannot be in the past" },
    ]);
  return at.getTime() < now.getTime() ? now : at;
}

export interface CardChange {
  scope: RateCardScope;
  paise: Partial<Record<RateKey, number>>;
  effectiveFrom: Date;
}

/** The keys changed (a rate set to what it already is from that date is no change and writes no audit row). */
export async function setCard(db: Db, caller: Caller, target: CardTarget, change: CardChange): Promise<RateKey[]> {
  const { scope, paise, effectiveFrom } = change;
  return db.transaction(async (tx) => {
    const rows = await cardRows(tx, target.id, scope);
    const before = effectiveAt(rows, effectiveFrom);
    if (caller.role === "reseller") await refuseBelowCost(tx, caller.id, pricedBy(before, paise), effectiveFrom);
    const changed: RateKey[] = [];
    for (const key of RATE_KEYS) {
      const value = paise[key];
      if (value === undefined || before[key] === value) continue;
      await upsertRow(tx, { accountId: target.id, scope, key, paise: value, effectiveFrom, setBy: caller.id });
      await tx.insert(rateCardAudit).values({
        actorId: caller.id,
        impersonatedBy: caller.impersonatedBy ?? null,
        accountId: target.id,
        scope,
        key,
        oldPaise: before[key] ?? null,
        newPaise: value,
        effectiveFrom,
      });
      changed.push(key);
    }
    return changed;
  });
}

/**
 * The rates a change sets on a card: those given, and the SMS categories the card leaves to its "sms" when the change
 * sets "sms" (withSmsFallback): a reseller's new SMS rate must cover its cost on every route it now prices.
 */
export function pricedBy(
  before: Partial<Record<RateKey, number>>,
  paise: Partial<Record<RateKey, number>>,
): Partial<Record<RateKey, number>> {
  if (paise.sms === undefined) return paise;
  const after = withSmsFallback({ ...before, ...paise });
  return Object.fromEntries(
    RATE_KEYS.filter((key) => paise[key] !== undefined || before[key] === undefined).flatMap((key) =>
      after[key] === undefined ? [] : [[key, after[key]]],
    ),
  );
}

/** 422 naming every key below the reseller's own cost at the date the rates start. */
async function refuseBelowCost(
  tx: Tx,
  resellerId: string,
  paise: Partial<Record<RateKey, number>>,
  at: Date,
): Promise<void> {
  const cost = await loadRatesFor(tx, resellerId, at);
  // An SMS category priced at the same rate and cost as "sms" says nothing the SMS refusal does not.
  const sameAsSms = (key: RateKey) =>
    key !== "sms" && key.startsWith("sms_") && paise[key] === paise.sms && cost[key] === cost.sms;
  const below = belowCost(paise, cost).filter((key, _, all) => !(all.includes("sms") && sameAsSms(key)));
  if (below.length === 0) return;
  const errors = below.map((key) => ({ field: `rates.${key}`, message: belowCostMessage(key, cost[key]) }));
  throw new HttpError(422, errors.map((e) => e.message).join("; "), errors);
}

interface NewRow {
  accountId: string;
  scope: RateCardScope;
  key: RateKey;
  paise: number;
  effectiveFrom: Date;
  setBy: string;
}

async function upsertRow(tx: Tx, row: NewRow): Promise<void> {
  const same = and(
    eq(rateCards.accountId, row.accountId),
    eq(rateCards.scope, row.scope),
    eq(rateCards.key, row.key),
    eq(rateCards.effectiveFrom, row.effectiveFrom),
  );
  const updated = await tx
    .update(rateCards)
    .set({ paise: row.paise, setBy: row.setBy, createdAt: new Date() })
    .where(same)
    .returning({ id: rateCards.id });
  if (updated.length === 0) await tx.insert(rateCards).values(row);
}
