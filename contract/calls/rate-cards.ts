import type { Static } from "@sinclair/typebox";
import { Type } from "./type";
import { RATE_KEYS, type RateKey } from "../domain/rate-keys";
import { RATE_CARD_SCOPES, RATE_SOURCES, type RateCardScope, type RateSource } from "../domain/rate-cards";
import { PAGE_DEFAULTS, PageQuery } from "./pagination";
import { Paged } from "./records";
import { pathParams, replies } from "./replies";
import type { CallDef } from "./types";

// Ours (issue 37): rate cards per account and per reseller, their audit, and a reseller's margin. Money leaves the
// server in rupees as the global rates do (rates.get); the server works in paise.

const ADMIN_RESELLER = ["admin", "reseller"] as const;
const Rupees = Type.Number({ description: "rupees, at most two decimals" });
const PerKey = <T extends ReturnType<typeof Type.Number> | ReturnType<typeof Type.Unsafe<RateSource>>>(t: T) =>
  Type.Object(Object.fromEntries(RATE_KEYS.map((k) => [k, t])) as Record<RateKey, T>);
const Scope = Type.Unsafe<RateCardScope>({ type: "string", enum: [...RATE_CARD_SCOPES] });
const Source = Type.Unsafe<RateSource>({ type: "string", enum: [...RATE_SOURCES] });
const Day = (what: string) => Type.Optional(Type.String({ description: `${what} day, YYYY-MM-DD (India)` }));

export const RateCardRow = Type.Object({
  scope: Scope,
  key: Type.Unsafe<RateKey>({ type: "string", enum: [...RATE_KEYS] }),
  rupees: Rupees,
  effectiveFrom: Type.String({ format: "date-time" }),
  setBy: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: "date-time" }),
});

export const RateCardRecord = Type.Object({
  accountId: Type.String(),
  username: Type.String(),
  role: Type.String(),
  /** What the account pays now, per key, and which card each rate came from. */
  rates: PerKey(Rupees),
  sources: PerKey(Source),
  /** The reseller's own cost per key (a reseller's customer, or a reseller itself); null for other accounts. */
  cost: Type.Union([PerKey(Rupees), Type.Null()]),
  /** Every row of the account's card, and of its card for customers when it is a reseller, newest first. */
  rows: Type.Array(RateCardRow),
});

export const RateCardAuditRecord = Type.Object({
  id: Type.String(),
  at: Type.String({ format: "date-time" }),
  actor: Type.Union([Type.String(), Type.Null()]),
  account: Type.Union([Type.String(), Type.Null()]),
  scope: Type.Unsafe<RateCardScope | "global">({ type: "string", enum: [...RATE_CARD_SCOPES, "global"] }),
  key: Type.String(),
  oldRupees: Type.Union([Rupees, Type.Null()]),
  newRupees: Rupees,
  /** The global SMS rate's basis before and after ("submitted" or "delivered"); null on other rows. */
  oldBilledOn: Type.Union([Type.String(), Type.Null()]),
  newBilledOn: Type.Union([Type.String(), Type.Null()]),
  effectiveFrom: Type.String({ format: "date-time" }),
});

export const MarginRow = Type.Object({
  accountId: Type.String(),
  username: Type.String(),
  campaigns: Type.Integer(),
  /** Public-API messages sent in the period that kept a charge. */
  apiMessages: Type.Integer(),
  charged: Rupees,
  cost: Rupees,
  margin: Rupees,
});

const AccountId = pathParams("accountId");

export const RATE_CARD_CALLS = {
  "rateCards.get": {
    method: "GET",
    path: "/api/v1/rate-cards/:accountId",
    access: ADMIN_RESELLER,
    params: AccountId,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: RateCardRecord }) }),
    summary: "An account's rate card: what it pays per key and from which card, its cost, and the card's rows",
  },
  "rateCards.set": {
    method: "PUT",
    path: "/api/v1/rate-cards/:accountId",
    access: ADMIN_RESELLER,
    params: AccountId,
    bodySchema: "rate-card-set",
    response: replies({
      200: Type.Object({ success: Type.Literal(true), message: Type.String(), data: RateCardRecord }),
    }),
    summary: "Set rates on an account's card (or a reseller's card for its customers) from a date; audited",
  },
  "rateCards.audit": {
    method: "GET",
    path: "/api/v1/rate-cards/:accountId/audit",
    access: ADMIN_RESELLER,
    params: AccountId,
    queryDefaults: PAGE_DEFAULTS,
    query: PageQuery,
    response: replies({ 200: Paged(RateCardAuditRecord) }),
    summary: "The changes of an account's rates (who, when, old, new, effective from), newest first",
  },
  "rateCards.globalAudit": {
    method: "GET",
    path: "/api/v1/rate-cards-audit",
    access: ["admin"],
    queryDefaults: PAGE_DEFAULTS,
    query: PageQuery,
    response: replies({ 200: Paged(RateCardAuditRecord) }),
    summary: "Every change of any rate, the global card's included, newest first (admin)",
  },
  "rateCards.margins": {
    method: "GET",
    path: "/api/v1/rate-margins",
    access: ["reseller"],
    query: Type.Object({ from: Day("First"), to: Day("Last") }),
    response: replies({
      200: Type.Object({
        success: Type.Literal(true),
        from: Type.String(),
        to: Type.String(),
        data: Type.Array(MarginRow),
        total: Type.Object({ charged: Rupees, cost: Rupees, margin: Rupees }),
      }),
    }),
    summary: "A reseller's margin per customer over a period: charged at the customer's card against its own cost",
  },
} as const satisfies Record<string, CallDef>;

export type RateCardAuditRow = Static<typeof RateCardAuditRecord>;
export type RateMarginRow = Static<typeof MarginRow>;
