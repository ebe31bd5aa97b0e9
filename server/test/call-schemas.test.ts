import { randomUUID } from "node:crypto";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import type { FastifyReply, FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALL_IDS, CALLS, PAGE_DEFAULTS, PAGE_LIMIT_MAX, type CallDef, type CallId } from "../../contract/calls";
import { MSG } from "../../contract/messages";
import { VALID_DRAFT } from "../../contract/domain/whatsapp-template.cases";
import { templateForm } from "./whatsapp-template-server";
import type { CampaignStatus } from "../../contract/domain/campaigns";
import { insertCampaign, rcsSetup, smsSetup, whatsappSetup } from "./campaign-control-fixtures";
import { buildApp } from "../app";
import { rcsBots, smsAccounts, wabas } from "../db/schema";
import { startSmsc, type Smsc } from "../carriers/smpp/stand-in";
import { startSmsHttpStandIn, type SmsHttpStandIn } from "../carriers/sms-http/stand-in";
import { HANDLERS } from "../routes";
import { notify } from "../services/notifications/notify";
import type { Handlers } from "../routes/context";
import { insertCampaign as insertReadCampaign, insertRecipients, insertReply } from "./campaign-read-fixtures";
import { lastMailTo, tokenIn } from "./mail";
import { generate, settle } from "./report-fixtures";
import { multipart, png } from "./media-fixtures";
import { channelFixtures, type ChannelFixtures } from "./campaign-ingest-fixtures";
import { DEMO_PASSWORD, freshDatabase, startServer, type DemoName, type TestServer } from "./harness";
import { whatsappCloudConfigFromEnv } from "../carriers/whatsapp-cloud/config";
import { rbmConfigFromEnv } from "../carriers/rcs/config";
import { webhookConfigFromEnv } from "../config";
import { makeServiceAccountKey, startRbmStandIn, type RbmStandIn } from "../carriers/rcs/stand-in";
import {
  DEFAULT_APP,
  standInWaba,
  startWhatsAppStandIn,
  type WhatsAppStandIn,
} from "../carriers/whatsapp-cloud/stand-in";

interface Input {
  as?: DemoName;
  /** A token of its own, for calls that end the session they are called with. */
  token?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** JSON, or the multipart form of a `multipart` row. */
  payload?: Record<string, unknown> | FormData;
  /** A multipart body (file uploads) instead of JSON. */
  form?: { payload: Buffer; headers: Record<string, string> };
}

/** A new ticket of the demo reseller (it reaches the demo admin). */
async function supportTicket(s: TestServer): Promise<string> {
  const res = await s.call({
    method: "POST",
    url: "/api/v1/support/tickets",
    as: "reseller",
    payload: { kind: "feedback", subject: "Schema thread", body: "Hello" },
  });
  return res.json().data._id as string;
}

