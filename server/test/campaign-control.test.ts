import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  campaignRecipients,
  campaigns,
  inboundMessages,
  smsAccounts,
  suppressions,
  whatsappTemplates,
} from "../db/schema";
import {
  insertCampaign,
  moneySnapshot,
  numberAt,
  rcsSetup,
  setBalance,
  smsSetup,
  whatsappSetup,
} from "./campaign-control-fixtures";
import { startServer, type DemoName, type TestServer } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

// Campaign control over the call table: who may call what, tenancy, the SMS window on an injected clock, skips,
// schedules, pause / resume / discard and the operators' discard.

// 22:00 IST on a Monday: the promotional SMS window (10:00–21:00 IST) is closed.
let clock = new Date("2026-11-23T16:30:00Z");
let s: TestServer;
beforeAll(async () => {
  // These tests move campaigns between states; none is meant to send. The dispatcher looks once at start (nothing yet)
  // and then not for an hour: a campaign written as running could otherwise complete before the test pauses it.
  s = await startServer({ now: () => clock, jobIntervalMs: 3_600_000 }, { dispatch: { idleMs: 3_600_000 } });
});
afterAll(async () => s?.close());
// Every flow leaves every account's money adding up: balance = ledger = the charges.
afterEach(async () => expectLedgerBalanced(db()));

const db = () => s.database.db;
const row = async (id: string) => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0];
const tickScheduler = () => s.app.jobs.get("campaign-scheduler")?.tick();

type Channel = "rcs" | "sms" | "whatsapp";
async function campaignOf(
  name: DemoName,
  channel: Channel = "rcs",
  opts: {
    status?: Parameters<typeof insertCampaign>[1]["status"];
    recipients?: number;
    smsCategory?: "promotional" | "transactional";
  } = {},
) {
  const ownerId = await s.id(name);
  const base = { ownerId, status: opts.status, recipients: opts.recipients ?? 3 };
  if (channel === "sms") {
    const sms = await smsSetup(db(), ownerId, { category: opts.smsCategory ?? "transactional" });
    return insertCampaign(db(), { ...base, channel, templateId: sms.templateId, smsAccountId: sms.accountId });
  }
  if (channel === "whatsapp") {
    const wa = await whatsappSetup(db(), ownerId);
    return insertCampaign(db(), { ...base, channel, templateId: wa.templateId, wabaId: wa.wabaId });
  }
  const rcs = await rcsSetup(db(), ownerId);
  return insertCampaign(db(), { ...base, channel, templateId: rcs.templateId, botId: rcs.botId });
}

interface CallCase {
  id: string;
  method: "GET" | "POST" | "PUT";
  url: (id: string) => string;
  allowed: readonly DemoName[];
  /** The campaign the allowed caller acts on (its own, or for operators the manager's). */
  setup: (as: DemoName) => Promise<string>;
  payload?: () => Record<string, unknown>;
}

const OWNERS: readonly DemoName[] = ["manager", "user"];
const own = (channel: Channel, status?: "ready" | "running" | "paused") => (as: DemoName) =>
  campaignOf(as, channel, { status });
const future = () => ({ scheduledAt: new Date(clock.getTime() + 3_600_000).toISOString(), timeZone: "Asia/Kolkata" });
const RATES = {
  sms: 0.25,
  sms_transactional: 0.25,
  sms_service_implicit: 0.25,
  sms_service_explicit: 0.25,
  sms_promotional: 0.25,
  whatsapp_marketing: 0.88,
  whatsapp_utility: 0.13,
  whatsapp_authentication: 0.13,
  whatsapp_service: 0,
  rcs: 0.3,
  rcs_basic: 0.15,
  rcs_conversation: 0.35,
  sms_billed_on: "submitted",
};
// The campaigns here are RCS text messages of a few bytes: RBM basic messages (contract/domain/charging.ts).
const RCS_BASIC = 15;

