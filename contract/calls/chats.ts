import { CONVERSATION_SCOPES, type ConversationScope } from "../domain/chats";
import { CONTACT_LABEL_MAX_LENGTH } from "../domain/contacts";
import { CONVERSATION_SORTS, WAITING_MINUTES_MAX, type ConversationSort } from "../domain/inbox-views";
import { CampaignChannelField } from "./campaign-records";
import {
  ChatAttachmentRecord,
  ChatCustomerRecord,
  ChatMessageRecord,
  ConversationActivityRecord,
  ConversationRecord,
  ConversationStatusField,
  InboxViewRecord,
  LabelRecord,
  QuickReplyRecord,
  SandboxAddressRecord,
  SandboxPhoneMessageRecord,
  TeamMemberRecord,
  WallboardRecord,
} from "./chat-records";
import { WORKSPACE } from "./access";
import { PageQuery } from "./pagination";
import { SignedLinkQuery } from "./uploads";
import { Confirmation, FileBytes, ID, replies } from "./replies";
import { Type } from "./type";

import type { CallDef } from "./types";

const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
const Conversation = ok({ data: ConversationRecord });
const Message = ok({ data: ChatMessageRecord });
const CHAT = { access: WORKSPACE, module: "chat" } as const;
const SlaRecord = Type.Object({
  timeZone: Type.String(),
  businessHours: Type.Union([
    Type.Array(Type.Union([Type.Object({ open: Type.String(), close: Type.String() }), Type.Null()])),
    Type.Null(),
  ]),
  holidays: Type.Array(Type.String()),
  firstResponseMinutes: Type.Union([Type.Integer(), Type.Null()]),
  resolutionMinutes: Type.Union([Type.Integer(), Type.Null()]),
});
const CsatSettingsRecord = Type.Object({
  enabled: Type.Boolean(),
  question: Type.String(),
  whatsappTemplate: Type.Union([Type.String(), Type.Null()]),
  smsDltTemplateId: Type.Union([Type.String(), Type.Null()]),
});
/** What the settings screen says of them: SMS numbers on a DLT route that get no survey without a DLT template. */
const CsatWarnings = Type.Array(Type.String());
const AssignmentRecord = Type.Object({
  autoAssign: Type.Boolean(),
  agentCapacity: Type.Integer(),
  offlineGraceMinutes: Type.Integer(),
});

/**
 * Ours: SPEC sends chat messages over the socket (SPEC 3's outgoing 'message') and names no call for the inbox. These
 * read it (conversations, pages of messages, the catch-up after a reconnect, the team to assign to) and change it
 * (send, note, assign, resolve, reopen, read). `chats.team` is the inbox's own narrow team list: SPEC 6's
 * `liveAgents.list` keeps its roles and the agent module (the owner's Team Members screen, with emails), which a live
 * agent (chat module only) does not have. The socket's 'message' and `chats.send` share one service: a message is
 * written before it is acknowledged, and a repeated clientId answers the stored message. The simulated phone
 * (`sandbox.phone.*`) lets a tester write as a customer when the carrier is the sandbox (501 otherwise).
 */