/** A valid request for every built call, made as a role that may call it. */
const VALID: Record<string, (s: TestServer) => Promise<Input>> = {
  "auth.registerDefault": async () => ({
    payload: { username: "schema-org", email: "schema-org@example.com", password: "long-enough-pw" },
  }),
  "auth.login": async () => ({ payload: { email: "manager", password: DEMO_PASSWORD } }),
  "auth.sendResetLink": async () => ({ payload: { email: "rahul@example.com" } }),
  "auth.resetPassword": async (s) => {
    await s.app.inject({ method: "POST", url: "/api/auth/send-reset-link", payload: { email: "globex@example.com" } });
    // The mail is written after the answer (uniform timing), so it is waited for.
    const token = await mailedToken(s, "globex@example.com", "reset-password");
    return { payload: { token, newPassword: "a-brand-new-pw" } };
  },
  "auth.confirmEmail": async (s) => {
    await s.call({
      method: "PUT",
      url: "/api/v1/admin/user",
      as: "manager",
      payload: { userId: await s.id("rahul"), email: "rahul.new@example.com" },
    });
    return { payload: { token: await mailedToken(s, "rahul.new@example.com", "confirm-email") } };
  },
  "auth.logout": async (s) => ({ token: await s.freshToken("user") }),
  "auth.register": async () => ({
    as: "manager",
    payload: { username: "schema-sub", email: "schema-sub@example.com", password: "long-enough-pw", role: "user" },
  }),
  "auth.impersonate": async (s) => ({ as: "admin", payload: { userId: await s.id("user") } }),
  "users.list": async () => ({ as: "admin" }),
  "users.update": async (s) => ({ as: "manager", payload: { userId: await s.id("priya"), name: "Priya S" } }),
  "users.permissions": async (s) => ({ as: "manager", query: { userId: await s.id("priya") } }),
  "users.grantPermission": async (s) => ({
    as: "manager",
    payload: { userId: await s.id("priya"), moduleNames: ["campaign"] },
  }),
  "permissions.modules": async () => ({ as: "user" }),
  "balance.add": async (s) => ({ as: "admin", payload: { userId: await s.id("user"), amount: 5 } }),
  "balance.deduct": async (s) => ({ as: "admin", payload: { userId: await s.id("user"), amount: 1 } }),
  "balance.get": async () => ({ as: "user" }),
  "balance.request": async () => ({ as: "user", payload: { requestedBalance: 100 } }),
  "balance.requests": async () => ({ as: "admin" }),
  "balance.myRequests": async () => ({ as: "user" }),
  "balance.approveRequest": async (s) => ({ as: "manager", params: { id: await pendingRequest(s, "priya") } }),
  "balance.rejectRequest": async (s) => ({
    as: "manager",
    params: { id: await pendingRequest(s, "priya") },
    payload: { reason: "Not this month" },
  }),
  "balance.ledger": async (s) => ({ as: "admin", query: { userId: await s.id("user") } }),
  "profile.get": async () => ({ as: "depthead" }),
  "profile.update": async () => ({ as: "depthead", payload: { name: "Dept Head" } }),
  "dashboard.statusCounts": async (s) => ({
    as: "manager",
    query: { userIds: `${await s.id("manager")},${await s.id("priya")}` },
  }),
  "dashboard.storedStatusCounts": async (s) => ({ as: "admin", query: { userIds: await s.id("user") } }),
  "dashboard.overview": async () => ({ as: "manager", query: { channel: "sms" } }),
  "dashboard.team": async () => ({ as: "manager", query: { sort: "spent", order: "desc" } }),
  "dashboard.teamExport": async () => ({ as: "reseller" }),
  "dashboard.teamCsat": async () => ({ as: "manager", query: { from: "2026-01-01", to: "2026-01-31" } }),
  "quota.ledger": async (s) => ({ as: "reseller", query: { userId: await s.id("manager"), kind: "credit" } }),
  "quota.summary": async () => ({ as: "admin" }),
  "quota.export": async () => ({ as: "manager" }),
  "waba.onboarding": async () => ({ as: "manager", payload: {} }),
  "waba.active": async (s) => ({ as: "manager", ...(await connected(s)) }),
  "waba.phoneNumbers": async (s) => ({
    as: "depthead",
    query: { fields: "display_phone_number,quality_rating" },
    ...(await connected(s)),
  }),
  "waba.analytics": async (s) => ({
    as: "manager",
    query: { granularity: "DAY", metric_types: "SENT,READ" },
    ...(await connected(s)),
  }),
  "waba.businessProfile.get": async (s) => ({ as: "manager", ...(await connected(s)) }),
  "waba.businessProfile.set": async (s) => ({
    as: "manager",
    payload: { about: "Open 9 to 6", websites: ["https://example.com"] },
    ...(await connected(s)),
  }),
  "waba.solutionSelection": async () => ({ as: "reseller" }),
  "waba.updateSolutionProvider": async () => ({ as: "admin", payload: { solution_id: "sandbox" } }),
  "sms.accounts.list": async () => ({ as: "manager" }),
  "sms.accounts.activate": async (s) => ({
    as: "manager",
    payload: { id: await smsAccountOf(s, "manager"), isActive: true },
  }),
  "sms.accounts.update": async (s) => ({
    as: "user",
    params: { id: await smsAccountOf(s, "user") },
    payload: { dltEntityId: "1201159100000000002", senderIds: ["UDAYAL", "UDAYOT"] },
  }),
  "sms.templates.list": async (s) => ({ as: "depthead", query: { smsAccountId: await smsAccountOf(s, "manager") } }),
  "sms.templates.get": async (s) => ({ as: "manager", params: { id: await smsTemplateOf(s, "manager") } }),
  "sms.templates.create": async (s) => ({
    as: "manager",
    payload: { ...SMS_TEMPLATE, smsAccountId: await smsAccountOf(s, "manager") },
  }),
  "sms.templates.update": async (s) => ({
    as: "manager",
    payload: { ...SMS_TEMPLATE, id: await smsTemplateOf(s, "manager") },
  }),
  "channels.getIntegrations": async () => ({ as: "depthead" }),
  "channels.updateIntegrations": async () => ({ as: "user", payload: { voice: true } }),
  "channels.wabaProviderSolutionIds": async () => ({ as: "reseller" }),
  "bots.ids": async () => ({ as: "manager" }),
  "bots.get": async (s) => ({ as: "admin", params: { id: await demoBot(s) } }),
  "bots.update": async (s) => ({
    as: "admin",
    payload: { botId: await demoBot(s), description: "Updated description" },
  }),
  "bots.updateStatus": async (s) => ({ as: "manager", payload: { botId: await demoBot(s), status: "active" } }),
  "bots.createRcs": async (s) => ({
    as: "admin",
    payload: {
      userId: await s.id("priya"),
      name: "Globex",
      description: "Shipment updates",
      useCase: "TRANSACTIONAL",
      brandColor: "#334455",
      logoUrl: "https://globex.example.com/logo.png",
      phone: "+91 98765 43210",
      website: "https://globex.example.com",
      privacyUrl: "https://globex.example.com/privacy",
      termsUrl: "https://globex.example.com/terms",
    },
  }),
  "waba.templates.create": async (s) => ({
    as: "manager",
    payload: templateForm({ waba_id: await schemaWaba(s), name: "schema_create", ...VALID_FIELDS }),
  }),
  "waba.templates.list": async (s) => {
    await s.call({
      method: "POST",
      url: "/api/waba/create-template",
      as: "manager",
      payload: templateForm({ waba_id: await schemaWaba(s), name: "schema_list", ...VALID_FIELDS }),
    });
    return { as: "manager", query: { waba_id: await schemaWaba(s), limit: "5" } };
  },
  "waba.templates.delete": async (s) => {
    await s.call({
      method: "POST",
      url: "/api/waba/create-template",
      as: "manager",
      payload: templateForm({ waba_id: await schemaWaba(s), name: "schema_delete", ...VALID_FIELDS }),
    });
    return { as: "manager", query: { templateName: "schema_delete" }, payload: { waba_id: await schemaWaba(s) } };
  },
  "waba.templates.headerMedia": async (s) => {
    const components = [
      { type: "HEADER", format: "IMAGE" },
      { type: "BODY", text: "Your order is ready." },
    ];
    const form = templateForm(
      { waba_id: await schemaWaba(s), name: "schema_header", language: "en_US", category: "UTILITY", components },
      { bytes: png(), name: "header.png" },
    );
    const res = await s.call({ method: "POST", url: "/api/waba/create-template", as: "manager", payload: form });
    return { as: "manager", params: { id: (res.json() as { data: { id: string } }).data.id } };
  },
  "rcsTemplates.list": async () => ({ as: "manager", query: { search: "sample" } }),
  "rcsTemplates.bots": async () => ({ as: "manager" }),
  "rcsTemplates.get": async (s) => ({ as: "manager", params: { id: await rcsTemplate(s) } }),
  "rcsTemplates.create": async (s) => ({ as: "manager", payload: await rcsDraft(s) }),
  "rcsTemplates.update": async (s) => ({
    as: "manager",
    params: { id: await rcsTemplate(s) },
    payload: await rcsDraft(s),
  }),
  "rcsTemplates.delete": async (s) => ({ as: "manager", params: { id: await rcsTemplate(s) } }),
  "templates.unified": async () => ({ as: "manager", query: { channel: "sms", status: "registered" } }),
  "templateLibrary.list": async () => ({ as: "user", query: { channel: "rcs", industry: "retail" } }),
  "templateLibrary.get": async () => ({ as: "depthead", params: { id: "travel-weekend-getaways" } }),
  "uploads.list": async () => ({ as: "user", query: { channel: "rcs" } }),
  "campaigns.create": async (s) => {
    const f = await campaignFx(s);
    return {
      as: "manager",
      payload: {
        campaignName: "Schema RCS",
        botId: f.botId,
        templateId: f.rcsTemplateId,
        variables: ["x"],
        numbers: "9876543210",
      },
    };
  },
  "sms.campaigns.create": async (s) => {
    const f = await campaignFx(s);
    return {
      as: "manager",
      form: await multipart(
        { campaignName: "Schema SMS", smsAccountId: f.smsAccountId, templateId: f.smsTemplateId, variables: '["x"]' },
        { field: "file", bytes: Buffer.from("phone\n9876543210\n"), name: "a.csv" },
      ),
    };
  },
  "waba.campaigns.create": async (s) => {
    const f = await campaignFx(s);
    return {
      as: "manager",
      payload: {
        campaignName: "Schema WA",
        waba_id: f.wabaId,
        message: f.waTemplateId,
        variables: ["x"],
        numbers: "9876543210",
      },
    };
  },
  "campaigns.validatingProgress": async (s) => ({ as: "manager", params: { id: await schemaCampaign(s) } }),
  "campaigns.rejectedRows": async (s) => ({ as: "manager", params: { id: await schemaCampaign(s) } }),
  "uploads.create": async () => ({
    as: "user",
    form: await multipart({ channel: "rcs" }, { field: "fileContent", bytes: png(), name: "a.png" }),
  }),
  "uploads.delete": async (s) => ({ as: "user", params: { id: (await uploaded(s))._id }, payload: { channel: "rcs" } }),
  "uploads.file": async (s) => ({ as: "user", params: { id: (await uploaded(s))._id } }),
  "uploads.signedFile": async (s) => {
    const url = new URL((await uploaded(s)).url, "http://x");
    return { params: { id: url.pathname.split("/").pop() ?? "" }, query: Object.fromEntries(url.searchParams) };
  },
  "waba.media.upload": async (s) => ({
    as: "manager",
    form: await multipart({ waba_id: await wabaOf(s, "manager") }, { field: "file", bytes: png(), name: "a.png" }),
  }),
  "waba.media.uploadSession": async (s) => ({
    as: "manager",
    form: await multipart(
      { waba_id: await wabaOf(s, "manager"), file_name: "h.png", file_type: "image/png" },
      { field: "file", bytes: png(), name: "h.png" },
    ),
  }),
  "rates.get": async () => ({ as: "depthead" }),
  "rates.update": async () => ({
    as: "admin",
    payload: { sms: 0.25, whatsapp_marketing: 0.88, whatsapp_utility: 0.13, whatsapp_authentication: 0.13, rcs: 0.3 },
  }),
  "rateCards.get": async (s) => ({ as: "reseller", params: { accountId: await s.id("manager") } }),
  "rateCards.set": async (s) => ({
    as: "admin",
    params: { accountId: await s.id("manager") },
    payload: { scope: "account", effectiveFrom: new Date(Date.now() + 3_600_000).toISOString(), rates: { sms: 0.3 } },
  }),
  "rateCards.audit": async (s) => ({ as: "admin", params: { accountId: await s.id("manager") } }),
  "rateCards.globalAudit": async () => ({ as: "admin" }),
  "rateCards.margins": async () => ({ as: "reseller", query: { from: "2026-01-01", to: "2026-01-31" } }),
  "campaigns.check": async (s) => ({ as: "manager", params: { id: await controlCampaign(s, "rcs") } }),
  "campaigns.start": async (s) => ({ as: "manager", params: { id: await controlCampaign(s, "rcs") } }),
  "sms.campaigns.start": async (s) => ({ as: "manager", params: { id: await controlCampaign(s, "sms") } }),
  "waba.campaigns.start": async (s) => ({ as: "manager", params: { id: await controlCampaign(s, "whatsapp") } }),
  "campaigns.schedule": async (s) => ({
    as: "manager",
    params: { id: await controlCampaign(s, "rcs") },
    payload: { scheduledAt: new Date(Date.now() + 3_600_000).toISOString(), timeZone: "Asia/Kolkata" },
  }),
  "campaigns.pause": async (s) => ({ as: "manager", params: { id: await controlCampaign(s, "rcs", "running", true) } }),
  "campaigns.testSend": async (s) => ({
    as: "manager",
    params: { id: await controlCampaign(s, "sms") },
    payload: { numbers: ["+919000000001", "12"] },
  }),
  "campaigns.resume": async (s) => ({ as: "manager", params: { id: await controlCampaign(s, "rcs", "paused") } }),
  "campaigns.discard": async (s) => ({ as: "manager", params: { id: await controlCampaign(s, "whatsapp") } }),
  "sms.campaigns.discard": async (s) => ({ as: "manager", params: { id: await controlCampaign(s, "sms") } }),
  "campaigns.live": async (s) => ({ as: "reseller", params: { id: await controlCampaign(s, "rcs", "running", true) } }),
  "campaigns.throttle": async (s) => ({
    as: "manager",
    params: { id: await controlCampaign(s, "rcs", "running", true) },
    payload: { perSecond: 10 },
  }),
  "campaigns.alerts": async (s) => ({
    as: "manager",
    params: { id: await controlCampaign(s, "rcs", "running", true) },
    payload: { failureRatePercent: 10, costLimit: 250.5, pauseOnAlert: true, targets: ["bell", "webhook"] },
  }),
  "campaigns.operatorDiscard": async (s) => ({
    as: "reseller",
    params: { id: await controlCampaign(s, "rcs", "running") },
  }),
  "campaigns.list": async (s) => ({
    as: "reseller",
    query: { channel: "all", userIds: `${await readCampaign(s, "whatsapp")} , x` },
  }),
  "sms.campaigns.list": async (s) => withCampaign(s, "sms", { as: "manager", query: { status: "completed" } }),
  "waba.campaigns.list": async (s) => withCampaign(s, "whatsapp", { as: "manager", query: { page: "1" } }),
  "campaigns.get": async (s) => ({ as: "admin", params: { id: await readCampaign(s, "rcs") } }),
  "campaigns.search": async (s) => withCampaign(s, "rcs", { as: "manager", query: { query: "schema" } }),
  "sms.campaigns.search": async (s) => withCampaign(s, "sms", { as: "manager", query: { query: "schema" } }),
  "campaigns.searchWithin": async (s) => ({
    as: "depthead",
    params: { id: await readCampaign(s, "rcs") },
    query: { number: "98765" },
  }),
  "sms.campaigns.searchWithin": async (s) => ({
    as: "reseller",
    params: { id: await readCampaign(s, "sms") },
    query: { number: "98765" },
  }),
  "campaigns.responses": async (s) => ({
    as: "manager",
    query: { campaignId: await readCampaign(s, "rcs"), status: "replied" },
  }),
  "sms.campaigns.responses": async (s) => ({ as: "manager", query: { campaignId: await readCampaign(s, "sms") } }),
  "waba.campaigns.responses": async (s) => ({
    as: "manager",
    query: { campaignId: await readCampaign(s, "whatsapp"), limit: "5" },
  }),
  "campaigns.status": async (s) => ({ as: "manager", params: { id: await readCampaign(s, "whatsapp") } }),
  "campaigns.numberHistory": async (s) => withCampaign(s, "sms", { as: "manager", query: { number: "+919876543210" } }),
  "campaigns.downloadNumbers": async (s) => ({ as: "admin", params: { id: await readCampaign(s, "sms") } }),
  "campaigns.downloadExcel": async (s) => ({
    as: "reseller",
    query: { campaignId: await readCampaign(s, "whatsapp") },
  }),
  "operations.backup": async () => ({ as: "admin" }),
  "suppressions.list": async () => ({ as: "user", query: { q: "98" } }),
  "suppressions.add": async () => ({ as: "user", payload: { numbers: "9876543210\nnot-a-number", reason: "Asked" } }),
  "suppressions.import": async () => ({
    as: "manager",
    form: await multipart(
      {},
      { field: "file", bytes: Buffer.from("phone\n9876543211\n"), name: "s.csv", type: "text/csv" },
    ),
  }),
  "suppressions.export": async () => ({ as: "manager" }),
  "dnd.list": async () => ({ as: "user", query: { q: "98" } }),
  "contacts.list": async () => ({ as: "user", query: { q: "O'Brien", label: "vip", limit: "5" } }),
  "contacts.export": async () => ({ as: "depthead", query: { q: "98765" } }),
  "contacts.get": async (s) => ({ as: "user", params: { id: await schemaContact(s, "9876500101") } }),
  "contacts.create": async () => ({
    as: "manager",
    payload: { number: "+91 98765 00100", name: "Schema Contact", email: "c@example.com", labels: ["vip"] },
  }),
  "contacts.update": async (s) => ({
    as: "depthead",
    params: { id: await schemaContact(s, "9876500102") },
    payload: { name: "Renamed", language: "hi" },
  }),
  "contacts.labels": async (s) => ({
    as: "user",
    payload: { ids: [await schemaContact(s, "9876500103")], add: ["diwali"], remove: ["vip"] },
  }),
  "contacts.remove": async (s) => ({ as: "manager", payload: { ids: [await schemaContact(s, "9876500104")] } }),
  "contacts.erase": async (s) => ({
    as: "manager",
    params: { id: await schemaContact(s, "9876500105") },
    payload: { confirm: "+91 98765 00105" },
  }),
  "contacts.imports.upload": async () => ({
    as: "user",
    form: await multipart({}, { field: "file", bytes: Buffer.from("mobile,name\n9876500121,Asha\n"), name: "c.csv" }),
  }),
  "contacts.imports.start": async (s) => ({
    as: "user",
    params: { id: await schemaImport(s) },
    payload: { mapping: ["number"], mode: "update" },
  }),
  "contacts.imports.get": async (s) => ({ as: "depthead", params: { id: await schemaImport(s) } }),
  "contacts.imports.rejected": async (s) => ({ as: "manager", params: { id: await schemaImport(s) } }),
  "contacts.attributes.list": async () => ({ as: "user" }),
  "contacts.attributes.create": async () => ({
    as: "manager",
    payload: { key: "plan", label: "Plan", type: "choice", choices: ["gold", "silver"] },
  }),
  "campaignSplits.list": async () => ({ as: "reseller" }),
  "campaignSplits.get": async (s) => ({ as: "admin", params: { id: await schemaSplit(s) } }),
  "campaignSplits.create": async (s) => {
    const f = await campaignFx(s);
    const variant = (sizePercent: number) => ({
      channel: "sms",
      senderId: f.smsAccountId,
      templateId: f.smsTemplateId,
      variables: ["x"],
      sizePercent,
    });
    return {
      as: "manager",
      payload: {
        name: "Schema A/B",
        numbers: "9876543210\n9876543211",
        variants: [variant(60), variant(40)],
        testSharePercent: 100,
        metric: "reply",
        decideAfterHours: 24,
      },
    };
  },
  "campaignSplits.decide": async (s) => ({ as: "manager", params: { id: await startedSplit(s) } }),
  "contacts.segments.list": async () => ({ as: "user" }),
  "contacts.segments.get": async (s) => ({ as: "depthead", params: { id: await schemaSegment(s) } }),
  "contacts.segments.create": async () => ({
    as: "manager",
    payload: { name: "Schema VIPs", definition: SCHEMA_SEGMENT },
  }),
  "contacts.segments.update": async (s) => ({
    as: "user",
    params: { id: await schemaSegment(s, "Schema renamed") },
    payload: { name: "Schema renamed", description: "Changed", definition: SCHEMA_SEGMENT },
  }),
  "contacts.segments.delete": async (s) => ({ as: "manager", params: { id: await schemaSegment(s, "Schema gone") } }),
  "contacts.segments.count": async (s) => ({ as: "manager", params: { id: await schemaSegment(s) } }),
  "contacts.segments.sample": async (s) => ({ as: "user", params: { id: await schemaSegment(s) } }),
  "contacts.segments.preview": async () => ({ as: "depthead", payload: { definition: SCHEMA_SEGMENT } }),
  "campaignSchedules.list": async () => ({ as: "user" }),
  "campaignSchedules.get": async (s) => ({ as: "manager", params: { id: await schemaSchedule(s) } }),
  "campaignSchedules.create": async (s) => ({ as: "manager", payload: await scheduleBody(s, "Schema schedule new") }),
  "campaignSchedules.update": async (s) => ({
    as: "manager",
    params: { id: await schemaSchedule(s) },
    payload: await scheduleBody(s, "Schema schedule renamed"),
  }),
  "campaignSchedules.pause": async (s) => ({ as: "manager", params: { id: await schemaSchedule(s, "Schema pause") } }),
  "campaignSchedules.resume": async (s) => {
    const id = await schemaSchedule(s, "Schema resume");
    await s.call({ method: "POST", url: `/api/v1/campaign-schedules/${id}/pause`, as: "manager" });
    return { as: "manager", params: { id } };
  },
  "campaignSchedules.delete": async (s) => ({ as: "manager", params: { id: await schemaSchedule(s, "Schema gone") } }),
  "consent.get": async () => ({ as: "user", params: { number: "+919876500201" } }),
  "consent.history": async () => ({ as: "manager", params: { number: "919876500201" }, query: { limit: "5" } }),
  "consent.record": async () => ({
    as: "user",
    params: { number: "+919876500202" },
    payload: { channel: "whatsapp", purpose: "marketing", status: "opted_in", method: "form", proof: "Web form" },
  }),
  "consent.settings.get": async () => ({ as: "manager" }),
  "consent.settings.update": async () => ({ as: "priya", payload: { requireWhatsappOptIn: false } }),
  "contacts.attributes.delete": async (s) => {
    const res = await s.call({
      method: "POST",
      url: "/api/v1/contact-attributes",
      as: "manager",
      payload: { key: "schema_city", label: "City", type: "text" },
    });
    return { as: "user", params: { id: res.json().data.id as string } };
  },
  "messageLog.list": async () => ({ as: "manager", query: { number: "98765", status: "delivered", limit: "5" } }),
  "messageLog.export": async () => ({ as: "user", query: { kind: "campaign" } }),
  "messageLog.accountList": async (s) => ({ as: "reseller", query: { accountId: await s.id("manager") } }),
  "messageLog.accountExport": async (s) => ({ as: "admin", query: { accountId: await s.id("user"), channel: "sms" } }),
  "messageLog.exportJob": async () => ({ as: "user", query: { kind: "campaign", format: "xlsx" } }),
  "messageLog.accountExportJob": async (s) => ({ as: "reseller", query: { accountId: await s.id("manager") } }),
  "messageLog.exportStatus": async (s) => ({ as: "manager", params: { id: await logExport(s) } }),
  "messageLog.exportDownload": async (s) => ({ as: "manager", params: { id: await logExport(s) } }),
  "dnd.import": async () => ({
    as: "manager",
    form: await multipart(
      {},
      {
        field: "file",
        bytes: Buffer.from('phone,preference,consent\n9876543211,"1,7",no\n'),
        name: "scrub.csv",
        type: "text/csv",
      },
    ),
  }),
  "chats.list": async () => ({ as: "manager", query: { channel: "whatsapp", scope: "all", status: "open", q: "98" } }),
  "chats.get": async (s) => ({ as: "manager", params: { id: await demoChat(s) } }),
  "chats.messages": async (s) => ({ as: "manager", params: { id: await demoChat(s) }, query: { limit: "5" } }),
  "chats.sync": async () => ({ as: "manager", query: { after: "0", limit: "5" } }),
  "chats.send": async (s) => ({
    as: "manager",
    params: { id: await demoChat(s) },
    payload: { clientId: "schema-send", messageType: "text", text: "Hello" },
  }),
  "chats.note": async (s) => ({
    as: "manager",
    params: { id: await demoChat(s) },
    payload: { clientId: "schema-note", text: "Called the customer" },
  }),
  "chats.attach": async (s) => ({
    as: "manager",
    params: { id: await demoChat(s, "whatsapp") },
    form: await multipart({}, { field: "fileContent", bytes: png(), name: "a.png" }),
  }),
  "chats.activity": async (s) => ({ as: "manager", params: { id: await demoChat(s) } }),
  "chats.card": async (s) => ({ as: "manager", params: { id: await demoChat(s) } }),
  "chats.timeline": async (s) => ({ as: "manager", params: { id: await demoChat(s) }, query: { limit: "5" } }),
  "chats.media": async (s) => ({ as: "manager", params: await demoChatFile(s) }),
  "chats.file": async (s) => {
    const { id, fileId } = await demoChatFile(s);
    const res = await s.call({ method: "GET", url: `/api/v1/chats/${id}/media/${fileId}`, as: "manager" });
    const url = new URL((res.json() as { data: { url: string } }).data.url, "http://x");
    return { params: { id: fileId }, query: Object.fromEntries(url.searchParams) };
  },
  "chats.assign": async (s) => ({ as: "manager", params: { id: await demoChat(s) }, payload: { agentId: null } }),
  "chats.team": async () => ({ as: "agent" }),
  "chats.labels": async () => ({ as: "agent" }),
  "chats.labelColor": async () => ({ as: "manager", payload: { name: "VIP", color: "gold" } }),
  "chats.relabel": async (s) => ({ as: "manager", payload: { ids: [await demoChat(s)], add: ["VIP"] } }),
  "chats.views": async () => ({ as: "agent" }),
  "chats.assignment": async () => ({ as: "manager" }),
  "chats.assignmentSave": async () => ({
    as: "manager",
    payload: { autoAssign: false, agentCapacity: 5, offlineGraceMinutes: 10 },
  }),
  "chats.sla": async () => ({ as: "manager" }),
  "chats.slaSave": async () => ({
    as: "manager",
    payload: {
      timeZone: "Asia/Kolkata",
      businessHours: null,
      holidays: [],
      firstResponseMinutes: null,
      resolutionMinutes: null,
    },
  }),
  "chats.csat": async () => ({ as: "manager" }),
  "chats.csatSave": async () => ({
    as: "manager",
    payload: { enabled: true, question: "How did we do?", whatsappTemplate: null, smsDltTemplateId: null },
  }),
  "chats.wallboard": async () => ({ as: "manager" }),
  "chats.viewCreate": async () => ({
    as: "manager",
    payload: { name: "Waiting WhatsApp", filter: { channel: "whatsapp", waitingMinutes: 15, unread: true } },
  }),
  "chats.viewDelete": async (s) => {
    const res = await s.call({
      method: "POST",
      url: "/api/v1/chat-views",
      as: "manager",
      payload: { name: "To delete", filter: {} },
    });
    return { as: "manager", params: { id: (res.json() as { data: { _id: string } }).data._id } };
  },
  "chats.cannedList": async () => ({ as: "agent", query: { q: "greet" } }),
  "chats.cannedCreate": async () => ({
    as: "manager",
    payload: { code: "schema-greet", title: "Greeting", body: "Hello {{name|there}}", channel: null },
  }),
  "chats.cannedUpdate": async (s) => ({
    as: "manager",
    params: { id: await demoCanned(s, "schema-update") },
    payload: { code: "schema-update", title: "Greeting", body: "Hi", channel: "whatsapp", smsTemplateId: null },
  }),
  "chats.cannedDelete": async (s) => ({ as: "manager", params: { id: await demoCanned(s, "schema-delete") } }),
  "chats.cannedRender": async (s) => ({ as: "agent", params: { id: await demoChat(s, "whatsapp") } }),
  "notifications.list": async (s) => {
    await notify({ db: s.database.db, io: s.app.io }, await s.id("manager"), {
      kind: "chat",
      key: "schema:list",
      title: "+919800000000 · WhatsApp",
      body: "Hello",
      link: "chats?chat=x",
    });
    return { as: "manager", query: { page: "1", limit: "5", unread: "true" } };
  },
  "notifications.unreadCount": async () => ({ as: "manager" }),
  "notifications.read": async (s) => {
    const note = await notify({ db: s.database.db, io: s.app.io }, await s.id("manager"), {
      kind: "chat",
      key: "schema:read",
      title: "To read",
    });
    return { as: "manager", params: { id: note?._id ?? "0" } };
  },
  "notifications.readAll": async () => ({ as: "manager" }),
  "support.file": async () => ({
    as: "reseller",
    payload: { kind: "support", subject: "Schema ticket", body: "Campaign stuck in queued" },
  }),
  "support.list": async () => ({ as: "admin", query: { page: "1", limit: "5", status: "open" } }),
  "support.get": async (s) => ({ as: "admin", params: { id: await supportTicket(s) } }),
  "support.reply": async (s) => ({ as: "admin", params: { id: await supportTicket(s) }, payload: { body: "On it" } }),
  "support.close": async (s) => ({ as: "reseller", params: { id: await supportTicket(s) } }),
  "support.reopen": async (s) => {
    const id = await supportTicket(s);
    await s.call({ method: "POST", url: `/api/v1/support/tickets/${id}/close`, as: "reseller" });
    return { as: "reseller", params: { id } };
  },
  "chats.resolve": async (s) => ({ as: "manager", params: { id: await demoChat(s) } }),
  "chats.reopen": async (s) => ({ as: "manager", params: { id: await demoChat(s) } }),
  "chats.read": async (s) => ({ as: "manager", params: { id: await demoChat(s) } }),
  "chats.quickReplies": async (s) => ({ as: "manager", params: { id: await demoChat(s) } }),
  "sandbox.phone.addresses": async () => ({ as: "manager" }),
  "sandbox.phone.send": async (s) => ({
    as: "manager",
    payload: { channel: "whatsapp", address: await demoAddress(s), number: "+919811119999", text: "Hi" },
  }),
  "sandbox.phone.messages": async (s) => ({
    as: "manager",
    query: { channel: "whatsapp", address: await demoAddress(s), number: "+919810000101" },
  }),
  "liveAgents.list": async () => ({ as: "manager", query: { page: "1", limit: "10" } }),
  "liveAgents.search": async () => ({ as: "manager", query: { searchTerm: "a" } }),
  "liveAgents.create": async () => ({
    as: "manager",
    payload: {
      name: "Schema Agent",
      email: "schema.agent@example.com",
      username: "schema_agent",
      password: "Schema-pass-1",
    },
  }),
  "liveAgents.invite": async () => ({
    as: "manager",
    payload: { name: "Invited Agent", email: "invited.agent@example.com" },
  }),
  "liveAgents.acceptInvite": async (s) => {
    await s.call({
      method: "POST",
      url: "/api/live-agent/invite-agent",
      as: "manager",
      payload: { name: "Accepting Agent", email: "accepting.agent@example.com" },
    });
    return {
      payload: {
        token: await mailedToken(s, "accepting.agent@example.com", "accept-invite"),
        username: "accepting_agent",
        password: "Accept-pass-1",
      },
    };
  },
  "liveAgents.remove": async (s) => {
    const res = await s.call({
      method: "POST",
      url: "/api/live-agent/invite-agent",
      as: "manager",
      payload: { name: "Leaving Agent", email: "leaving.agent@example.com" },
    });
    return { as: "manager", params: { id: (res.json() as { data: { _id: string } }).data._id } };
  },
  "liveAgents.metrics": async (s) => {
    const res = await s.call({ method: "GET", url: "/api/agents/search?searchTerm=Asha", as: "manager" });
    return {
      as: "manager",
      params: { id: (res.json() as { data: { _id: string }[] }).data[0]?._id ?? "" },
      query: { period: "week" },
    };
  },
  "reports.generate": async () => ({
    as: "manager",
    params: { from: "2024-03-01", to: "2024-03-31", channel: "all", campaignId: "all" },
    query: { detailedCampaignReport: "true", format: "xlsx" },
  }),
  "reports.list": async (s) => {
    await readyReport(s);
    return { as: "manager", query: { channel: "all", page: "1", limit: "5" } };
  },
  "reports.details": async (s) => ({ as: "admin", params: { id: await readyReport(s) } }),
  "reports.download": async (s) => ({ as: "manager", params: { id: await readyReport(s) } }),
  "reports.delete": async (s) => ({
    as: "depthead",
    params: { id: (await generate(s, "depthead", { channel: "sms" }))._id },
  }),
  "ai.agents.create": async () => ({
    as: "manager",
    payload: { name: "Schema agent", channels: ["whatsapp"], scope: "unassigned" },
  }),
  "ai.agents.list": async (s) => withAi(s, { as: "manager", query: { page: "1", limit: "5", search: "schema" } }),
  "ai.agents.get": async (s) => ({ as: "manager", params: { id: (await aiFixtures(s)).agentId } }),
  "ai.agents.update": async (s) => ({
    as: "manager",
    params: { id: (await aiFixtures(s)).agentId },
    payload: { persona: "Calm" },
  }),
  "ai.agents.delete": async (s) => ({ as: "manager", params: { id: await aiAgent(s, "Schema doomed") } }),
  "ai.agents.playground": async (s) => ({
    as: "manager",
    params: { id: (await aiFixtures(s)).agentId },
    payload: { message: "How long does delivery take?" },
  }),
  "ai.agents.answers": async (s) => ({
    as: "manager",
    params: { id: (await aiFixtures(s)).agentId },
    query: { limit: "5" },
  }),
  "ai.agentConfigs.stats": async (s) => withAi(s, { as: "manager" }),
  "ai.agentConfigs.list": async (s) => ({ as: "manager", query: { agentId: (await aiFixtures(s)).agentId } }),
  "ai.agentConfigs.enhancePrompt": async (s) => ({
    as: "manager",
    params: { id: (await aiFixtures(s)).agentId },
    payload: {},
  }),
  "ai.agentConfigs.setDefault": async (s) => ({
    as: "manager",
    params: { id: (await aiFixtures(s)).agentId },
    payload: { configId: (await aiFixtures(s)).configId },
  }),
  "ai.agentConfigs.createForAgent": async (s) => ({
    as: "manager",
    params: { id: (await aiFixtures(s)).agentId },
    payload: { name: "Night", prompt: "Answer briefly." },
  }),
  "ai.agentConfigs.updateForAgent": async (s) => ({
    as: "manager",
    params: { id: (await aiFixtures(s)).agentId },
    payload: { temperature: 0.2 },
  }),
  "ai.agentConfigs.deleteForAgent": async (s) => ({
    as: "manager",
    params: { id: await aiAgent(s, "Schema configless") },
  }),
  "ai.agentConfigs.validate": async (s) => ({ as: "manager", params: { id: (await aiFixtures(s)).configId } }),
  "ai.agentConfigs.get": async (s) => ({ as: "manager", params: { id: (await aiFixtures(s)).configId } }),
  "ai.agentConfigs.update": async (s) => ({
    as: "manager",
    params: { id: (await aiFixtures(s)).configId },
    payload: { maxTokens: 200 },
  }),
  "ai.agentConfigs.delete": async (s) => {
    const agentId = (await aiFixtures(s)).agentId;
    const res = await s.call({
      method: "POST",
      url: `/api/flow/v1/agent-configs/agent/${agentId}`,
      as: "manager",
      payload: { name: "Spare", prompt: "x" },
    });
    return { as: "manager", params: { id: (res.json() as { data: { _id: string } }).data._id } };
  },
  "ai.knowledge.create": async () => ({
    as: "manager",
    payload: { title: "Schema FAQ", kind: "faq", faqs: [{ question: "Open on Sunday?", answer: "No." }] },
  }),
  "ai.knowledge.list": async (s) => withAi(s, { as: "manager", query: { kind: "text", limit: "5" } }),
  "ai.knowledge.stats": async (s) => withAi(s, { as: "manager" }),
  "ai.knowledge.search": async (s) => withAi(s, { as: "manager", query: { query: "delivery time", limit: "3" } }),
  "ai.knowledge.get": async (s) => ({ as: "manager", params: { id: (await aiFixtures(s)).knowledgeId } }),
  "ai.knowledge.update": async (s) => ({
    as: "manager",
    params: { id: (await aiFixtures(s)).knowledgeId },
    payload: { title: "Delivery" },
  }),
  "ai.knowledge.delete": async (s) => {
    const res = await s.call({
      method: "POST",
      url: "/api/flow/v1/knowledge",
      as: "manager",
      payload: { title: "Gone", kind: "text", content: "Soon deleted." },
    });
    return { as: "manager", params: { id: (res.json() as { data: { _id: string } }).data._id } };
  },
  "ai.businessContext.create": async () => ({
    as: "user",
    payload: { companyName: "Schema Co", industry: "Retail", products: ["Shoes"] },
  }),
  "ai.businessContext.list": async (s) => withAi(s, { as: "manager" }),
  "ai.businessContext.stats": async (s) => withAi(s, { as: "manager" }),
  "ai.businessContext.summary": async (s) => withAi(s, { as: "manager" }),
  "ai.businessContext.search": async (s) =>
    withAi(s, { as: "manager", query: { query: "shop", industry: "commerce" } }),
  "ai.businessContext.getForAgent": async (s) => ({ as: "manager", params: { id: (await aiFixtures(s)).agentId } }),
  "ai.businessContext.updateForAgent": async (s) => ({
    as: "manager",
    params: { id: (await aiFixtures(s)).agentId },
    payload: { tone: "Warm" },
  }),
  "ai.businessContext.validate": async (s) => ({ as: "manager", params: { id: (await aiFixtures(s)).contextId } }),
  "ai.businessContext.get": async (s) => ({ as: "manager", params: { id: (await aiFixtures(s)).contextId } }),
  "ai.businessContext.update": async (s) => ({
    as: "manager",
    params: { id: (await aiFixtures(s)).contextId },
    payload: { hours: "9 to 5" },
  }),
  "ai.businessContext.delete": async (s) => ({ as: "depthead", params: { id: await contextOf(s, "depthead") } }),
  "ai.intents.create": async (s) => ({
    as: "manager",
    payload: {
      agentId: (await aiFixtures(s)).agentId,
      name: "schema_intent",
      action: "template",
      response: "Hi!",
      examples: ["schema hello"],
    },
  }),
  "ai.intents.list": async (s) => ({ as: "manager", query: { agentId: (await aiFixtures(s)).agentId, limit: "50" } }),
  "ai.intents.stats": async (s) => withAi(s, { as: "manager" }),
  "ai.intents.testClassification": async (s) => ({
    as: "manager",
    payload: { agentId: (await aiFixtures(s)).agentId, text: "where is my parcel" },
  }),
  "ai.intents.bulk": async (s) => ({
    as: "manager",
    payload: {
      agentId: (await aiFixtures(s)).agentId,
      intents: [{ name: "schema_bulk", action: "handoff", examples: ["a person please"] }],
    },
  }),
  "ai.intents.get": async (s) => ({ as: "manager", params: { id: (await aiFixtures(s)).intentId } }),
  "ai.intents.update": async (s) => ({
    as: "manager",
    params: { id: (await aiFixtures(s)).intentId },
    payload: { description: "Where orders are" },
  }),
  "ai.intents.delete": async (s) => {
    const res = await s.call({
      method: "POST",
      url: "/api/flow/v1/intent-mappings",
      as: "manager",
      payload: {
        agentId: (await aiFixtures(s)).agentId,
        name: "schema_gone",
        action: "knowledge",
        examples: ["x y z"],
      },
    });
    return { as: "manager", params: { id: (res.json() as { data: { _id: string } }).data._id } };
  },
  "ai.marketplace.list": async () => ({ as: "user" }),
  "ai.marketplace.install": async () => ({ as: "user", params: { id: "faq" }, payload: { name: "Schema FAQ bot" } }),
  "carrierChannels.list": async () => ({ as: "manager" }),
  "carrierChannels.connectWhatsApp": async () => ({ as: "manager", payload: cloudConnect(0) }),
  "carrierChannels.connectSmpp": async (s) => ({
    as: "manager",
    payload: {
      name: "Schema SMPP",
      sender_ids: [await ownHeader(s, "SCHSMP")],
      host: "127.0.0.1",
      port: smsc.port,
      system_id: SMSC_USER.systemId,
      password: SMSC_USER.password,
    },
  }),
  "carrierChannels.connectRcs": async (s) => {
    const [bot] = await s.database.db
      .insert(rcsBots)
      .values({ userId: await s.id("manager"), name: "Schema RBM bot" })
      .returning({ id: rcsBots.id });
    return {
      as: "manager",
      payload: {
        name: "Schema RBM",
        bot_id: bot.id,
        agent_id: RBM_AGENT,
        service_account_key: rbmKey.json,
        client_token: "SCHEMATOKEN123",
      },
    };
  },
  "carrierChannels.connectSmsHttp": async (s) => ({
    as: "manager",
    payload: {
      name: "Schema HTTP",
      sender_ids: [await ownHeader(s, "SCHHTP")],
      url: smsProvider.url,
      auth_header: "Authorization",
      auth_prefix: "Bearer ",
      api_key: SMS_HTTP_KEY,
      body_template: '{"to": "{{to_digits}}", "message": "{{text}}"}',
      message_id_path: "data.message_id",
      dlr_id_path: "message_id",
      dlr_status_path: "status",
      dlr_delivered: "DELIVERED",
      dlr_failed: "UNDELIVERED",
    },
  }),
  "carrierChannels.editSmpp": async (s) => {
    const { payload } = await VALID["carrierChannels.connectSmpp"](s);
    const { password: _password, ...settings }: Record<string, unknown> = {
      ...(payload as Record<string, unknown>),
      sender_ids: [await ownHeader(s, "SCHSME")],
    };
    return {
      as: "manager",
      params: { id: await connectedChannel(s, "/api/v1/channels/smpp", { ...settings, password: SMSC_USER.password }) },
      payload: { ...settings, name: "Schema SMPP, edited" },
    };
  },
  "carrierChannels.editSmsHttp": async (s) => {
    const { payload } = await VALID["carrierChannels.connectSmsHttp"](s);
    const { api_key: _key, ...settings }: Record<string, unknown> = {
      ...(payload as Record<string, unknown>),
      sender_ids: [await ownHeader(s, "SCHHTE")],
    };
    return {
      as: "manager",
      params: { id: await connectedChannel(s, "/api/v1/channels/sms-http", { ...settings, api_key: SMS_HTTP_KEY }) },
      payload: { ...settings, name: "Schema HTTP, edited" },
    };
  },
  "carrierChannels.editRcs": async (s) => {
    const { payload } = await VALID["carrierChannels.connectRcs"](s);
    return {
      as: "manager",
      params: { id: await connectedChannel(s, "/api/v1/channels/rcs-google", payload as Record<string, unknown>) },
      payload: { name: "Schema RBM, edited", agent_id: RBM_AGENT, client_token: "SCHEMATOKEN123" },
    };
  },
  "carrierChannels.update": async (s) => ({
    as: "manager",
    params: { id: await cloudChannel(s, 1) },
    payload: { name: "Renamed", messages_per_second: 100 },
  }),
  "carrierChannels.test": async (s) => ({ as: "manager", params: { id: await cloudChannel(s, 1) } }),
  "carrierChannels.remove": async (s) => ({ as: "manager", params: { id: await cloudChannel(s, 2) } }),
  "dnd.remove": async (s) => {
    await s.call({
      method: "POST",
      url: "/api/v1/dnd/import",
      as: "user",
      ...(await multipart(
        {},
        { field: "file", bytes: Buffer.from("phone\n9876543218\n"), name: "d.csv", type: "text/csv" },
      )),
    });
    const list = (await s.call({ method: "GET", url: "/api/v1/dnd?q=9876543218", as: "user" })).json() as {
      data: { id: string }[];
    };
    return { as: "user", params: { id: list.data[0].id } };
  },
  "suppressions.remove": async (s) => {
    await s.call({ method: "POST", url: "/api/v1/suppressions", as: "user", payload: { numbers: "9876543219" } });
    const list = (await s.call({ method: "GET", url: "/api/v1/suppressions?q=9876543219", as: "user" })).json() as {
      data: { id: string }[];
    };
    return { as: "user", params: { id: list.data[0].id } };
  },
  "workflows.list": async () => ({ as: "manager", query: { page: "1", limit: "10", q: "schema", status: "draft" } }),
  "workflows.create": async () => ({
    as: "user",
    payload: { name: "Schema workflow", description: "From a template", templateId: "keyword-opt-in-out" },
  }),
  "workflows.get": async (s) => ({ as: "user", params: { id: await schemaWorkflow(s) } }),
  "workflows.update": async (s) => ({
    as: "user",
    params: { id: await schemaWorkflow(s) },
    payload: { name: "Schema workflow, renamed" },
  }),
  "workflows.delete": async (s) => ({ as: "user", params: { id: await schemaWorkflow(s, "Schema to delete") } }),
  "workflows.publish": async (s) => ({
    as: "user",
    params: { id: await schemaWorkflow(s, "Schema publish") },
    payload: { note: "First version" },
  }),
  "workflows.setStatus": async (s) => ({
    as: "user",
    params: { id: await schemaWorkflow(s, "Schema status", true) },
    payload: { active: false },
  }),
  "workflows.versions": async (s) => ({ as: "user", params: { id: await schemaWorkflow(s, "Schema versions", true) } }),
  "workflows.version": async (s) => ({
    as: "user",
    params: { id: await schemaWorkflow(s, "Schema version", true), number: "1" },
  }),
  "workflows.rollback": async (s) => ({
    as: "user",
    params: { id: await schemaWorkflow(s, "Schema rollback", true), number: "1" },
  }),
  "workflows.diff": async (s) => ({
    as: "user",
    params: { id: await schemaWorkflow(s, "Schema diff", true) },
    query: { from: "1" },
  }),
  "workflows.testRun": async (s) => ({
    as: "user",
    params: { id: await schemaWorkflow(s, "Schema test") },
    payload: { payload: { text: "stop", from: "+919811110000" } },
  }),
  "workflows.rotateSecret": async (s) => ({ as: "user", params: { id: await schemaWorkflow(s, "Schema secret") } }),
  "workflows.runs": async (s) => ({
    as: "user",
    query: {
      page: "1",
      limit: "10",
      workflowId: await schemaWorkflow(s),
      status: "failed",
      trigger: "inbound",
      test: "true",
    },
  }),
  "workflows.run": async (s) => ({ as: "user", params: { id: await schemaRun(s) } }),
  "workflows.replay": async (s) => ({
    as: "user",
    params: { id: await schemaRun(s) },
    payload: { from: "start", payload: { text: "start", from: "+919811110000" }, redo: false },
  }),
  "workflows.cancelRun": async (s) => {
    const id = await schemaWorkflow(s, "Schema cancel");
    const graph = {
      nodes: [
        { id: "start", type: "trigger.webhook", position: { x: 0, y: 0 }, data: {} },
        { id: "pause", type: "flow.wait", position: { x: 0, y: 100 }, data: { amount: 1, unit: "days" } },
      ],
      edges: [{ id: "e", source: "start", target: "pause" }],
    };
    await s.call({ method: "PUT", url: `/api/flow/v1/workflows/${id}`, as: "user", payload: { graph } });
    const run = await s.call({
      method: "POST",
      url: `/api/flow/v1/workflows/${id}/test-run`,
      as: "user",
      payload: { payload: { order: 1 } },
    });
    return { as: "user", params: { id: (run.json() as { data: { _id: string } }).data._id } };
  },
  "workflows.templates": async () => ({ as: "depthead" }),
  "workflows.hook": async (s) => {
    const id = await schemaWorkflow(s, "Schema hook");
    const graph = {
      nodes: [
        { id: "start", type: "trigger.webhook", position: { x: 0, y: 0 }, data: {} },
        { id: "done", type: "action.end", position: { x: 0, y: 100 }, data: {} },
      ],
      edges: [{ id: "e", source: "start", target: "done" }],
    };
    await s.call({ method: "PUT", url: `/api/flow/v1/workflows/${id}`, as: "user", payload: { graph } });
    const published = await s.call({
      method: "POST",
      url: `/api/flow/v1/workflows/${id}/publish`,
      as: "user",
      payload: {},
    });
    const path = (published.json() as { data: { webhookPath: string } }).data.webhookPath.split("/");
    return { params: { id: path.at(-2) ?? "", secret: path.at(-1) ?? "" }, payload: { orderId: "A-1" } };
  },
  "apiKeys.list": async () => ({ as: "user", query: { status: "active", search: "schema" } }),
  "apiKeys.create": async () => ({ as: "user", payload: { name: "Schema key", scopes: ["messages:send"] } }),
  "apiKeys.validate": async (s) => ({ as: "user", payload: { key: (await schemaKey(s)).key } }),
  "apiKeys.update": async (s) => ({
    as: "user",
    params: { id: (await schemaKey(s)).id },
    payload: {
      name: "Schema key",
      scopes: ["messages:send", "reports:read", "templates:manage", "contacts:manage", "conversions:write"],
    },
  }),
  "apiKeys.delete": async (s) => ({ as: "user", params: { id: (await newKey(s, "Schema doomed")).id } }),
  "apiKeys.regenerate": async (s) => ({
    as: "user",
    params: { id: (await newKey(s, "Schema regenerated")).id },
    payload: { graceSeconds: 3600 },
  }),
  "keyConfigs.list": async () => ({ as: "user" }),
  "keyConfigs.create": async (s) => ({
    as: "user",
    payload: { ...KEY_CONFIG, apiKeyId: (await newKey(s, "Schema configured")).id },
  }),
  "keyConfigs.get": async (s) => ({ as: "user", params: { id: await schemaConfig(s) } }),
  "keyConfigs.forKey": async (s) => ({ as: "user", params: { id: (await schemaKey(s)).id } }),
  "keyConfigs.update": async (s) => ({
    as: "user",
    params: { id: await schemaConfig(s) },
    payload: { ...KEY_CONFIG, ipAllowList: ["10.0.0.0/8"] },
  }),
  "keyConfigs.delete": async (s) => {
    const res = await s.call({
      method: "POST",
      url: "/api/ums/v1/key-configs",
      as: "user",
      payload: { ...KEY_CONFIG, apiKeyId: (await newKey(s, "Schema unconfigured")).id },
    });
    return { as: "user", params: { id: (res.json() as { data: { id: string } }).data.id } };
  },
  "ums.requests": async (s) => ({
    as: "user",
    query: {
      status: "success",
      apiKeyId: (await schemaKey(s)).id,
      from: new Date(Date.now() - 3_600_000).toISOString(),
    },
  }),
  "ums.request": async (s) => ({ as: "user", params: { id: await loggedRequest(s) } }),
  "ums.requestMessages": async (s) => ({ as: "user", params: { id: await loggedRequest(s) } }),
  "public.messages.send": async (s) => ({
    token: (await schemaKey(s)).key,
    payload: { channel: "rcs", to: "9000000001", text: "Hello from the schema test", reference: "schema-1" },
  }),
  "public.messages.batch": async (s) => ({
    token: (await schemaKey(s)).key,
    payload: {
      messages: [
        { channel: "rcs", to: "9000000002", text: "One" },
        { channel: "rcs", to: "9000000003", text: "Two" },
      ],
    },
  }),
  "public.messages.get": async (s) => {
    const { key } = await schemaKey(s);
    const sent = await s.call({
      method: "POST",
      url: "/api/public/v1/messages",
      token: key,
      payload: { channel: "rcs", to: "9000000004", text: "Read me" },
    });
    return { token: key, params: { id: (sent.json() as { data: { id: string } }).data.id } };
  },
  "public.templates.list": async (s) => ({ token: (await schemaKey(s)).key, query: { channel: "rcs" } }),
  "public.contacts.list": async (s) => ({ token: (await schemaKey(s)).key, query: { q: "O'Brien", limit: "5" } }),
  "public.contacts.byNumber": async (s) => {
    await publicContact(s, "9876500201");
    return { token: (await schemaKey(s)).key, params: { number: "919876500201" } };
  },
  "public.contacts.get": async (s) => ({
    token: (await schemaKey(s)).key,
    params: { id: await publicContact(s, "9876500202") },
  }),
  "public.contacts.create": async (s) => ({
    token: (await schemaKey(s)).key,
    payload: { number: "9876500203", name: "Schema API", labels: ["vip"] },
  }),
  "public.contacts.upsert": async (s) => ({
    token: (await schemaKey(s)).key,
    payload: { contacts: [{ number: "9876500204", name: "Upserted" }, { number: "12" }] },
  }),
  "public.contacts.update": async (s) => ({
    token: (await schemaKey(s)).key,
    params: { id: await publicContact(s, "9876500205") },
    payload: { name: "Patched" },
  }),
  "public.contacts.delete": async (s) => ({
    token: (await schemaKey(s)).key,
    params: { id: await publicContact(s, "9876500206") },
  }),
  "public.consent.get": async (s) => ({ token: (await schemaKey(s)).key, params: { number: "919876500207" } }),
  "public.consent.record": async (s) => ({
    token: (await schemaKey(s)).key,
    params: { number: "919876500207" },
    payload: { channel: "sms", status: "opted_out", proof: "Schema test" },
  }),
  "public.conversions.record": async (s) => {
    // Sent once first (no message to the number: 202, kept unattributed), so the checked request is the replay, 200.
    const token = (await schemaKey(s)).key;
    const payload = { number: "+919876500208", kind: "order", value: "1499.50", externalId: "schema-order-1" };
    await s.call({ method: "POST", url: "/api/public/v1/conversions", token, payload });
    return { token, payload };
  },
  "public.conversions.postback": async (s) => {
    const made = await s.call({ as: "user", method: "POST", url: "/api/v1/conversion-settings/postback" });
    const url = (made.json() as { url: string }).url;
    // Called once first (202, unattributed), so the checked request is the replay, 200.
    const query = { number: "+919876500209", kind: "lead", externalId: "schema-postback-1" };
    await s.app.inject({ method: "GET", url: `${new URL(url).pathname}?${new URLSearchParams(query)}` });
    return { params: { token: url.split("/postback/")[1] }, query };
  },
  "conversionSettings.get": async () => ({ as: "user" }),
  "conversionSettings.update": async () => ({ as: "user", payload: { windowDays: 14 } }),
  "conversionSettings.newPostback": async () => ({ as: "user" }),
  "conversionSettings.revokePostback": async (s) => {
    await s.call({ as: "user", method: "POST", url: "/api/v1/conversion-settings/postback" });
    return { as: "user" };
  },
  "webhooks.list": async () => ({ as: "user", query: { page: "1", limit: "5" } }),
  "webhooks.create": async () => ({
    as: "user",
    payload: { url: "https://example.com/hooks", events: ["message.status"], description: "Schema" },
  }),
  "webhooks.get": async (s) => ({ as: "user", params: { id: await webhookOf(s) } }),
  "webhooks.update": async (s) => ({
    as: "user",
    params: { id: await webhookOf(s) },
    payload: { description: "Schema, edited", events: ["campaign.status", "message.status"] },
  }),
  "webhooks.delete": async (s) => ({ as: "user", params: { id: await newWebhook(s) } }),
  "webhooks.rotateSecret": async (s) => ({ as: "user", params: { id: await webhookOf(s) } }),
  "webhooks.test": async (s) => ({ as: "user", params: { id: await webhookOf(s) } }),
  "webhooks.deliveries": async (s) => {
    await webhookDeliveryOf(s);
    return { as: "user", params: { id: await webhookOf(s) }, query: { status: "pending", event: "webhook.test" } };
  },
  "webhooks.delivery": async (s) => ({ as: "user", params: { id: await webhookDeliveryOf(s) } }),
  "webhooks.resend": async (s) => ({ as: "user", params: { id: await webhookDeliveryOf(s) } }),
};

