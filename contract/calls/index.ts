import type { Static, TSchema } from "@sinclair/typebox";
import type { SchemaBody, SchemaName } from "../../schemas";
import { AI_AGENT_CALLS } from "./ai-agents";
import { API_KEY_UMS_CALLS } from "./api-keys-ums";
import { AUTH_CALLS } from "./auth";
import { CAMPAIGN_CONTROL_CALLS } from "./campaign-control";
import { CAMPAIGN_SCHEDULE_CALLS } from "./campaign-schedules";
import { CAMPAIGN_SPLIT_CALLS } from "./campaign-splits";
import { CONVERSION_SETTINGS_CALLS } from "./conversion-settings";
import { CAMPAIGN_LIVE_CALLS } from "./campaign-live";
import { CAMPAIGN_REPORT_CALLS } from "./campaigns-reports";
import { CARRIER_CHANNEL_CALLS } from "./carrier-channels";
import { CHANNEL_BOT_CALLS } from "./channels-bots";
import { CANNED_CALLS } from "./canned-responses";
import { CHAT_CALLS } from "./chats";
import { CHAT_CARD_CALLS } from "./chat-card";
import { DASHBOARD_CALLS } from "./dashboards";
import { LIVE_AGENT_CALLS } from "./live-agents";
import { MESSAGE_LOG_CALLS } from "./message-log";
import { CONTACT_CALLS } from "./contacts";
import { CONTACT_IMPORT_CALLS } from "./contacts-imports";
import { CONSENT_CALLS } from "./consent";
import { SEGMENT_CALLS } from "./segments";
import { NOTIFICATION_CALLS } from "./notifications";
import { PUBLIC_API_CALLS } from "./public-api";
import { OPERATION_CALLS } from "./operations";
import { RATE_CARD_CALLS } from "./rate-cards";
import { RCS_TEMPLATE_CALLS } from "./rcs-templates";
import { TEMPLATE_CALLS } from "./templates";
import { SMS_CALLS } from "./sms";
import { SUPPORT_CALLS } from "./support";
import type { CallDef } from "./types";
import { UPLOAD_CALLS } from "./uploads";
import { USER_BALANCE_PROFILE_CALLS } from "./users-balance-profile";
import { WHATSAPP_CALLS } from "./whatsapp";
import { WORKFLOW_CALLS } from "./workflows";
import { WEBHOOK_CALLS } from "./webhooks";

export type { Access, CallDef, CallDocs, ExampleDoc, HeaderDoc, HttpMethod, Replies, RequiredId } from "./types";
export { PAGE_DEFAULTS, PAGE_LIMIT_MAX, PageQuery } from "./pagination";
export { ErrorBody } from "./replies";
export * from "./records";
export * from "./whatsapp-records";
export * from "./campaign-records";
export { SentLinkRecord } from "./link-records";
export * from "./chat-records";
export { CannedResponseRecord, RenderedCannedRecord } from "./canned-responses";
export * from "./report-records";
export * from "./workflow-records";
export * from "./api-key-records";
export * from "./dashboard-records";
export { MessageLogPage, MessageLogRow, LogStatusEntry } from "./message-log";
export { LibraryTemplateRecord, RcsBotOption, RcsTemplateRecord } from "./rcs-templates";
export { TEMPLATE_CHANNELS, UnifiedTemplateRow, type TemplateChannel } from "./templates";
export { ContactAttributeRecord, ContactRecord } from "./contacts";
export { ContactImportRecord } from "./contacts-imports";
export { SegmentRecord } from "./segments";
export { CampaignScheduleDetail, CampaignScheduleRecord, ScheduleRunRecord } from "./campaign-schedules";
export { CampaignSplitRecord, SplitVariantRecord } from "./campaign-splits";
export { ConsentEventRecord, ConsentStateRecord } from "./consent";
export { WebhookDeliveryDetail, WebhookDeliveryRecord, WebhookEndpointRecord } from "./webhooks";
export {
  CARRIER_PROVIDERS,
  CARRIER_WEBHOOK_PATH,
  CarrierChannelRecord,
  CarrierChannelsPage,
  SmsChannelDetails,
  type CarrierProviderId,
} from "./carrier-channels";

