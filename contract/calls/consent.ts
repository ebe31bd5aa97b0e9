import type { Static } from "@sinclair/typebox";
import { Type } from "./type";
import { USER_MANAGER } from "./access";
import { PageQuery } from "./pagination";
import { replies } from "./replies";
import type { CallDef } from "./types";
import {
  CONSENT_CHANNELS,
  CONSENT_METHODS,
  CONSENT_PURPOSES,
  CONSENT_STATUSES,
  type ConsentChannel,
  type ConsentMethod,
  type ConsentPurpose,
  type ConsentStatus,
  type SendDecision,
} from "../domain/consent";

// Ours (issue 39, item 3): the consent ledger. Consent belongs to the account whose campaigns it governs (the
// caller, as with the suppression list, which is its view of all-channel opt-outs); a number needs no contact. The
// number goes in the path in E.164 (its "+" may be left out or written %2B).

const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: "string", enum: [...values] });
const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });

export const ConsentEventRecord = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  channel: enumOf<ConsentChannel>(CONSENT_CHANNELS),
  purpose: enumOf<ConsentPurpose>(CONSENT_PURPOSES),
  status: enumOf<ConsentStatus>(CONSENT_STATUSES),
  method: enumOf<ConsentMethod>(CONSENT_METHODS),
  proof: Type.String(),
  /** Who recorded it (their name), or null for a customer's keyword or a provider's error. */
  actor: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: "date-time" }),
});
export type ConsentEventRecord = Static<typeof ConsentEventRecord>;

const Decision = Type.Unsafe<SendDecision>({ type: "string", enum: ["allowed", "optedOut", "noOptIn"] });
/** What a campaign or API send on each channel would do with the number now, for marketing and other messages. */
const Effective = Type.Object({
  channel: enumOf<Exclude<ConsentChannel, "all">>(["sms", "whatsapp", "rcs"]),
  marketing: Decision,
  other: Decision,
});

export const ConsentStateRecord = Type.Object({
  number: Type.String(),
  onSuppressionList: Type.Boolean(),
  requireWhatsappOptIn: Type.Boolean(),
  /** The latest event of each (channel, purpose) the number has one for. */
  states: Type.Array(ConsentEventRecord),
  effective: Type.Array(Effective),
});
export type ConsentStateRecord = Static<typeof ConsentStateRecord>;

const NumberParam = Type.Object({
  number: Type.String({ minLength: 1, maxLength: 20, pattern: "^\\+?[0-9]{6,15}$", description: "E.164" }),
});
const Settings = ok({ data: Type.Object({ requireWhatsappOptIn: Type.Boolean() }) });

export const CONSENT_CALLS = {
  "consent.get": {
    method: "GET",
    path: "/api/v1/consent/:number",
    access: USER_MANAGER,
    module: "campaign",
    params: NumberParam,
    response: replies({ 200: ok({ data: ConsentStateRecord }) }),
    summary: "A number's current consent per channel and purpose, and what a send would do with it",
  },
  "consent.history": {
    method: "GET",
    path: "/api/v1/consent/:number/history",
    access: USER_MANAGER,
    module: "campaign",
    params: NumberParam,
    query: PageQuery,
    response: replies({
      200: ok({ data: Type.Array(ConsentEventRecord), total: Type.Integer(), totalPages: Type.Integer() }),
    }),
    summary: "A number's consent events, newest first",
  },
  "consent.record": {
    method: "POST",
    path: "/api/v1/consent/:number",
    access: USER_MANAGER,
    module: "campaign",
    params: NumberParam,
    bodySchema: "consent-record",
    response: replies({ 201: ok({ message: Type.String(), data: ConsentEventRecord }) }),
    summary: "Record an opt-in or opt-out of a number, with how it was given and its proof",
  },
  "consent.settings.get": {
    method: "GET",
    path: "/api/v1/consent-settings",
    access: USER_MANAGER,
    module: "campaign",
    response: replies({ 200: Settings }),
    summary: "The account's consent settings",
  },
  "consent.settings.update": {
    method: "PUT",
    path: "/api/v1/consent-settings",
    access: USER_MANAGER,
    module: "campaign",
    bodySchema: "consent-settings",
    response: replies({ 200: Settings }),
    summary: "Require (or not) a WhatsApp opt-in before business-initiated template messages",
  },
} as const satisfies Record<string, CallDef>;