export const CHAT_CALLS = {
  "chats.list": {
    method: "GET",
    path: "/api/v1/chats",
    ...CHAT,
    query: Type.Object({
      ...PageQuery.properties,
      channel: Type.Optional(CampaignChannelField),
      scope: Type.Optional(
        Type.Unsafe<ConversationScope>({ type: "string", enum: [...CONVERSATION_SCOPES], default: "all" }),
      ),
      status: Type.Optional(ConversationStatusField),
      q: Type.Optional(Type.String({ maxLength: 100 })),
      label: Type.Optional(Type.String({ minLength: 1, maxLength: CONTACT_LABEL_MAX_LENGTH })),
      agentId: Type.Optional(Type.String({ minLength: 1, maxLength: 36, description: "a live agent's conversations" })),
      unread: Type.Optional(Type.Unsafe<"true" | "false">({ type: "string", enum: ["true", "false"] })),
      slaBreached: Type.Optional(
        Type.Unsafe<"true" | "false">({ type: "string", enum: ["true", "false"], description: "an SLA was breached" }),
      ),
      waitingMinutes: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: WAITING_MINUTES_MAX,
          description: "open, the customer wrote last, longer ago than this",
        }),
      ),
      sort: Type.Optional(
        Type.Unsafe<ConversationSort>({
          type: "string",
          enum: [...CONVERSATION_SORTS],
          default: "recent",
          description:
            "recent: newest activity first; slaDue: the running SLA clock due soonest, none last (cursor only)",
        }),
      ),
      cursor: Type.Optional(
        Type.String({ maxLength: 200, description: "nextCursor of the page before (then page is not read)" }),
      ),
    }),
    response: replies({
      200: ok({
        data: Type.Array(ConversationRecord),
        /** Exact up to CONVERSATION_COUNT_CAP; a search's is at least the rows up to its page (totalExact false). */
        total: Type.Integer(),
        totalExact: Type.Boolean(),
        totalPages: Type.Integer(),
        /** The next page after this one's last row, or null at the end: deep pages at the cost of the first. */
        nextCursor: Type.Union([Type.String(), Type.Null()]),
        unread: Type.Object({ whatsapp: Type.Integer(), sms: Type.Integer(), rcs: Type.Integer() }),
      }),
    }),
    summary:
      "The inbox: conversations newest first, by channel, scope (mine, unassigned, all), status, agent, label, unread, waiting time and search; pages by number or cursor",
  },
  "chats.get": {
    method: "GET",
    path: "/api/v1/chats/:id",
    ...CHAT,
    params: ID,
    response: replies({
      200: ok({
        data: ConversationRecord,
        customer: ChatCustomerRecord,
        /**
         * SMS: the conversation's number sends through an Indian DLT route, so only SMS templates may go
         * (DLT_TEMPLATES_ONLY).
         */
        dltTemplatesOnly: Type.Boolean(),
      }),
    }),
    summary:
      "One conversation with the customer's details (campaigns they were in, opt-out state) and whether only templates may be sent",
  },
  "chats.messages": {
    method: "GET",
    path: "/api/v1/chats/:id/messages",
    ...CHAT,
    params: ID,
    query: Type.Object({
      before: Type.Optional(Type.String({ pattern: "^[0-9]{1,18}$" })),
      after: Type.Optional(Type.String({ pattern: "^[0-9]{1,18}$" })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    }),
    response: replies({ 200: ok({ data: Type.Array(ChatMessageRecord), hasMore: Type.Boolean() }) }),
    summary:
      "A page of a conversation's messages, oldest first: the latest, those before an id (scroll-up) or after one",
  },
  "chats.sync": {
    method: "GET",
    path: "/api/v1/chats/sync",
    ...CHAT,
    query: Type.Object({
      after: Type.String({ pattern: "^[0-9]{1,18}$" }),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 500 })),
    }),
    response: replies({ 200: ok({ data: Type.Array(ChatMessageRecord), hasMore: Type.Boolean() }) }),
    summary: "Every message the caller may see after an id: the catch-up after a reconnect, so nothing is missed",
  },
  "chats.send": {
    method: "POST",
    path: "/api/v1/chats/:id/messages",
    ...CHAT,
    params: ID,
    bodySchema: "chat-send",
    response: replies({ 200: Message }),
    summary: "Send a message (text, media, location or template); written before it is answered, once per clientId",
  },
  "chats.attach": {
    method: "POST",
    path: "/api/v1/chats/:id/attachments",
    ...CHAT,
    params: ID,
    multipart: true,
    response: replies({ 201: ok({ data: ChatAttachmentRecord }) }),
    summary:
      "Attach a file (multipart: fileContent) to send in the conversation: its type, read from the bytes, and size must meet the channel's rules (SMS takes none); then chats.send with attachmentId",
  },
  "chats.media": {
    method: "GET",
    path: "/api/v1/chats/:id/media/:fileId",
    ...CHAT,
    params: Type.Object({ id: Type.String({ maxLength: 64 }), fileId: Type.String({ maxLength: 64 }) }),
    response: replies({ 200: ok({ data: Type.Object({ url: Type.String() }) }) }),
    summary: "A signed link to a file of the conversation (sent or received), for the people of that conversation only",
  },
  "chats.file": {
    method: "GET",
    path: "/api/v1/chat-files/:id",
    access: "public",
    params: ID,
    download: true,
    query: SignedLinkQuery,
    response: replies({ 200: FileBytes }),
    summary: "A conversation's file by the signed link chats.media answered; expired or wrong answers 403",
  },
  "chats.note": {
    method: "POST",
    path: "/api/v1/chats/:id/notes",
    ...CHAT,
    params: ID,
    bodySchema: "chat-note",
    response: replies({ 200: Message }),
    summary: "An internal note: seen by the account's agents, never sent to the customer",
  },
  "chats.assign": {
    method: "POST",
    path: "/api/v1/chats/:id/assign",
    ...CHAT,
    params: ID,
    bodySchema: "chat-assign",
    response: replies({ 200: Conversation }),
    summary: "Assign the conversation to a live agent (null unassigns)",
  },
  "chats.resolve": {
    method: "POST",
    path: "/api/v1/chats/:id/resolve",
    ...CHAT,
    params: ID,
    response: replies({ 200: Conversation }),
    summary: "Mark the conversation resolved (a new customer message reopens it)",
  },
  "chats.reopen": {
    method: "POST",
    path: "/api/v1/chats/:id/reopen",
    ...CHAT,
    params: ID,
    response: replies({ 200: Conversation }),
    summary: "Reopen a resolved conversation",
  },
  "chats.read": {
    method: "POST",
    path: "/api/v1/chats/:id/read",
    ...CHAT,
    params: ID,
    response: replies({ 200: Conversation }),
    summary: "Mark the conversation's messages read (its unread count becomes 0)",
  },
  "chats.activity": {
    method: "GET",
    path: "/api/v1/chats/:id/activity",
    ...CHAT,
    params: ID,
    response: replies({ 200: ok({ data: Type.Array(ConversationActivityRecord) }) }),
    summary: "The conversation's activity log, newest first (its latest 50 assignment changes), for its people only",
  },
  "chats.team": {
    method: "GET",
    path: "/api/v1/chats/team",
    ...CHAT,
    response: replies({ 200: ok({ data: Type.Array(TeamMemberRecord) }) }),
    summary:
      "The inbox's team for assignment: the active live agents of the account (an agent's: its owner's), names and presence only",
  },
  "chats.quickReplies": {
    method: "GET",
    path: "/api/v1/chats/:id/templates",
    ...CHAT,
    params: ID,
    response: replies({ 200: ok({ data: Type.Array(QuickReplyRecord) }) }),
    summary: "Templates the composer may send here (approved ones of the conversation's sender)",
  },
  "chats.labels": {
    method: "GET",
    path: "/api/v1/chats/labels",
    ...CHAT,
    response: replies({ 200: ok({ data: Type.Array(LabelRecord) }) }),
    summary: "The account's labels with their colours (the contacts owner's), alphabetical",
  },
  "chats.labelColor": {
    method: "POST",
    path: "/api/v1/chats/labels/colors",
    ...CHAT,
    bodySchema: "chat-label-color",
    response: replies({ 200: ok({ data: LabelRecord }) }),
    summary: "Set the colour of one of the account's labels (the owner only)",
  },
  "chats.relabel": {
    method: "POST",
    path: "/api/v1/chats/labels",
    ...CHAT,
    bodySchema: "chat-labels",
    response: replies({ 200: ok({ data: Type.Array(ConversationRecord) }) }),
    summary:
      "Add and remove labels on conversations the caller reaches (on their customers' contacts); answers them relabelled",
  },
  "chats.views": {
    method: "GET",
    path: "/api/v1/chat-views",
    ...CHAT,
    response: replies({ 200: ok({ data: Type.Array(InboxViewRecord) }) }),
    summary: "The caller's saved inbox views with how many conversations each holds",
  },
  "chats.viewCreate": {
    method: "POST",
    path: "/api/v1/chat-views",
    ...CHAT,
    bodySchema: "inbox-view",
    response: replies({ 201: ok({ data: InboxViewRecord }) }),
    summary: "Save the inbox's filters as a named view of the caller's",
  },
  "chats.viewDelete": {
    method: "DELETE",
    path: "/api/v1/chat-views/:id",
    ...CHAT,
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Delete one of the caller's saved views",
  },
  "chats.assignment": {
    method: "GET",
    path: "/api/v1/chats/assignment",
    ...CHAT,
    response: replies({ 200: ok({ data: AssignmentRecord }) }),
    summary: "The account's auto-assignment: on or off, capacity per agent, offline grace period (the owner only)",
  },
  "chats.assignmentSave": {
    method: "PUT",
    path: "/api/v1/chats/assignment",
    ...CHAT,
    bodySchema: "inbox-assignment",
    response: replies({ 200: ok({ data: AssignmentRecord }) }),
    summary: "Change the account's auto-assignment (the owner only)",
  },
  "chats.sla": {
    method: "GET",
    path: "/api/v1/chats/sla",
    ...CHAT,
    response: replies({ 200: ok({ data: SlaRecord }) }),
    summary: "The account's SLA targets and business hours: zone, week, holidays (the owner only)",
  },
  "chats.slaSave": {
    method: "PUT",
    path: "/api/v1/chats/sla",
    ...CHAT,
    bodySchema: "inbox-sla",
    response: replies({ 200: ok({ data: SlaRecord }) }),
    summary:
      "Change the account's SLA targets and business hours; running clocks take the new due times (the owner only)",
  },
  "chats.csat": {
    method: "GET",
    path: "/api/v1/chats/csat",
    ...CHAT,
    response: replies({ 200: ok({ data: CsatSettingsRecord, warnings: CsatWarnings }) }),
    summary:
      "The account's CSAT survey on resolve: on or off, question, templates for WhatsApp and DLT SMS, and which SMS numbers get no survey (the owner only)",
  },
  "chats.csatSave": {
    method: "PUT",
    path: "/api/v1/chats/csat",
    ...CHAT,
    bodySchema: "inbox-csat",
    response: replies({ 200: ok({ data: CsatSettingsRecord, warnings: CsatWarnings }) }),
    summary: "Change the account's CSAT survey on resolve (the owner only)",
  },
  "chats.wallboard": {
    method: "GET",
    path: "/api/v1/chats/wallboard",
    ...CHAT,
    response: replies({ 200: ok({ data: WallboardRecord }) }),
    summary: "The supervisor wallboard's figures: waiting, open per agent, agents by status, SLA breaches today",
  },
  "sandbox.phone.addresses": {
    method: "GET",
    path: "/api/v1/sandbox/phone/addresses",
    access: WORKSPACE,
    response: replies({ 200: ok({ data: Type.Array(SandboxAddressRecord) }) }),
    summary: "The caller's business addresses the simulated phone can write to (sandbox carrier only)",
  },
  "sandbox.phone.send": {
    method: "POST",
    path: "/api/v1/sandbox/phone/messages",
    access: WORKSPACE,
    bodySchema: "sandbox-phone-send",
    response: replies({ 200: Confirmation }),
    summary: "Write as a customer: the sandbox carrier delivers it to the account like a real inbound message",
  },
  "sandbox.phone.messages": {
    method: "GET",
    path: "/api/v1/sandbox/phone/messages",
    access: WORKSPACE,
    query: Type.Object({
      channel: CampaignChannelField,
      address: Type.String({ minLength: 1, maxLength: 100 }),
      number: Type.String({ minLength: 8, maxLength: 20 }),
    }),
    response: replies({ 200: ok({ data: Type.Array(SandboxPhoneMessageRecord) }) }),
    summary: "The simulated phone's thread with one business address, with the ticks of what the business sent",
  },
} as const satisfies Record<string, CallDef>;