const CALLS: CallCase[] = [
  {
    id: "rates.get",
    method: "GET",
    url: () => "/api/v1/rates",
    allowed: ["admin", "reseller", "manager", "user", "depthead", "rahul"],
    setup: async () => "",
  },
  {
    id: "rates.update",
    method: "PUT",
    url: () => "/api/v1/rates",
    allowed: ["admin"],
    setup: async () => "",
    payload: () => RATES,
  },
  {
    id: "campaigns.check",
    method: "GET",
    url: (id) => `/api/v1/campaign-control/${id}/check`,
    allowed: OWNERS,
    setup: own("rcs"),
  },
  {
    id: "campaigns.start",
    method: "POST",
    url: (id) => `/api/campaigns/start-campaign/${id}`,
    allowed: OWNERS,
    setup: own("rcs"),
  },
  {
    id: "sms.campaigns.start",
    method: "POST",
    url: (id) => `/api/sms/campaigns/${id}/start`,
    allowed: OWNERS,
    setup: own("sms"),
  },
  {
    id: "waba.campaigns.start",
    method: "POST",
    url: (id) => `/api/waba/campaign/start-campaign/${id}`,
    allowed: OWNERS,
    setup: own("whatsapp"),
  },
  {
    id: "campaigns.schedule",
    method: "POST",
    url: (id) => `/api/v1/campaign-control/${id}/schedule`,
    allowed: OWNERS,
    setup: own("rcs"),
    payload: future,
  },
  {
    id: "campaigns.pause",
    method: "POST",
    url: (id) => `/api/v1/campaign-control/${id}/pause`,
    allowed: OWNERS,
    setup: own("rcs", "running"),
  },
  {
    id: "campaigns.resume",
    method: "POST",
    url: (id) => `/api/v1/campaign-control/${id}/resume`,
    allowed: OWNERS,
    setup: own("rcs", "paused"),
  },
  {
    id: "campaigns.discard",
    method: "PUT",
    url: (id) => `/api/campaigns/${id}/discard`,
    allowed: OWNERS,
    setup: own("whatsapp"),
  },
  {
    id: "sms.campaigns.discard",
    method: "PUT",
    url: (id) => `/api/sms/campaigns/${id}/discard`,
    allowed: OWNERS,
    setup: own("sms"),
  },
  {
    id: "campaigns.operatorDiscard",
    method: "PUT",
    url: (id) => `/api/v1/campaign-control/${id}/discard`,
    allowed: ["admin", "reseller"],
    setup: () => campaignOf("manager", "rcs", { status: "running" }),
  },
];
// rahul is a user without the campaign module: module gating refuses him every campaign call.
const ROLES: readonly DemoName[] = ["admin", "reseller", "manager", "user", "depthead", "rahul"];

describe("every call × every role", () => {
  const cases = CALLS.flatMap((c) => ROLES.map((as) => [c.id, as, c.allowed.includes(as)] as const));
  it.each(cases)("%s as %s → allowed: %s", async (callId, as, allowed) => {
    const c = CALLS.find((x) => x.id === callId) as CallCase;
    const id = allowed ? await c.setup(as) : await campaignOf("manager");
    const before = id ? await row(id) : undefined;
    const res = await s.call({ method: c.method, url: c.url(id), as, payload: c.payload?.() });
    if (allowed) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().success).toBe(true);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      if (before) expect(await row(id)).toEqual(before);
    }
  });
});

describe("tenancy", () => {
  it.each([
    [
      "globex on the manager's campaign",
      "globex",
      "manager",
      "rcs",
      (id: string) => `/api/campaigns/start-campaign/${id}`,
      "POST",
    ],
    [
      "the manager's sub-user on the manager's campaign",
      "user",
      "manager",
      "rcs",
      (id: string) => `/api/campaigns/start-campaign/${id}`,
      "POST",
    ],
    [
      "globex checking the manager's campaign",
      "globex",
      "manager",
      "rcs",
      (id: string) => `/api/v1/campaign-control/${id}/check`,
      "GET",
    ],
    ["globex pausing", "globex", "manager", "rcs", (id: string) => `/api/v1/campaign-control/${id}/pause`, "POST"],
    ["globex discarding", "globex", "manager", "rcs", (id: string) => `/api/campaigns/${id}/discard`, "PUT"],
    [
      "the SMS start on an RCS campaign",
      "manager",
      "manager",
      "rcs",
      (id: string) => `/api/sms/campaigns/${id}/start`,
      "POST",
    ],
    [
      "the WhatsApp start on an SMS campaign",
      "manager",
      "manager",
      "sms",
      (id: string) => `/api/waba/campaign/start-campaign/${id}`,
      "POST",
    ],
    [
      "the SMS discard on a WhatsApp campaign",
      "manager",
      "manager",
      "whatsapp",
      (id: string) => `/api/sms/campaigns/${id}/discard`,
      "PUT",
    ],
    [
      "a reseller's operator discard of its grandchild's campaign",
      "reseller",
      "user",
      "rcs",
      (id: string) => `/api/v1/campaign-control/${id}/discard`,
      "PUT",
    ],
  ] as const)("%s answers 404 and changes nothing", async (_name, as, owner, channel, url, method) => {
    const id = await campaignOf(owner, channel);
    const before = await moneySnapshot(db(), await s.id(owner), id);
    const res = await s.call({ method, url: url(id), as });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: "Campaign not found" });
    expect(await moneySnapshot(db(), await s.id(owner), id)).toEqual(before);
  });

  it("a malformed id answers 404", async () => {
    expect(
      (await s.call({ method: "GET", url: "/api/v1/campaign-control/nope/check", as: "manager" })).statusCode,
    ).toBe(404);
  });
});