const readyReports = new WeakMap<TestServer, Promise<string>>();
/** A ready summary report of the manager's (made once per server). */
function readyReport(s: TestServer): Promise<string> {
  const found = readyReports.get(s) ?? generate(s, "manager", {}).then(async (r) => (await settle(s, r._id)).id);
  readyReports.set(s, found);
  return found;
}

const logExports = new WeakMap<TestServer, Promise<string>>();
/** A ready message log export of the manager's (made once per server). */
function logExport(s: TestServer): Promise<string> {
  const found =
    logExports.get(s) ??
    s
      .call({ method: "POST", url: "/api/v1/message-log/exports", as: "manager" })
      .then(async (res) => (await settle(s, (res.json() as { data: { _id: string } }).data._id)).id);
  logExports.set(s, found);
  return found;
}

/** A workflow of the user's from the STOP/START template (published when asked), one per name. */
/** A contact of the demo manager's account (its users and department head share it). */
async function schemaImport(s: TestServer): Promise<string> {
  const res = await s.call({
    method: "POST",
    url: "/api/v1/contacts/imports",
    as: "manager",
    ...(await multipart({}, { field: "file", bytes: Buffer.from("mobile\n9876500122\n"), name: "c.csv" })),
  });
  return res.json().data.id as string;
}

