import { Type } from "./type";
import { ALL, USER_MANAGER } from "./access";
import { FileBytes, ID, replies } from "./replies";
import { ReportFormatField, ReportRecord } from "./report-records";
import { SentLinkRecord } from "./link-records";
import type { CallDef } from "./types";
import {
  LOG_CHANNELS,
  LOG_KINDS,
  LOG_LIMIT_DEFAULT,
  LOG_LIMIT_MAX,
  LOG_STATUSES,
  type LogKind,
  type LogStatus,
} from "../domain/message-log";

// Ours (issue 37): the message log. SPEC 6 keeps campaign status and responses to user and manager, so the
// account's own log is theirs; admins and resellers read one customer's log through calls of their own (a reseller
// only its customers), which widens none of SPEC's calls.

const nullableText = () => Type.Union([Type.String(), Type.Null()]);
const nullableInt = () => Type.Union([Type.Integer(), Type.Null()]);
const Kind = Type.Unsafe<LogKind>({ type: "string", enum: [...LOG_KINDS] });
const Status = Type.Unsafe<LogStatus>({ type: "string", enum: [...LOG_STATUSES] });
const Channel = Type.Unsafe<(typeof LOG_CHANNELS)[number]>({ type: "string", enum: [...LOG_CHANNELS] });

/** One status a message went through, with its time (null where the source keeps no time) and carrier code. */
export const LogStatusEntry = Type.Object({
  status: Type.String(),
  at: nullableText(),
  code: nullableText(),
  /** The channel of the message this status is about: an SMS failover's statuses name "sms". */
  channel: Type.String(),
});

export const MessageLogRow = Type.Object({
  kind: Kind,
  /** Ours: the recipient's or chat message's number id, or the public-API message's uuid. */
  id: Type.String(),
  time: Type.String({ format: "date-time" }),
  channel: Type.String(),
  sender: Type.String(),
  to: Type.String(),
  body: Type.String(),
  providerMessageId: nullableText(),
  status: Type.String(),
  statuses: Type.Array(LogStatusEntry),
  /** 0: the first channel; 1 and on: the fallback that carried it (an SMS failover, a public-API fallback step). */
  failoverStep: nullableInt(),
  /** Paise charged and still kept; null where the source records no per-message charge (inbox messages). */
  chargedPaise: nullableInt(),
  /** Paise given back (a failed send, settlement, a public-API step); null where nothing is charged (inbox). */
  refundedPaise: nullableInt(),
  campaign: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
  /** A tracked campaign's message: each short link in `body` and the URL it opens. */
  links: Type.Optional(Type.Array(SentLinkRecord)),
});

const Filters = {
  number: Type.Optional(
    Type.String({ maxLength: 20, description: "a full number, or at least 3 of its digits", pattern: "^[+0-9 ]*$" }),
  ),
  id: Type.Optional(Type.String({ maxLength: 100, description: "our message id or the provider's" })),
  campaignId: Type.Optional(Type.String({ maxLength: 36 })),
  status: Type.Optional(Status),
  channel: Type.Optional(Channel),
  kind: Type.Optional(Kind),
  from: Type.Optional(Type.String({ format: "date-time", description: "from this instant (inclusive)" })),
  to: Type.Optional(Type.String({ format: "date-time", description: "up to this instant (exclusive)" })),
};
const Page = {
  cursor: Type.Optional(Type.String({ maxLength: 200, description: "nextCursor of the page before" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LOG_LIMIT_MAX, default: LOG_LIMIT_DEFAULT })),
};
const AccountId = { accountId: Type.String({ minLength: 1, maxLength: 36, description: "the customer's account" }) };

export const MessageLogPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(MessageLogRow),
  nextCursor: nullableText(),
});

const ADMIN_RESELLER = ["admin", "reseller"] as const;
/**
 * The owners of campaigns (SPEC 6: campaign status and responses are user's and manager's) and a department head over
 * the campaigns it created (module campaign, as its other campaign calls; the service scopes it).
 */
const OWNERS = [...USER_MANAGER, "department_head"] as const;
const Format = { format: Type.Optional(ReportFormatField) };
const ExportQueued = Type.Object({ success: Type.Literal(true), message: Type.String(), data: ReportRecord });

export const MESSAGE_LOG_CALLS = {
  "messageLog.list": {
    method: "GET",
    path: "/api/v1/message-log",
    access: OWNERS,
    module: "campaign",
    query: Type.Object({ ...Filters, ...Page }),
    response: replies({ 200: MessageLogPage }),
    summary: "The caller's messages (campaigns, public API, inbox), newest first, filtered, paged by cursor",
  },
  "messageLog.export": {
    method: "GET",
    path: "/api/v1/message-log/export",
    access: OWNERS,
    module: "campaign",
    download: true,
    query: Type.Object(Filters),
    response: replies({ 200: FileBytes }),
    summary: "The filtered message log as CSV, newest first",
  },
  "messageLog.accountList": {
    method: "GET",
    path: "/api/admin/message-log",
    access: ADMIN_RESELLER,
    query: Type.Object({ ...AccountId, ...Filters, ...Page }),
    response: replies({ 200: MessageLogPage }),
    summary: "One customer's message log: an admin any account, a reseller its own customers",
  },
  "messageLog.accountExport": {
    method: "GET",
    path: "/api/admin/message-log/export",
    access: ADMIN_RESELLER,
    download: true,
    query: Type.Object({ ...AccountId, ...Filters }),
    response: replies({ 200: FileBytes }),
    summary: "One customer's filtered message log as CSV",
  },
  // The export as a background job (the report job's machinery: a file in storage, progress, expiry), CSV or XLSX.
  "messageLog.exportJob": {
    method: "POST",
    path: "/api/v1/message-log/exports",
    access: OWNERS,
    module: "campaign",
    query: Type.Object({ ...Filters, ...Format }),
    response: replies({ 201: ExportQueued }),
    summary: "Queues the filtered message log as a CSV or XLSX file, written in the background",
  },
  "messageLog.accountExportJob": {
    method: "POST",
    path: "/api/admin/message-log/exports",
    access: ADMIN_RESELLER,
    query: Type.Object({ ...AccountId, ...Filters, ...Format }),
    response: replies({ 201: ExportQueued }),
    summary: "Queues one customer's filtered message log as a CSV or XLSX file",
  },
  "messageLog.exportStatus": {
    method: "GET",
    path: "/api/v1/message-log/exports/:id",
    access: ALL,
    module: "campaign",
    params: ID,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: ReportRecord }) }),
    summary: "A log export the caller queued: its status, progress and file",
  },
  "messageLog.exportDownload": {
    method: "GET",
    path: "/api/v1/message-log/exports/:id/download",
    access: ALL,
    module: "campaign",
    download: true,
    params: ID,
    response: replies({ 200: FileBytes }),
    summary: "The ready log export's file; 409 while it is written or failed, 410 once it expired",
  },
} as const satisfies Record<string, CallDef>;