describe("the SMS window (clock injected at 22:00 IST)", () => {
  it("a promotional SMS start outside the window is scheduled for 10:00 IST with the hold taken; the scheduler runs it then", async () => {
    clock = new Date("2026-11-23T16:30:00Z");
    await setBalance(db(), await s.id("manager"), "100.00");
    const id = await campaignOf("manager", "sms", { smsCategory: "promotional", recipients: 4 });
    const check = (await s.call({ method: "GET", url: `/api/v1/campaign-control/${id}/check`, as: "manager" })).json()
      .data;
    expect(check.window).toMatchObject({ openNow: false, nextOpenAt: "2026-11-24T04:30:00.000Z" });
    const res = await s.call({ method: "POST", url: `/api/sms/campaigns/${id}/start`, as: "manager" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Scheduled for the next SMS window (10:00 IST)",
      data: {
        status: "scheduled",
        statusReason: "Scheduled for the next SMS window (10:00 IST)",
        scheduledAt: "2026-11-24T04:30:00.000Z",
        cost: { held: 1 },
      },
    });
    await tickScheduler();
    expect((await row(id)).status).toBe("scheduled");
    clock = new Date("2026-11-24T04:30:00Z");
    await tickScheduler();
    expect(await row(id)).toMatchObject({ status: "running", startedAt: clock, nextRunAt: null });
  });

  it("a promotional SMS scheduled for a time outside the window moves to the window's next opening after it", async () => {
    clock = new Date("2026-11-23T06:00:00Z"); // 11:30 IST, window open now
    const id = await campaignOf("manager", "sms", { smsCategory: "promotional" });
    const res = await s.call({
      method: "POST",
      url: `/api/v1/campaign-control/${id}/schedule`,
      as: "manager",
      payload: { scheduledAt: "2026-11-23T17:00:00Z", timeZone: "Asia/Kolkata" },
    });
    expect(res.json().data).toMatchObject({
      status: "scheduled",
      scheduledAt: "2026-11-24T04:30:00.000Z",
      statusReason: "Scheduled for the next SMS window (10:00 IST)",
    });
  });

  it("a transactional SMS starts at once at any hour", async () => {
    clock = new Date("2026-11-23T16:30:00Z");
    const id = await campaignOf("manager", "sms", { smsCategory: "transactional" });
    const res = await s.call({ method: "POST", url: `/api/sms/campaigns/${id}/start`, as: "manager" });
    expect(res.json().data).toMatchObject({ status: "running", startedAt: clock.toISOString() });
  });

  it("a paused promotional SMS resumed outside the window waits for the next one", async () => {
    clock = new Date("2026-11-23T10:00:00Z"); // 15:30 IST
    const id = await campaignOf("manager", "sms", { smsCategory: "promotional" });
    expect(
      (await s.call({ method: "POST", url: `/api/sms/campaigns/${id}/start`, as: "manager" })).json().data.status,
    ).toBe("running");
    expect(
      (await s.call({ method: "POST", url: `/api/v1/campaign-control/${id}/pause`, as: "manager" })).json().data.status,
    ).toBe("paused");
    clock = new Date("2026-11-23T16:00:00Z"); // 21:30 IST
    const res = await s.call({ method: "POST", url: `/api/v1/campaign-control/${id}/resume`, as: "manager" });
    expect(res.json().data).toMatchObject({ status: "scheduled", scheduledAt: "2026-11-24T04:30:00.000Z" });
  });
});