/** A SPEC 7 section: its calls (one area file) and what it is for (the API docs group by section and describe each). */
type Section = { readonly calls: Readonly<Record<string, CallDef>>; readonly description: string };

/**
 * The SPEC 7 sections, in the table's order: an area is registered here once, and CALLS, AREA_OF and the API docs'
 * groups all derive from it.
 */
const SECTIONS = {
  Authentication: {
    calls: AUTH_CALLS,
    description:
      "Sign in (the session token the console's other calls send), sign up, password reset, email confirmation, impersonation and sign-out.",
  },
  "Live agents": {
    calls: LIVE_AGENT_CALLS,
    description: "The people who answer conversations for an account: invitations, accounts, search and their metrics.",
  },
  SMS: {
    calls: SMS_CALLS,
    description: "SMS accounts and their sender headers, DLT templates, and SMS campaigns with their responses.",
  },
  "Channels and bots": {
    calls: CHANNEL_BOT_CALLS,
    description: "Channel integrations, the WhatsApp provider solutions, and RCS bots.",
  },
  "Users, balance and profile": {
    calls: USER_BALANCE_PROFILE_CALLS,
    description:
      "Accounts and their sub-accounts, module permissions, balance changes and requests, the ledger, status counts and one's own profile.",
  },
  "API keys and UMS": {
    calls: API_KEY_UMS_CALLS,
    description:
      "API keys for the public API, their configurations (scopes, channels, rate limits, expiry) and the request log (UMS).",
  },
  "Conversion settings": {
    calls: CONVERSION_SETTINGS_CALLS,
    description:
      "The account's attribution window for conversions reported by number, and its postback URL (the conversions call as a GET, for shops without an API key).",
  },
  "Platform campaigns and reports": {
    calls: CAMPAIGN_REPORT_CALLS,
    description:
      "Campaigns of every channel: create, start, discard, responses and search; recipient downloads and performance reports.",
  },
  "Campaign control, suppression list and rates": {
    calls: CAMPAIGN_CONTROL_CALLS,
    description:
      "One campaign by id, the pre-send check, pause, resume, schedule and test send; rejected audience rows, a number's history, the suppression list and per-message rates.",
  },
  "Campaign control room": {
    calls: CAMPAIGN_LIVE_CALLS,
    description:
      "A running campaign's live figures (throughput, ETA, errors per route, cost), its throttle and its alerts (failure rate, cost) with the auto-pause.",
  },
  "Recurring campaigns": {
    calls: CAMPAIGN_SCHEDULE_CALLS,
    description:
      "Schedules that create a campaign of their own at each run (daily, weekly or monthly in a time zone), from a segment or a stored file; their runs and next runs; pause, resume and delete.",
  },
  "A/B tests": {
    calls: CAMPAIGN_SPLIT_CALLS,
    description:
      "A/B tests of campaigns: 2-4 variants (template, sender, send time) over a stable split of one audience, the winner by a metric sent to the rest, and the comparison with its significance note.",
  },
  WhatsApp: {
    calls: WHATSAPP_CALLS,
    description:
      "WhatsApp Business accounts: templates, media, campaigns, onboarding, analytics, phone numbers and the business profile.",
  },
  Uploads: {
    calls: UPLOAD_CALLS,
    description: "An account's media files, for campaigns and templates; carriers read them through signed links.",
  },
  "AI agents": {
    calls: AI_AGENT_CALLS,
    description:
      "AI agents, their configurations, knowledge, business context and intent mappings, the playground and the marketplace.",
  },
  "RCS templates and library": {
    calls: RCS_TEMPLATE_CALLS,
    description: "RCS templates of an account's bots, and the template library that fills the builder.",
  },
  "Templates (all channels)": { calls: TEMPLATE_CALLS, description: "The templates of every channel in one list." },
  "Conversations and the simulated phone": {
    calls: { ...CHAT_CALLS, ...CHAT_CARD_CALLS, ...CANNED_CALLS },
    description:
      "The inbox: conversations, messages, notes, assignment, quick replies and canned responses, the customer's card and timeline; the simulated phone that talks to the sandbox carriers.",
  },
  "Workflow automation": {
    calls: WORKFLOW_CALLS,
    description: "Workflows, their versions and runs, the starting templates, and the incoming-webhook trigger.",
  },
  "Public API (API key)": {
    calls: PUBLIC_API_CALLS,
    description: "Send messages and read their state from your own systems, with an API key.",
  },
  Webhooks: {
    calls: WEBHOOK_CALLS,
    description: "Webhook endpoints of an account, their secrets, test sends and the delivery log.",
  },
  "Dashboards, Team Reports and quota": {
    calls: DASHBOARD_CALLS,
    description: "Figures by channel and day, the team's reports and the quota reports, with their CSV exports.",
  },
  Contacts: {
    calls: { ...CONTACT_CALLS, ...CONTACT_IMPORT_CALLS, ...SEGMENT_CALLS },
    description:
      "The account's contacts: number (E.164, unique), name, email, language, labels and typed custom attributes; search, label filter, bulk labels, delete and CSV export; segments (saved filters with a live count).",
  },
  Consent: {
    calls: CONSENT_CALLS,
    description:
      "The consent ledger: each number's opt-ins and opt-outs per channel and purpose (keyword replies, WhatsApp's 131050, agents, the API), its current state and the account's WhatsApp opt-in requirement.",
  },
  "Message log": {
    calls: MESSAGE_LOG_CALLS,
    description:
      "Every message an account sent (campaigns, public API, inbox) with its statuses, codes and cost: search, pages by cursor, CSV.",
  },
  "Rate cards and margins": {
    calls: RATE_CARD_CALLS,
    description:
      "Per-account and per-reseller rate cards effective from a date, the audit of every rate change, and a reseller's margin per customer.",
  },
  Operations: { calls: OPERATION_CALLS, description: "Tasks of the operator: backups." },
  "Provider connections": {
    calls: CARRIER_CHANNEL_CALLS,
    description:
      "An account's own connections to carriers (WhatsApp Cloud API, SMPP, HTTP SMS, Google RBM): connect, edit, test and remove.",
  },
  Notifications: {
    calls: NOTIFICATION_CALLS,
    description:
      "The bell's history of each signed-in person: pages of notifications, newest first, the unread count, and marking them read.",
  },
  Support: {
    calls: SUPPORT_CALLS,
    description:
      "Support tickets and feedback of admins and resellers: a reseller's reach its admin, an admin's the operator by mail; threads, replies, close and reopen.",
  },
} satisfies Readonly<Record<string, Section>>;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/**
 * One object type with every section's rows (the intersection flattened), so `(typeof CALLS)[K]` is the row itself.
 * Object.fromEntries cannot say this, hence the assertion on CALLS; the run-time table and this type are built from
 * the same SECTIONS, and the rows were checked against CallDef by each area file's `satisfies`.
 */
