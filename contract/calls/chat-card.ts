import { ATTRIBUTE_TYPES, type AttributeType } from "../domain/contacts";
import { TIMELINE_LIMIT_DEFAULT, TIMELINE_LIMIT_MAX, TIMELINE_KINDS, type TimelineKind } from "../domain/chat-card";
import { CampaignChannelField } from "./campaign-records";
import { SentLinkRecord } from "./link-records";
import { ConsentStateRecord } from "./consent";
import { WORKSPACE } from "./access";
import { ID, replies } from "./replies";
import { Type } from "./type";
import type { CallDef } from "./types";

// Ours (issue 40 item 7): the details panel as the customer's card, and one timeline of everything the account sent
// to and received from the number, across channels. Both are for the conversation's people only (its owner, its
// agent, the team while unassigned); another account's conversation answers 404 like a missing one.

const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: "string", enum: [...values] });
const nullableText = () => Type.Union([Type.String(), Type.Null()]);
const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });

/** One custom attribute as the card shows it: its definition's label and type, the contact's value. */
const CardAttribute = Type.Object({
  key: Type.String(),
  label: Type.String(),
  type: enumOf<AttributeType>(ATTRIBUTE_TYPES),
  value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
});

export const CustomerCardRecord = Type.Object({
  number: Type.String(),
  /** The saved contact behind the number (null: none yet); contacts.update changes it when `editable`. */
  contactId: nullableText(),
  name: Type.String(),
  /** Only for those who may edit contacts: a live agent answers without the customer's email. */
  email: nullableText(),
  language: Type.String(),
  attributes: Type.Array(CardAttribute),
  /** Whether the caller may change the contact (its account's owner with the campaign module). */
  editable: Type.Boolean(),
  consent: ConsentStateRecord,
});

export const TimelineItemRecord = Type.Object({
  /** `<kind>:<id>`: unique across the merged kinds. */
  _id: Type.String(),
  kind: enumOf<TimelineKind>(TIMELINE_KINDS),
  channel: CampaignChannelField,
  /** in: the customer wrote; out: the account sent; note: a private note of the team. */
  direction: enumOf<"in" | "out" | "note">(["in", "out", "note"]),
  text: Type.String(),
  status: nullableText(),
  /** The campaign that sent it (campaign messages only). */
  campaignName: nullableText(),
  /** A tracked campaign's message: each short link in `text` and the URL it opens. */
  links: Type.Optional(Type.Array(SentLinkRecord)),
  at: Type.String({ format: "date-time" }),
});

export const CHAT_CARD_CALLS = {
  "chats.card": {
    method: "GET",
    path: "/api/v1/chats/:id/card",
    access: WORKSPACE,
    module: "chat",
    params: ID,
    response: replies({ 200: ok({ data: CustomerCardRecord }) }),
    summary: "The conversation's customer: contact name and attributes, and consent per channel from the ledger",
  },
  "chats.timeline": {
    method: "GET",
    path: "/api/v1/chats/:id/timeline",
    access: WORKSPACE,
    module: "chat",
    params: ID,
    query: Type.Object({
      cursor: Type.Optional(Type.String({ maxLength: 200, description: "nextCursor of the page before" })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: TIMELINE_LIMIT_MAX, default: TIMELINE_LIMIT_DEFAULT })),
    }),
    response: replies({ 200: ok({ data: Type.Array(TimelineItemRecord), nextCursor: nullableText() }) }),
    summary:
      "Every campaign, API and chat message and note of the conversation's number in the account, newest first, by cursor",
  },
} as const satisfies Record<string, CallDef>;