const SCHEMA_SEGMENT = {
  join: "and",
  groups: [{ join: "or", conditions: [{ kind: "label", op: "has", label: "vip" }] }],
};

/** A segment of the manager's by name (made on first use). */
async function schemaSegment(s: TestServer, name = "Schema segment"): Promise<string> {
  const listed = (await s.call({ method: "GET", url: "/api/v1/contacts/segments", as: "manager" })).json() as {
    data: { id: string; name: string }[];
  };
  const found = listed.data.find((x) => x.name === name)?.id;
  if (found) return found;
  const res = await s.call({
    method: "POST",
    url: "/api/v1/contacts/segments",
    as: "manager",
    payload: { name, definition: SCHEMA_SEGMENT },
  });
  return res.json().data.id as string;
}

/** A weekly SMS schedule's body over pasted numbers, from a new SMS account of the manager's. */
async function scheduleBody(s: TestServer, name: string) {
  const sms = await smsSetup(s.database.db, await s.id("manager"));
  return {
    name,
    channel: "sms",
    senderId: sms.accountId,
    templateId: sms.templateId,
    numbers: "9876543210",
    rule: { frequency: "weekly", daysOfWeek: [1, 3], time: "09:00", timeZone: "Asia/Kolkata" },
  };
}

/** A schedule of the manager's by name (made each time: pause, resume and delete change theirs). */
async function schemaSchedule(s: TestServer, name = "Schema schedule"): Promise<string> {
  const res = await s.call({
    method: "POST",
    url: "/api/v1/campaign-schedules",
    as: "manager",
    payload: await scheduleBody(s, name),
  });
  return res.json().data.id as string;
}

