import {
  CONVERSION_ATTRIBUTIONS,
  CONVERSION_CURRENCIES,
  CONVERSION_KINDS,
  type ConversionCurrency,
  type ConversionKind,
} from "../domain/conversions";
import { PublicErrorBody } from "./api-key-records";
import { publicConversion } from "../../schemas/public-conversion";
import { CONVERSION_DOCS, POSTBACK_DOCS } from "./public-conversions-docs";
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

/** The postback's query: the conversions body's fields (its schema, one for both) read from the query string. */
const P = publicConversion.properties;
const PostbackQuery = Type.Object(
  {
    code: Type.Optional(Type.Unsafe<string>(P.code)),
    number: Type.Optional(Type.Unsafe<string>(P.number)),
    kind: Type.Unsafe<ConversionKind>(P.kind),
    value: Type.Optional(Type.Unsafe<string>(P.value)),
    currency: Type.Optional(Type.Unsafe<ConversionCurrency>(P.currency)),
    occurredAt: Type.Optional(Type.Unsafe<string>(P.occurredAt)),
    externalId: Type.Unsafe<string>(P.externalId),
  },
  { additionalProperties: false },
);

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
  "public.conversions.postback": {
    method: "GET",
    path: "/api/public/v1/conversions/postback/:token",
    access: "public",
    params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) }),
    query: PostbackQuery,
    response: { 200: ok, 201: ok, 202: ok, 429: PublicErrorBody, "4xx": PublicErrorBody, "5xx": PublicErrorBody },
    summary:
      "The account's postback URL: the same conversion as a GET with its fields in the query, for a shop or partner without an API key (the token in the path is the account's; made and revoked on the API Control screen)",
    docs: POSTBACK_DOCS,
  },
} as const satisfies Record<string, CallDef>;
