import { CANNED_CODE_MAX } from "../domain/canned-responses";
import { CampaignChannelField } from "./campaign-records";
import { WORKSPACE } from "./access";
import { Confirmation, ID, replies } from "./replies";
import { Type } from "./type";
import type { CallDef } from "./types";

const nullableText = () => Type.Union([Type.String(), Type.Null()]);
const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
const CHAT = { access: WORKSPACE, module: "chat" } as const;

/** One canned response as the settings page and the composer read it. */
export const CannedResponseRecord = Type.Object({
  _id: Type.String(),
  code: Type.String(),
  title: Type.String(),
  body: Type.String(),
  /** Offered only in conversations of this channel; null: every channel. */
  channel: Type.Union([CampaignChannelField, Type.Null()]),
  /** The registered SMS template it is sent as on a DLT route (sms_templates id), with its DLT template id. */
  smsTemplateId: nullableText(),
  dltTemplateId: nullableText(),
  updatedAt: Type.String({ format: "date-time" }),
});

/** A response filled in for one conversation: the text to insert, or why it cannot be (an unknown or empty variable). */
export const RenderedCannedRecord = Type.Object({
  _id: Type.String(),
  code: Type.String(),
  title: Type.String(),
  text: nullableText(),
  error: nullableText(),
  /** On a DLT route: the SMS template and its values the text is sent as. */
  smsTemplateId: nullableText(),
  params: Type.Union([Type.Array(Type.String()), Type.Null()]),
});

/** Why a conversation is offered fewer responses: WhatsApp's window closed (none), a DLT route (registered only). */
export const CannedRuleField = Type.Union([Type.Literal("window-closed"), Type.Literal("dlt"), Type.Null()]);

/**
 * Ours (issue 40 item 2): the account's canned responses (the contacts owner's, so a manager's users share them). The
 * owner and its users manage them; a live agent lists them and renders them in its conversations, never edits.
 */
export const CANNED_CALLS = {
  "chats.cannedList": {
    method: "GET",
    path: "/api/v1/canned-responses",
    ...CHAT,
    query: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) }),
    response: replies({ 200: ok({ data: Type.Array(CannedResponseRecord) }) }),
    summary: "The account's canned responses by short code; q searches the code, title and body",
  },
  "chats.cannedCreate": {
    method: "POST",
    path: "/api/v1/canned-responses",
    ...CHAT,
    bodySchema: "canned-response",
    response: replies({ 201: ok({ data: CannedResponseRecord }) }),
    summary: `Add a canned response (short code unique per account, a-z 0-9 _ -, at most ${CANNED_CODE_MAX})`,
  },
  "chats.cannedUpdate": {
    method: "PUT",
    path: "/api/v1/canned-responses/:id",
    ...CHAT,
    params: ID,
    bodySchema: "canned-response",
    response: replies({ 200: ok({ data: CannedResponseRecord }) }),
    summary: "Change one of the account's canned responses",
  },
  "chats.cannedDelete": {
    method: "DELETE",
    path: "/api/v1/canned-responses/:id",
    ...CHAT,
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Delete one of the account's canned responses",
  },
  "chats.cannedRender": {
    method: "GET",
    path: "/api/v1/chats/:id/canned-responses",
    ...CHAT,
    params: ID,
    response: replies({ 200: ok({ data: Type.Array(RenderedCannedRecord), rule: CannedRuleField }) }),
    summary:
      "The canned responses this conversation may use, filled from its contact: none outside WhatsApp's window, only registered templates on a DLT route",
  },
} as const satisfies Record<string, CallDef>;