/** A contact made through the public API with the schema key (of the key's account). */
async function publicContact(s: TestServer, number: string): Promise<string> {
  const res = await s.call({
    method: "POST",
    url: "/api/public/v1/contacts",
    token: (await schemaKey(s)).key,
    payload: { number },
  });
  return res.json().data.id as string;
}

async function schemaContact(s: TestServer, number: string): Promise<string> {
  const res = await s.call({ method: "POST", url: "/api/v1/contacts", as: "manager", payload: { number } });
  return res.json().data.id as string;
}

async function schemaWorkflow(s: TestServer, name = "Schema workflow", publish = false): Promise<string> {
  const list = (
    await s.call({ method: "GET", url: `/api/flow/v1/workflows?q=${encodeURIComponent(name)}`, as: "user" })
  ).json() as { data: { _id: string; name: string }[] };
  const found = list.data.find((w) => w.name === name)?._id;
  if (found) return found;
  const res = await s.call({
    method: "POST",
    url: "/api/flow/v1/workflows",
    as: "user",
    payload: { name, templateId: "keyword-opt-in-out" },
  });
  const id = (res.json() as { data: { _id: string } }).data._id;
  if (publish) await s.call({ method: "POST", url: `/api/flow/v1/workflows/${id}/publish`, as: "user", payload: {} });
  return id;
}