describe("skips at the check and the start", () => {
  it("counts suppressed numbers and recipients over the WhatsApp messaging limit, and marks them skipped", async () => {
    clock = new Date("2026-11-23T10:00:00Z");
    const manager = await s.id("manager");
    await setBalance(db(), manager, "1000.00");
    const wa = await whatsappSetup(db(), manager, "UTILITY");
    // 995 people this WABA messaged an hour ago; 5 of them wrote back since, so they are inside the service window.
    const earlier = await insertCampaign(db(), {
      ownerId: manager,
      channel: "whatsapp",
      status: "running",
      templateId: wa.templateId,
      wabaId: wa.wabaId,
      recipients: 995,
      firstNumber: 500_000,
    });
    await db()
      .update(campaignRecipients)
      .set({ state: "sent", sentAt: new Date(clock.getTime() - 3_600_000) })
      .where(eq(campaignRecipients.campaignId, earlier));
    const inbound = (n: string) => ({
      userId: manager,
      channel: "whatsapp",
      from: n,
      to: "bot",
      text: "hi",
      receivedAt: new Date(clock.getTime() - 600_000),
    });
    await db()
      .insert(inboundMessages)
      .values([0, 1, 2, 3, 4].map((i) => inbound(numberAt(500_000 + i))));
    // The new campaign: 20 people; 2 suppressed, 3 wrote to us today (free of the limit); 10 of headroom for 15.
    const id = await insertCampaign(db(), {
      ownerId: manager,
      channel: "whatsapp",
      templateId: wa.templateId,
      wabaId: wa.wabaId,
      recipients: 20,
      firstNumber: 600_000,
    });
    await db()
      .insert(suppressions)
      .values([
        { userId: manager, number: numberAt(600_000), reason: 'Replied "STOP"', source: "stop-reply" as const },
        { userId: manager, number: numberAt(600_001), source: "manual" as const },
      ]);
    await db()
      .insert(inboundMessages)
      .values([2, 3, 4].map((i) => inbound(numberAt(600_000 + i))));
    const check = (await s.call({ method: "GET", url: `/api/v1/campaign-control/${id}/check`, as: "manager" })).json()
      .data;
    expect(check).toMatchObject({
      valid: 20,
      sendable: 13,
      messagingLimit: { limit: 1000, used: 990, headroom: 10 },
      skipped: [
        { reason: "suppressed", label: "On the suppression list", count: 2 },
        { reason: "messagingLimit", label: "Over the WhatsApp messaging limit for 24 hours", count: 5 },
        { reason: "notOnChannel", count: 0 },
        { reason: "dltNumber", count: 0 },
        { reason: "dltVariable", count: 0 },
        { reason: "dnd", count: 0 },
      ],
      estimate: { total: 1.69 },
    });
    // Who is left out and why, before the start: the suppressed numbers with the list's own reason, then the numbers
    // past the limit's headroom (the ones the start will skip).
    const suppressed = "On the suppression list";
    const overLimit = "Over the WhatsApp messaging limit for 24 hours";
    expect(check.skippedNumbers).toEqual([
      { number: numberAt(600_000), reason: "suppressed", label: suppressed, detail: 'Replied "STOP"' },
      { number: numberAt(600_001), reason: "suppressed", label: suppressed, detail: null },
      ...[15, 16, 17, 18, 19].map((i) => ({
        number: numberAt(600_000 + i),
        reason: "messagingLimit",
        label: overLimit,
        detail: null,
      })),
    ]);
    const res = await s.call({ method: "POST", url: `/api/waba/campaign/start-campaign/${id}`, as: "manager" });
    expect(res.json().data).toMatchObject({
      status: "running",
      counts: { queued: 13, skipped: 7 },
      cost: { held: 1.69 },
    });
    const skipped = await db()
      .select({ number: campaignRecipients.number, reason: campaignRecipients.reason })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.state, "skipped")))
      .orderBy(campaignRecipients.id);
    expect(skipped).toEqual([
      { number: numberAt(600_000), reason: "suppressed" },
      { number: numberAt(600_001), reason: "suppressed" },
      ...[15, 16, 17, 18, 19].map((i) => ({ number: numberAt(600_000 + i), reason: "messagingLimit" })),
    ]);
    // The responses (and so the report, the number's history and the downloads) say why in the check's words.
    const responses = await s.call({
      method: "GET",
      url: `/api/waba/campaign/campaign-responses?campaignId=${id}&page=1&limit=20&status=skipped`,
      as: "manager",
    });
    expect(responses.json().data.map((r: { number: string; reason: string }) => [r.number, r.reason])).toEqual([
      [numberAt(600_000), suppressed],
      [numberAt(600_001), suppressed],
      ...[15, 16, 17, 18, 19].map((i) => [numberAt(600_000 + i), overLimit]),
    ]);
  });
});