type CallsOf<S extends Readonly<Record<string, Section>>> =
  UnionToIntersection<S[keyof S]["calls"]> extends infer T ? { [K in keyof T]: T[K] } : never;

/**
 * Every call of SPEC 7 as data, one row per call, one file per SPEC 7 section. The server registers its routes
 * from this table (token, role and module checked in one place; query, params and replies validated and
 * serialized with the row's schemas; the OpenAPI document generated from it) and the console's api layer builds
 * one function per row and reads its reply types from the same schemas. At run time the console reads the rows
 * through contract/routes/call-routes.ts, generated from this table without the schemas (2 KB gzipped less on
 * the login route, measured); vite.config.ts marks this folder side-effect free so the schemas are left out.
 *
 * Schemas are TypeBox (0.34): a TypeBox schema *is* plain JSON Schema at run time, so Fastify's ajv, its
 * fast-json-stringify serializer and @fastify/swagger take it as is, while `Static<>` gives both ends the type
 * without a second copy. (JSON Schema `as const` with json-schema-to-ts would give the same types but is far
 * wordier to write and much heavier for the type checker over ~150 rows.)
 *
 * Adding a call: add its row to the area file (method, path, access, module, params/query, `response:
 * replies({ 200: … })` or `NOT_BUILT`), then a handler under server/routes, then `npm run call-routes`
 * (contract/routes/call-routes.test.ts fails until the console's table is regenerated). A new area: its file and
 * one entry in SECTIONS above.
 *
 * Documented choices where SPEC leaves things open:
 *  - the module-permissions call is `GET /api/v1/permissions/modules` (caller's own modules);
 *  - the AI-agent sub-resources live under `/api/flow/v1/<name>` like `agents`;
 *  - `GET /api/balance/requests` lists balance requests of the caller's sub-accounts (the issue asks that
 *    requests be visible to the parent; SPEC names no call for it), `?status=pending|approved|rejected` narrows it;
 *  - `GET /api/balance/my-requests` lists the caller's own requests with status and rejection reason (a separate
 *    call rather than a `mine` view of the parent's list, because every role may request but only parents decide);
 *  - `POST /api/balance/requests/:id/approve` (a ledger transfer from the approver, or new credit from an admin) and
 *    `POST /api/balance/requests/:id/reject` with `{reason}`: only the requester's parent or an admin decides, once;
 *  - `GET /api/balance/ledger` lists ledger rows (quota reports and billing logs; SPEC names no call);
 *  - `POST /api/v1/auth/logout` ends the caller's server-side session (SPEC's logout is client-only; a token
 *    must stop working when its owner logs out);
 *  - `POST /api/v1/auth/confirm-email` (public, `{ token }`) confirms an email change: a change of an account's
 *    email (users.update by a parent, or profile.update by the person) stays pending until the link mailed to
 *    the new address is opened, so whoever changes it cannot receive that account's reset mail;
 *  - `GET /api/admin/users?userId=<id>` lists that account's sub-accounts only for an admin: a reseller's or
 *    manager's own sub-accounts are the only accounts in its reach (everything else answers 404), so for
 *    them the list of a sub-account's sub-accounts is empty;
 *  - workflows (Workflow Automation; SPEC names no calls) live beside the AI routes: `/api/flow/v1/workflows`,
 *    `/workflow-runs`, `/workflow-templates`, and the public incoming-webhook trigger `/hooks/:id/:secret`;
 *  - the bell's history is `/api/v1/notifications` (list, unread count, read, read-all): SPEC 3 keeps notifications
 *    on the client only, which a reload loses; the server keeps them per user and pushes new ones as before;
 *  - the support desk (issue 37) is `/api/v1/support/tickets` (file, list, one with its thread, reply, close, reopen):
 *    SPEC 2 names Support and Feedback in the sidebar but no call;
 *  - `GET /api/healthz`-style probes are not in the table: `/healthz` is outside `/api`.
 */