/**
 * A finished test run of the user's (the STOP/START template fails at its first send: the user has no such address).
 */
async function schemaRun(s: TestServer): Promise<string> {
  const id = await schemaWorkflow(s, "Schema runs");
  const res = await s.call({
    method: "POST",
    url: `/api/flow/v1/workflows/${id}/test-run`,
    as: "user",
    payload: { payload: { text: "stop", from: "+919811110000" } },
  });
  const run = (res.json() as { data: { _id: string } }).data._id;
  for (let i = 0; i < 200; i++) {
    await s.app.jobs.get("workflow-steps")?.tick();
    const detail = (await s.call({ method: "GET", url: `/api/flow/v1/workflow-runs/${run}`, as: "user" })).json() as {
      data: { status: string };
    };
    if (["failed", "succeeded"].includes(detail.data.status)) return run;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the schema run did not finish");
}

const KEY_CONFIG = {
  name: "Schema config",
  channels: ["rcs", "sms"],
  scopes: ["messages:send", "reports:read", "contacts:manage", "conversions:write"],
  ratePerSecond: 20,
  ratePerDay: 5000,
};

/** A new API key of the user's (the demo user holds the api module). */
async function newKey(s: TestServer, name: string): Promise<{ id: string; key: string }> {
  const res = await s.call({
    method: "POST",
    url: "/api/ums/v1/api-keys",
    as: "user",
    payload: {
      name,
      scopes: ["messages:send", "reports:read", "templates:manage", "contacts:manage", "conversions:write"],
    },
  });
  const data = (res.json() as { data: { apiKey: { id: string }; key: string } }).data;
  return { id: data.apiKey.id, key: data.key };
}

const schemaKeys = new WeakMap<TestServer, Promise<{ id: string; key: string }>>();
/** One key of the user's for the calls that only need a key. */
function schemaKey(s: TestServer): Promise<{ id: string; key: string }> {
  const found = schemaKeys.get(s) ?? newKey(s, "Schema key");
  schemaKeys.set(s, found);
  return found;
}

async function schemaConfig(s: TestServer): Promise<string> {
  const res = await s.call({ method: "GET", url: "/api/ums/v1/key-configs", as: "user" });
  const found = (res.json() as { data: { id: string }[] }).data[0]?.id;
  if (found) return found;
  const made = await s.call({ method: "POST", url: "/api/ums/v1/key-configs", as: "user", payload: KEY_CONFIG });
  return (made.json() as { data: { id: string } }).data.id;
}

/** A public-API request of the user's key, once it is in the request log (written a moment after the answer). */
async function loggedRequest(s: TestServer): Promise<string> {
  const { key } = await schemaKey(s);
  await s.call({
    method: "POST",
    url: "/api/public/v1/messages",
    token: key,
    payload: { channel: "rcs", to: "9000000005", text: "Logged" },
  });
  for (let i = 0; i < 100; i++) {
    const res = await s.call({ method: "GET", url: "/api/ums/v1/ums-req/requests?status=success", as: "user" });
    const id = (res.json() as { data: { id: string; messageCount: number }[] }).data.find(
      (r) => r.messageCount > 0,
    )?.id;
    if (id) return id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("no request logged");
}

/**
 * A new webhook endpoint of the user's, at a port nothing listens on (its deliveries fail at once and stay pending).
 */
async function newWebhook(s: TestServer): Promise<string> {
  const res = await s.call({
    method: "POST",
    url: "/api/v1/webhooks",
    as: "user",
    payload: { url: "http://127.0.0.1:9/hooks", events: ["campaign.status"] },
  });
  return (res.json() as { data: { id: string } }).data.id;
}

const webhooks = new WeakMap<TestServer, Promise<string>>();
const webhookOf = (s: TestServer) =>
  webhooks.get(s) ?? (webhooks.set(s, newWebhook(s)), webhooks.get(s) as Promise<string>);

/** A delivery of that endpoint: its test delivery. */
async function webhookDeliveryOf(s: TestServer): Promise<string> {
  const res = await s.call({ method: "POST", url: `/api/v1/webhooks/${await webhookOf(s)}/test`, as: "user" });
  return (res.json() as { data: { id: string } }).data.id;
}

interface AiFixtures {
  agentId: string;
  configId: string;
  knowledgeId: string;
  contextId: string;
  intentId: string;
}
const aiFixtureCache = new WeakMap<TestServer, Promise<AiFixtures>>();

/** The manager's order-status agent from the marketplace, with its configuration, knowledge, context and an intent. */
function aiFixtures(s: TestServer): Promise<AiFixtures> {
  const found =
    aiFixtureCache.get(s) ??
    (async () => {
      const json = async <T>(url: string, method: "GET" | "POST" = "GET", payload?: Record<string, unknown>) =>
        (await s.call({ method, url: `/api/flow/v1${url}`, as: "manager", payload })).json() as T;
      const agentId = (
        await json<{ data: { _id: string } }>("/marketplace/order-status/install", "POST", { name: "Schema order bot" })
      ).data._id;
      const configId = (await json<{ data: { _id: string }[] }>(`/agent-configs?agentId=${agentId}`)).data[0]._id;
      const knowledgeId = (await json<{ data: { _id: string }[] }>(`/knowledge?agentId=${agentId}&limit=1`)).data[0]
        ._id;
      const contextId =
        (await json<{ data: { _id: string } | null }>(`/business-context/agent/${agentId}`)).data?._id ?? "";
      const intentId = (await json<{ data: { _id: string }[] }>(`/intent-mappings?agentId=${agentId}&limit=1`)).data[0]
        ._id;
      return { agentId, configId, knowledgeId, contextId, intentId };
    })();
  aiFixtureCache.set(s, found);
  return found;
}

/** The input, once the manager has the AI fixtures for the call to find. */
async function withAi(s: TestServer, input: Input): Promise<Input> {
  await aiFixtures(s);
  return input;
}

async function aiAgent(s: TestServer, name: string): Promise<string> {
  const res = await s.call({
    method: "POST",
    url: "/api/flow/v1/agents",
    as: "manager",
    payload: { name, channels: ["sms"], scope: "all" },
  });
  return (res.json() as { data: { _id: string } }).data._id;
}

/** A business context of that account (created for the delete call). */
async function contextOf(s: TestServer, name: DemoName): Promise<string> {
  const res = await s.call({
    method: "POST",
    url: "/api/flow/v1/business-context",
    as: name,
    payload: { companyName: "Doomed Co", industry: "Retail" },
  });
  return (res.json() as { data: { _id: string } }).data._id;
}

/** A campaign of the manager's, written straight into the tables (create and ingest are other calls). */
/** The manager's seeded WhatsApp conversation inside the 24-hour window, and its business address. */
/** A canned response of the demo manager's, made for one call's request. */
async function demoCanned(s: TestServer, code: string): Promise<string> {
  const payload = { code, title: code, body: "Thanks" };
  const res = await s.call({ method: "POST", url: "/api/v1/canned-responses", as: "manager", payload });
  return (res.json() as { data: { _id: string } }).data._id;
}

async function demoChat(s: TestServer, channel?: "whatsapp"): Promise<string> {
  const url = channel ? `/api/v1/chats?channel=${channel}` : "/api/v1/chats?q=%2B919810000101";
  const res = await s.call({ method: "GET", url, as: "manager" });
  return (res.json() as { data: { _id: string }[] }).data[0]?._id ?? "";
}

/** A file attached to a WhatsApp conversation of the demo manager (chats.attach), once per server. */
const chatFiles = new WeakMap<TestServer, Promise<{ id: string; fileId: string }>>();
function demoChatFile(s: TestServer): Promise<{ id: string; fileId: string }> {
  const found =
    chatFiles.get(s) ??
    (async () => {
      const id = await demoChat(s, "whatsapp");
      const { payload, headers } = await multipart({}, { field: "fileContent", bytes: png(), name: "b.png" });
      const res = await s.call({
        method: "POST",
        url: `/api/v1/chats/${id}/attachments`,
        as: "manager",
        payload,
        headers,
      });
      return { id, fileId: (res.json() as { data: { attachmentId: string } }).data.attachmentId };
    })();
  chatFiles.set(s, found);
  return found;
}

async function demoAddress(s: TestServer): Promise<string> {
  const res = await s.call({ method: "GET", url: "/api/v1/sandbox/phone/addresses", as: "manager" });
  return (
    (res.json() as { data: { channel: string; address: string }[] }).data.find((a) => a.channel === "whatsapp")
      ?.address ?? ""
  );
}

/**
 * A campaign of the manager's on that channel with three recipients; `outWithAWorker` (for the pause call): they are
 * all out with a worker, so the dispatcher cannot pause the running campaign first (it holds no money).
 */
async function controlCampaign(
  s: TestServer,
  channel: "rcs" | "sms" | "whatsapp",
  status: CampaignStatus = "ready",
  outWithAWorker = false,
): Promise<string> {
  const db = s.database.db;
  const ownerId = await s.id("manager");
  const common = { ownerId, channel, status, recipients: 3, outWithAWorker };
  if (channel === "sms") {
    const sms = await smsSetup(db, ownerId);
    return insertCampaign(db, { ...common, templateId: sms.templateId, smsAccountId: sms.accountId });
  }
  if (channel === "whatsapp") {
    const wa = await whatsappSetup(db, ownerId);
    return insertCampaign(db, { ...common, templateId: wa.templateId, wabaId: wa.wabaId });
  }
  const rcs = await rcsSetup(db, ownerId);
  return insertCampaign(db, { ...common, templateId: rcs.templateId, botId: rcs.botId });
}

const campaignFixtureCache = new WeakMap<TestServer, Promise<ChannelFixtures>>();
/** A sender and template per channel for the manager (made once per server). */
function campaignFx(s: TestServer): Promise<ChannelFixtures> {
  const found =
    campaignFixtureCache.get(s) ?? s.id("manager").then((id) => channelFixtures(s.database.db, id, "schema"));
  campaignFixtureCache.set(s, found);
  return found;
}

/** A pasted-numbers RCS campaign of the manager. */
async function schemaCampaign(s: TestServer): Promise<string> {
  const f = await campaignFx(s);
  const res = await s.call({
    method: "POST",
    url: "/api/campaigns/create-campaign",
    as: "manager",
    payload: {
      campaignName: "Schema",
      botId: f.botId,
      templateId: f.rcsTemplateId,
      variables: ["x"],
      numbers: "9876543210,1",
    },
  });
  return (res.json() as { data: { _id: string } }).data._id;
}

const readCampaigns = new Map<string, string>();
/** A completed campaign of the manager on that channel, created by the department head, with a replied recipient. */
async function readCampaign(s: TestServer, channel: "rcs" | "sms" | "whatsapp"): Promise<string> {
  const found = readCampaigns.get(channel);
  if (found) return found;
  const { db } = s.database;
  const manager = await s.id("manager");
  const id = await insertReadCampaign(db, {
    userId: manager,
    createdBy: await s.id("depthead"),
    channel,
    name: "schema campaign",
    status: "completed",
    startedAt: new Date(),
  });
  const [recipient] = await insertRecipients(db, id, manager, [
    { number: "+919876543210", state: "replied", sentAt: new Date(), repliedAt: new Date(), costPaise: 50 },
  ]);
  await insertReply(db, {
    userId: manager,
    campaignId: id,
    recipientId: recipient,
    from: "+919876543210",
    text: "Yes",
    receivedAt: new Date(),
  });
  readCampaigns.set(channel, id);
  return id;
}

/** The input, once the manager has a campaign on that channel for the call to find. */
async function withCampaign(s: TestServer, channel: "rcs" | "sms" | "whatsapp", input: Input): Promise<Input> {
  await readCampaign(s, channel);
  return input;
}

/** Connects the manager's sandbox WABA (idempotent) before a call that reads it; adds nothing to the request. */
async function connected(s: TestServer): Promise<object> {
  await s.call({ method: "POST", url: "/api/waba/onboarding/facebook", as: "manager", payload: {} });
  return {};
}

const SMS_TEMPLATE = {
  name: "Schema check",
  body: "Code {#var#}",
  category: "transactional",
  senderId: "ACMERT",
  dltTemplateId: "1107169999999999999",
};

/** The first seeded SMS account of an owner. */
/** An A/B test of the manager's (two SMS variants over two pasted numbers), for the read calls. */
async function schemaSplit(s: TestServer): Promise<string> {
  const input = await VALID["campaignSplits.create"](s);
  const res = await s.call({ method: "POST", url: "/api/v1/campaigns/splits", as: "manager", payload: input.payload });
  return (res.json().data as { id: string }).id;
}

/** An A/B test of the manager's holding back half of 40 numbers, once both its variants started (decidable). */
async function startedSplit(s: TestServer): Promise<string> {
  const input = await VALID["campaignSplits.create"](s);
  const numbers = Array.from({ length: 40 }, (_, i) => String(9876500000 + i)).join("\n");
  const payload = { ...input.payload, name: "Schema decide", numbers, testSharePercent: 50 };
  const res = await s.call({ method: "POST", url: "/api/v1/campaigns/splits", as: "manager", payload });
  const id = (res.json().data as { id: string }).id;
  for (let i = 0; i < 300; i++) {
    for (const job of ["campaign-ingest", "campaign-splits"]) await s.app.jobs.get(job)?.tick();
    const split = await s.call({ method: "GET", url: `/api/v1/campaigns/splits/${id}`, as: "manager" });
    if ((split.json() as { data: { decideAt: string | null } }).data.decideAt) return id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the schema A/B test's variants did not start");
}

async function smsAccountOf(s: TestServer, name: DemoName): Promise<string> {
  const res = await s.call({ method: "GET", url: "/api/sms/accounts", as: name });
  return (res.json() as { data: { id: string }[] }).data[0].id;
}

/** A template of the owner's first SMS account. */
async function smsTemplateOf(s: TestServer, name: DemoName): Promise<string> {
  const res = await s.call({
    method: "GET",
    url: `/api/sms/templates?smsAccountId=${await smsAccountOf(s, name)}`,
    as: name,
  });
  return (res.json() as { data: { id: string }[] }).data[0].id;
}

/** The manager's seeded RCS bot. */
async function demoBot(s: TestServer): Promise<string> {
  const res = await s.call({ method: "GET", url: "/api/v1/bots/botIds", as: "manager" });
  return (res.json() as { data: { _id: string }[] }).data[0]._id;
}

const { name: _validName, ...VALID_FIELDS } = VALID_DRAFT;

/** The manager's WABA for the template calls (a wabas row, as onboarding would leave). */
async function schemaWaba(s: TestServer): Promise<string> {
  await s.database.db
    .insert(wabas)
    .values({ userId: await s.id("manager"), wabaId: "waba-schema", name: "Schema" })
    .onConflictDoNothing();
  return "waba-schema";
}

let draftCount = 0;
/** A valid RCS text template of the manager's demo bot, under a new name each time. */
async function rcsDraft(s: TestServer): Promise<Record<string, unknown>> {
  const bots = (await s.call({ method: "GET", url: "/api/v1/rcs/templates/bots", as: "manager" })).json() as {
    data: { _id: string }[];
  };
  draftCount += 1;
  return {
    botId: bots.data[0]._id,
    name: `schema-${draftCount}`,
    type: "text",
    textMessageContent: "Hello",
    suggestions: [{ type: "reply", text: "Hi" }],
  };
}
async function rcsTemplate(s: TestServer): Promise<string> {
  const res = await s.call({ method: "POST", url: "/api/v1/rcs/templates", as: "manager", payload: await rcsDraft(s) });
  return (res.json() as { data: { _id: string } }).data._id;
}

/** A file the user uploaded. */
async function uploaded(s: TestServer): Promise<{ _id: string; url: string }> {
  const form = await multipart({ channel: "rcs" }, { field: "fileContent", bytes: png(), name: "a.png" });
  return (await s.call({ method: "POST", url: "/api/upload/aws-upload", as: "user", ...form })).json().data;
}

/** A WABA of that account, made directly (onboarding is its own call). */
async function wabaOf(s: TestServer, name: DemoName): Promise<string> {
  const wabaId = `waba-${randomUUID()}`;
  await s.database.db.insert(wabas).values({ userId: await s.id(name), wabaId, name: "Schema WABA" });
  return wabaId;
}

/** The token of the newest link of that kind mailed to an address. */
async function mailedToken(s: TestServer, to: string, page: string): Promise<string> {
  return tokenIn(await lastMailTo(s, to), page);
}

/** A fresh pending balance request of that account, for its parent to decide. */
async function pendingRequest(s: TestServer, name: DemoName): Promise<string> {
  const res = await s.call({
    method: "POST",
    url: "/api/balance/requestBalance",
    as: name,
    payload: { requestedBalance: 10 },
  });
  return (res.json() as { data: { _id: string } }).data._id;
}

type Json = Record<string, unknown>;

/** The schema with additionalProperties:false on every object, so a reply with an undeclared field fails. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== "object") return schema;
  const out: Json = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, closed(v)]));
  if (out.type === "object" && !("additionalProperties" in out)) out.additionalProperties = false;
  return out;
}

const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const schemaFor = (id: CallId, status: number) => {
  const replies = CALLS[id].response as Record<string, unknown>;
  return replies[status] ?? replies[`${String(status)[0]}xx`];
};

/** The served OpenAPI document (what clients are generated from), read once the server is up. */
let openapi: {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
};
/** A status's JSON schema in the served document: its own entry, or its range (4XX). */
const documentedSchema = (id: CallId, status: number) => {
  const { responses } = openapi.paths[CALLS[id].path.replace(/:(\w+)/g, "{$1}")][CALLS[id].method.toLowerCase()];
  return (responses[status] ?? responses[`${String(status)[0]}XX`])?.content?.["application/json"]?.schema;
};
/** A body checked against a closed schema: [] when it conforms, else the validator's errors. */
function problems(schema: unknown, body: unknown): unknown[] {
  expect(schema).toBeDefined();
  const validate = ajv.compile(closed(schema) as Json);
  return validate(body) ? [] : (validate.errors ?? []);
}

/**
 * Three WABAs at a WhatsApp Cloud API stand-in, each with a number and a token: one per channel call that needs its
 * own.
 */
const CLOUD_WABAS = [0, 1, 2].map((i) => ({
  id: `10229012934100${i}`,
  phone: `10654035224200${i}`,
  token: `EAAJB-schema-token-${i}-0000000000`,
}));
const cloudConnect = (i: number) => ({
  name: `Schema ${i}`,
  waba_id: CLOUD_WABAS[i].id,
  phone_number_id: CLOUD_WABAS[i].phone,
  access_token: CLOUD_WABAS[i].token,
  app_secret: DEFAULT_APP.secret,
});
const cloudChannels = new Map<number, Promise<string>>();
/** The manager's channel on stand-in WABA `i`, connected once. */
function cloudChannel(s: TestServer, i: number): Promise<string> {
  const found =
    cloudChannels.get(i) ??
    s
      .call({ method: "POST", url: "/api/v1/channels/whatsapp-cloud", as: "manager", payload: cloudConnect(i) })
      .then((res) => (res.json() as { data: { _id: string } }).data._id);
  cloudChannels.set(i, found);
  return found;
}

/**
 * A channel connected with a connect call's valid body (each call gets a header or bot of its own), for the edit calls.
 */
async function connectedChannel(s: TestServer, url: string, payload: Record<string, unknown>): Promise<string> {
  const res = await s.call({ method: "POST", url, as: "manager", payload });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { _id: string } }).data._id;
}

/** An SMSC and an HTTP SMS provider (their stand-ins) for the SMS connect calls, and a header of the manager's own. */
const SMSC_USER = { systemId: "schema", password: "schema-pw" };
const SMS_HTTP_KEY = "schema-http-key-0001";
let smsc: Smsc;
let smsProvider: SmsHttpStandIn;
async function ownHeader(s: TestServer, header: string): Promise<string> {
  await s.database.db
    .insert(smsAccounts)
    .values({ userId: await s.id("manager"), name: `Schema ${header}`, provider: "Sandbox", senderIds: [header] });
  return header;
}

/** Google RBM's stand-in for the RCS connect call. */
const RBM_AGENT = "schema-bot";
const rbmKey = makeServiceAccountKey();
let rbmStandIn: RbmStandIn;

let server: TestServer;
let standIn: WhatsAppStandIn;
beforeAll(async () => {
  rbmStandIn = await startRbmStandIn({ key: rbmKey, agentId: RBM_AGENT, clientToken: "SCHEMATOKEN123" });
  smsc = await startSmsc({ users: [SMSC_USER] });
  smsProvider = await startSmsHttpStandIn({ apiKey: SMS_HTTP_KEY, callbackUrl: "http://127.0.0.1:9/unused" });
  standIn = await startWhatsAppStandIn({
    wabas: CLOUD_WABAS.map((w, i) => standInWaba(w.id, w.phone, `+1 555-010-000${i}`)),
    tokens: Object.fromEntries(CLOUD_WABAS.map((w) => [w.token, [w.id]])),
  });
  server = await startServer({
    whatsappCloud: { ...whatsappCloudConfigFromEnv({}), graphUrl: standIn.url },
    rbm: { ...rbmConfigFromEnv({}), apiUrl: rbmStandIn.url, tokenUrl: rbmStandIn.tokenUrl },
    // The webhook endpoints below point at a closed port of this machine (WEBHOOK_ALLOW_PRIVATE, off by default).
    webhooks: { ...webhookConfigFromEnv({}), allowPrivate: true },
  });
  openapi = (await server.app.inject({ method: "GET", url: "/api/docs/json" })).json();
});
afterAll(async () => {
  await rbmStandIn?.close();
  await server?.close();
  await standIn?.close();
  await smsc?.close();
  await smsProvider?.close();
});

const built = CALL_IDS.filter((id) => HANDLERS[id]);

describe("every built call's real reply matches its response schema, in the contract and in the served document", () => {
  it("has a valid request for each built call", () => {
    expect(built.filter((id) => !VALID[id])).toEqual([]);
    expect(built.length).toBeGreaterThanOrEqual(21);
  });

  it.each(built)("%s", async (id) => {
    const { as, token, params, query, payload, form } = await VALID[id](server);
    const path = CALLS[id].path.replace(/:(\w+)/g, (_m, name: string) => params?.[name] ?? "");
    const url = `${path}${query ? `?${new URLSearchParams(query)}` : ""}`;
    const res = await server.call({ method: CALLS[id].method, url, as, token, ...(form ?? { payload }) });
    expect([200, 201], res.body).toContain(res.statusCode);
    // A file download has no JSON body to check: it must not be one.
    if ((CALLS[id] as CallDef).download) return expect(res.headers["content-type"]).not.toContain("json");
    const body: unknown = res.json();
    expect(problems(schemaFor(id, res.statusCode), body)).toEqual([]);
    expect(problems(documentedSchema(id, res.statusCode), body)).toEqual([]);
  });

  it("answers refusals with the error body, also closed", async () => {
    const res = await server.call({ method: "GET", url: "/api/admin/users?limit=0", as: "admin" });
    expect(res.statusCode).toBe(400);
    expect(problems(schemaFor("users.list", 400), res.json())).toEqual([]);
    expect(problems(documentedSchema("users.list", 400), res.json())).toEqual([]);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: "limit" })]);
  });
});