describe("blockers", () => {
  it.each([
    [
      "a WhatsApp template that is not approved",
      "whatsapp",
      async (id: string) => {
        const c = await row(id);
        await db().update(whatsappTemplates).set({ status: "PENDING" }).where(eq(whatsappTemplates.id, c.templateId));
      },
      "templateNotApproved",
      /is PENDING, not APPROVED/,
    ],
    [
      "an inactive SMS account",
      "sms",
      async (id: string) => {
        await db()
          .update(smsAccounts)
          .set({ isActive: false })
          .where(eq(smsAccounts.id, (await row(id)).smsAccountId ?? ""));
      },
      "smsAccountInactive",
      /is inactive/,
    ],
    [
      "an SMS account without its DLT entity id",
      "sms",
      async (id: string) => {
        await db()
          .update(smsAccounts)
          .set({ dltEntityId: "" })
          .where(eq(smsAccounts.id, (await row(id)).smsAccountId ?? ""));
      },
      "dltEntityMissing",
      /no DLT entity id/,
    ],
    [
      "a sender id no longer registered on the account",
      "sms",
      async (id: string) => {
        await db()
          .update(smsAccounts)
          .set({ senderIds: ["OTHERS"] })
          .where(eq(smsAccounts.id, (await row(id)).smsAccountId ?? ""));
      },
      "senderNotRegistered",
      /is not registered/,
    ],
  ] as const)(
    "%s blocks the start with its message and changes nothing",
    async (_name, channel, breakIt, code, message) => {
      clock = new Date("2026-11-23T10:00:00Z");
      const id = await campaignOf("manager", channel);
      await breakIt(id);
      const check = (await s.call({ method: "GET", url: `/api/v1/campaign-control/${id}/check`, as: "manager" })).json()
        .data;
      expect(check.blockers).toEqual([expect.objectContaining({ code, message: expect.stringMatching(message) })]);
      const before = await moneySnapshot(db(), await s.id("manager"), id);
      const url = channel === "sms" ? `/api/sms/campaigns/${id}/start` : `/api/waba/campaign/start-campaign/${id}`;
      const res = await s.call({ method: "POST", url, as: "manager" });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(await moneySnapshot(db(), await s.id("manager"), id)).toEqual(before);
    },
  );
});