export const CALLS = Object.fromEntries(
  Object.values(SECTIONS).flatMap(({ calls }) => Object.entries(calls)),
) as CallsOf<typeof SECTIONS>;

export type CallId = keyof typeof CALLS;
export const CALL_IDS = Object.keys(CALLS) as CallId[];

export const AREA_OF = Object.fromEntries(
  Object.entries(SECTIONS).flatMap(([section, { calls }]) => Object.keys(calls).map((id) => [id, section])),
) as Record<CallId, string>;
/** What each section of AREA_OF is for, in the table's order. */
export const SECTION_DESCRIPTIONS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SECTIONS).map(([name, { description }]) => [name, description]),
);

type Row<K extends CallId> = (typeof CALLS)[K];
type StaticOf<S> = S extends TSchema ? Static<S> : never;

/** Query of a call as the handler sees it: validated, defaults filled. */
export type CallQuery<K extends CallId> = Row<K> extends { query: infer Q } ? StaticOf<Q> : Record<string, never>;
/** Path parameters of a call. */
export type CallParams<K extends CallId> = Row<K> extends { params: infer P } ? StaticOf<P> : Record<string, never>;
/** The body of a call, typed from its row's `bodySchema` (schemas/), which Fastify validated; `unknown` without one. */
export type CallBody<K extends CallId> =
  Row<K> extends { bodySchema: infer N extends SchemaName } ? SchemaBody<N> : unknown;
/** The success body of a call (200 or 201); `never` for calls not built yet. */
export type CallReply<K extends CallId> = Row<K>["response"] extends infer R
  ? (R extends { 200: infer S } ? StaticOf<S> : never) | (R extends { 201: infer S } ? StaticOf<S> : never)
  : never;

export function callDef(id: CallId): CallDef {
  return CALLS[id];
}

// The console reads calls through ../routes (no schemas); the server gets the same helpers here.
export { buildPath, rolesFor } from "../routes";