describe("the shared pagination schema", () => {
  it("fills the default page size and refuses one above the maximum", async () => {
    const first = (await server.call({ method: "GET", url: "/api/balance/ledger", as: "admin" })).json();
    expect({ page: first.page, limit: first.limit }).toEqual(PAGE_DEFAULTS);
    expect(PAGE_DEFAULTS).toEqual({ page: 1, limit: 10 });
    const max = await server.call({ method: "GET", url: `/api/admin/users?limit=${PAGE_LIMIT_MAX}`, as: "admin" });
    expect(max.json().limit).toBe(PAGE_LIMIT_MAX);
    const over = await server.call({ method: "GET", url: `/api/admin/users?limit=${PAGE_LIMIT_MAX + 1}`, as: "admin" });
    expect(over.statusCode).toBe(400);
  });
});

describe("the serializer", () => {
  it("drops fields a reply schema does not name, in success and error bodies", async () => {
    const database = await freshDatabase();
    const handlers = {
      "auth.sendResetLink": async () => ({ success: true, message: "ok", passwordHash: "leak" }),
      "auth.resetPassword": async (_request: FastifyRequest, reply: FastifyReply) => {
        reply.status(400);
        return { success: false, message: "no", stack: "leak" };
      },
    } as unknown as Handlers; // deliberately off-schema replies, which the typed map would refuse
    const app = await buildApp({
      database,
      logger: false,
      handlers,
      config: { webRoot: "./.no-web-root", jwtSecret: "t", seedDemo: false },
    });
    try {
      const ok = await app.inject({ method: "POST", url: "/api/auth/send-reset-link", payload: { email: "a@b.co" } });
      expect(ok.json()).toEqual({ success: true, message: "ok" });
      const refused = await app.inject({
        method: "POST",
        url: "/api/auth/reset-password",
        payload: { token: "t".repeat(20), newPassword: "long-enough-pw" },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ success: false, message: "no" });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("has a handler for every call of the table; a call without one answers 501 whatever the input", async () => {
    expect(CALL_IDS.filter((id) => !HANDLERS[id])).toEqual([]);
    const database = await freshDatabase();
    const app = await buildApp({
      database,
      logger: false,
      handlers: {} as Handlers,
      config: { webRoot: "./.no-web-root", jwtSecret: "t", seedDemo: false },
    });
    try {
      for (const payload of [{}, { username: 1 }, { username: "admin", password: "demo1234!" }]) {
        const res = await app.inject({ method: CALLS["auth.login"].method, url: CALLS["auth.login"].path, payload });
        expect(res.statusCode).toBe(501);
        expect(res.json()).toEqual({ success: false, message: MSG.notImplemented });
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