describe("schedule", () => {
  it.each([
    [
      "a time in the past",
      { scheduledAt: "2026-11-23T09:00:00Z", timeZone: "Asia/Kolkata" },
      "The scheduled time must be in the future",
    ],
    [
      "now",
      { scheduledAt: "2026-11-23T10:00:00Z", timeZone: "Asia/Kolkata" },
      "The scheduled time must be in the future",
    ],
    [
      "an unknown time zone",
      { scheduledAt: "2026-11-24T09:00:00Z", timeZone: "Mars/Olympus_Mons" },
      'Unknown time zone "Mars/Olympus_Mons"',
    ],
  ])("refuses %s and changes nothing", async (_name, payload, message) => {
    clock = new Date("2026-11-23T10:00:00Z");
    const id = await campaignOf("manager");
    const before = await moneySnapshot(db(), await s.id("manager"), id);
    const res = await s.call({
      method: "POST",
      url: `/api/v1/campaign-control/${id}/schedule`,
      as: "manager",
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
    expect(await moneySnapshot(db(), await s.id("manager"), id)).toEqual(before);
  });

  it("holds now, waits, and runs when due; pause and resume keep the schedule", async () => {
    clock = new Date("2026-11-23T10:00:00Z");
    await setBalance(db(), await s.id("manager"), "10.00");
    const id = await campaignOf("manager", "rcs", { recipients: 10 });
    const res = await s.call({
      method: "POST",
      url: `/api/v1/campaign-control/${id}/schedule`,
      as: "manager",
      payload: { scheduledAt: "2026-11-23T12:00:00Z", timeZone: "Europe/Berlin" },
    });
    expect(res.json().data).toMatchObject({
      status: "scheduled",
      scheduledAt: "2026-11-23T12:00:00.000Z",
      timeZone: "Europe/Berlin",
      cost: { held: (10 * RCS_BASIC) / 100 },
    });
    expect(
      (await s.call({ method: "POST", url: `/api/v1/campaign-control/${id}/pause`, as: "manager" })).json().data.status,
    ).toBe("paused");
    clock = new Date("2026-11-23T12:30:00Z");
    await tickScheduler();
    expect((await row(id)).status).toBe("paused");
    clock = new Date("2026-11-23T11:00:00Z");
    expect(
      (await s.call({ method: "POST", url: `/api/v1/campaign-control/${id}/resume`, as: "manager" })).json().data
        .status,
    ).toBe("scheduled");
    await tickScheduler();
    expect((await row(id)).status).toBe("scheduled");
    clock = new Date("2026-11-23T12:00:00Z");
    await tickScheduler();
    expect((await row(id)).status).toBe("running");
    expect((await row(id)).heldPaise).toBe(10 * RCS_BASIC);
  });
});

describe("pause, resume and discard transitions", () => {
  it("running → paused → running; a wrong status is refused with 409 and a clear message", async () => {
    clock = new Date("2026-11-23T10:00:00Z");
    const id = await campaignOf("manager", "rcs", { status: "running" });
    const resume = await s.call({ method: "POST", url: `/api/v1/campaign-control/${id}/resume`, as: "manager" });
    expect(resume.statusCode).toBe(409);
    expect(resume.json()).toMatchObject({ success: false, message: "The campaign is running and cannot be resumed" });
    const paused = await s.call({ method: "POST", url: `/api/v1/campaign-control/${id}/pause`, as: "manager" });
    expect(paused.json().data).toMatchObject({ status: "paused", statusReason: "Paused by the owner" });
    expect(
      (await s.call({ method: "POST", url: `/api/v1/campaign-control/${id}/pause`, as: "manager" })).statusCode,
    ).toBe(409);
    expect(
      (await s.call({ method: "POST", url: `/api/campaigns/start-campaign/${id}`, as: "manager" })).json(),
    ).toMatchObject({ message: "The campaign is paused and cannot be started" });
    const resumed = await s.call({ method: "POST", url: `/api/v1/campaign-control/${id}/resume`, as: "manager" });
    expect(resumed.json().data).toMatchObject({ status: "running", statusReason: null });
  });

  it("discard from a non-final status; a discarded campaign keeps its queued recipients and cannot move again", async () => {
    const id = await campaignOf("manager", "rcs", { status: "paused" });
    const res = await s.call({ method: "PUT", url: `/api/campaigns/${id}/discard`, as: "manager" });
    expect(res.json().data).toMatchObject({ status: "discarded", counts: { queued: 3 } });
    for (const url of [
      `/api/v1/campaign-control/${id}/resume`,
      `/api/v1/campaign-control/${id}/pause`,
      `/api/campaigns/${id}/discard`,
    ]) {
      expect((await s.call({ method: url.endsWith("discard") ? "PUT" : "POST", url, as: "manager" })).statusCode).toBe(
        409,
      );
    }
  });

  it.each(["draft", "validating", "completed", "discarded", "failed"] as const)(
    "the check refuses a %s campaign with 409",
    async (status) => {
      const id = await campaignOf("manager", "rcs", { status });
      const res = await s.call({ method: "GET", url: `/api/v1/campaign-control/${id}/check`, as: "manager" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: `The campaign is ${status} and cannot be checked` });
    },
  );

  it("the check answers for a paused campaign too (what is left to send)", async () => {
    const id = await campaignOf("manager", "rcs", { status: "paused" });
    const check = await s.call({ method: "GET", url: `/api/v1/campaign-control/${id}/check`, as: "manager" });
    expect(check.json().data).toMatchObject({
      campaignId: id,
      sendable: 3,
      estimate: { total: (3 * RCS_BASIC) / 100 },
    });
  });
});

describe("operator discard", () => {
  it("an admin discards any campaign and the owner gets the unused hold back", async () => {
    clock = new Date("2026-11-23T10:00:00Z");
    const user = await s.id("user");
    await setBalance(db(), user, "5.00");
    const id = await campaignOf("user", "rcs", { recipients: 10 });
    await s.call({ method: "POST", url: `/api/campaigns/start-campaign/${id}`, as: "user" });
    expect((await row(id)).heldPaise).toBe(10 * RCS_BASIC);
    const res = await s.call({ method: "PUT", url: `/api/v1/campaign-control/${id}/discard`, as: "admin" });
    expect(res.json().data).toMatchObject({
      status: "discarded",
      statusReason: "Discarded by admin",
      cost: { held: 0 },
    });
    expect(await moneySnapshot(db(), user, id)).toMatchObject({ balance: "5.00" });
  });

  it("a reseller discards its accounts' campaigns only", async () => {
    const mine = await campaignOf("manager", "sms", { status: "running" });
    expect(
      (await s.call({ method: "PUT", url: `/api/v1/campaign-control/${mine}/discard`, as: "reseller" })).json().data
        .status,
    ).toBe("discarded");
    const other = await campaignOf("user", "sms", { status: "running" });
    expect(
      (await s.call({ method: "PUT", url: `/api/v1/campaign-control/${other}/discard`, as: "reseller" })).statusCode,
    ).toBe(404);
    expect((await row(other)).status).toBe("running");
  });
});

describe("rates", () => {
  it("answers rupees, takes two decimals, refuses a third and anything out of range", async () => {
    expect((await s.call({ method: "GET", url: "/api/v1/rates", as: "user" })).json().data).toEqual(RATES);
    const set = await s.call({ method: "PUT", url: "/api/v1/rates", as: "admin", payload: { ...RATES, rcs: 0.35 } });
    expect(set.json()).toMatchObject({ success: true, message: "Rates updated", data: { ...RATES, rcs: 0.35 } });
    for (const bad of [{ ...RATES, sms: 0.255 }, { ...RATES, sms: -1 }, { ...RATES, sms: 101 }, { sms: 0.2 }]) {
      const res = await s.call({ method: "PUT", url: "/api/v1/rates", as: "admin", payload: bad });
      expect(res.statusCode).toBe(400);
    }
    expect((await s.call({ method: "GET", url: "/api/v1/rates", as: "manager" })).json().data).toEqual({
      ...RATES,
      rcs: 0.35,
    });
    // A client that knows only the first five rates keeps the others and the SMS basis as set.
    const {
      whatsapp_service: _service,
      rcs_basic: _basic,
      rcs_conversation: _conversation,
      sms_billed_on: _on,
      sms_transactional: _transactional,
      sms_service_implicit: _implicit,
      sms_service_explicit: _explicit,
      sms_promotional: _promotional,
      ...firstFive
    } = RATES;
    await s.call({
      method: "PUT",
      url: "/api/v1/rates",
      as: "admin",
      payload: { ...RATES, rcs_basic: 0.12, sms_billed_on: "delivered" },
    });
    const kept = await s.call({ method: "PUT", url: "/api/v1/rates", as: "admin", payload: firstFive });
    expect(kept.json().data).toEqual({ ...RATES, rcs_basic: 0.12, sms_billed_on: "delivered" });
    expect(
      (
        await s.call({
          method: "PUT",
          url: "/api/v1/rates",
          as: "admin",
          payload: { ...RATES, sms_billed_on: "weekly" },
        })
      ).statusCode,
    ).toBe(400);
    await s.call({ method: "PUT", url: "/api/v1/rates", as: "admin", payload: RATES });
    expect((await s.call({ method: "GET", url: "/api/v1/rates", as: "user" })).json().data).toEqual(RATES);
  });
});
