import { CONVERSION_ATTRIBUTIONS, CONVERSION_CURRENCIES, CONVERSION_KINDS } from "../domain/conversions";
import { PublicErrorBody } from "./api-key-records";
import { CONVERSION_DOCS } from "./public-conversions-docs";
import { Type } from "./type";
import type { CallDef } from "./types";

// Ours (issue 41, item 2): a business reports an order, a sign-up or a lead; we attribute it to the campaign message
// that brought it (by click code, or by number within the account's window) so the campaign report shows conversions
// and revenue. The key needs the conversions:write scope.

const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: "string", enum: [...values] });

export const ConversionRecord = Type.Object({
  id: Type.String({ format: "uuid" }),
  externalId: Type.String(),
  kind: enumOf(CONVERSION_KINDS),
  /** Rupees as a decimal string ("1499.50"), kept as integer paise. */
  value: Type.Union([Type.String(), Type.Null()]),
  currency: enumOf(CONVERSION_CURRENCIES),
  occurredAt: Type.String({ format: "date-time" }),
  attributed: Type.Boolean(),
  attributedBy: Type.Union([enumOf(CONVERSION_ATTRIBUTIONS), Type.Null()]),
  campaignId: Type.Union([Type.String({ format: "uuid" }), Type.Null()]),
  createdAt: Type.String({ format: "date-time" }),
});

const ok = Type.Object({ success: Type.Literal(true), data: ConversionRecord });

export const PUBLIC_CONVERSION_CALLS = {
  "public.conversions.record": {
    method: "POST",
    path: "/api/public/v1/conversions",
    access: "api-key",
    scope: "conversions:write",
    bodySchema: "public-conversion",
    response: { 200: ok, 201: ok, 202: ok, 429: PublicErrorBody, "4xx": PublicErrorBody, "5xx": PublicErrorBody },
    summary:
      "Report a conversion (an order, a sign-up, a lead) by click code or number: 201 attributed to a campaign message, 202 kept unattributed, 200 the same externalId again (nothing recorded twice)",
    docs: CONVERSION_DOCS,
  },
} as const satisfies Record<string, CallDef>;
