// The consent ledger (issue 39, item 3): keyword replies, WhatsApp's 131050, per-channel and all-channel consent, the
// suppression list as the ledger's view of all-channel opt-outs, the opt-in requirement in the pre-send check, the
// public API refusing opted-out numbers, roles, ownership, and bad input writing nothing.
import { and, count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_ERRORS } from "../../contract/domain/api-keys";
import {
  campaignRecipients,
  campaigns,
  consentEvents,
  suppressions,
  wabaPhoneNumbers,
  wabas,
  webhookDeliveries,
} from "../db/schema";
import { applyInbound } from "../services/campaigns/inbound-replies";
import { applyReceipts } from "../services/campaigns/receipt-updates";
import { receiveInbound } from "../services/chats/inbound";
import { createEndpoint } from "../services/webhooks/endpoints";
import { insertCampaign, numberAt, setBalance, whatsappSetup } from "./campaign-control-fixtures";
import { smsTemplate } from "./campaign-fixtures";
import { startServer, type DemoName, type TestServer } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

let s: TestServer;
beforeAll(async () => {
  // Nothing here is meant to send: the dispatcher looks once and then not for an hour.
  s = await startServer({ jobIntervalMs: 3_600_000 }, { dispatch: { idleMs: 3_600_000 } });
});
afterAll(async () => s?.close());
// Opted-out numbers are skipped or refused before anything is charged: balance = ledger after each test.
afterEach(async () => expectLedgerBalanced(db()));

const db = () => s.database.db;
type Json = Record<string, unknown>;
const consentOf = async (as: DemoName, number: string) =>
  (await s.call({ method: "GET", url: `/api/v1/consent/${encodeURIComponent(number)}`, as })).json().data;
const record = (as: DemoName, number: string, payload: Json) =>
  s.call({ method: "POST", url: `/api/v1/consent/${encodeURIComponent(number)}`, as, payload });
const eventsOf = async (as: DemoName, number: string) =>
  db()
    .select()
    .from(consentEvents)
    .where(and(eq(consentEvents.userId, await s.id(as)), eq(consentEvents.number, number)))
    .orderBy(consentEvents.id);
const listed = async (as: DemoName, number: string) =>
  (
    await db()
      .select()
      .from(suppressions)
      .where(and(eq(suppressions.userId, await s.id(as)), eq(suppressions.number, number)))
  ).length === 1;
const allEvents = async () => (await db().select({ n: count() }).from(consentEvents))[0].n;
const effective = async (as: DemoName, number: string) =>
  Object.fromEntries(
    ((await consentOf(as, number)).effective as { channel: string; marketing: string; other: string }[]).map((e) => [
      e.channel,
      `${e.marketing}/${e.other}`,
    ]),
  );

/** A running WhatsApp campaign of `as` whose recipients were sent from "phone-<n>" (replies and receipts match them). */
async function sentCampaign(as: DemoName, first: number, n: number, category: "MARKETING" | "UTILITY" = "MARKETING") {
  const ownerId = await s.id(as);
  const wa = await whatsappSetup(db(), ownerId, category);
  const id = await insertCampaign(db(), {
    ownerId,
    channel: "whatsapp",
    templateId: wa.templateId,
    wabaId: wa.wabaId,
    recipients: n,
    firstNumber: first,
    status: "completed",
  });
  await db()
    .update(campaigns)
    .set({ sender: `phone-${first}` })
    .where(eq(campaigns.id, id));
  const rows = await db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
  for (const r of rows)
    await db()
      .update(campaignRecipients)
      .set({ state: "sent", sentAt: new Date(), providerMessageId: `wamid-${r.number}` })
      .where(eq(campaignRecipients.id, r.id));
  return { id, wa, sender: `phone-${first}` };
}

const reply = (from: string, to: string, text: string, at: Date) =>
  ({ type: "inbound", channel: "whatsapp", from, to, text, at }) as const;

describe("keyword replies", () => {
  // Each row: the replies one number sends, in order; whether it ends on the list; the events' statuses.
  const CASES: [string, string[], boolean, string[]][] = [
    ["STOP opts out of every channel", ["STOP"], true, ["opted_out"]],
    ["START re-subscribes", ["STOP", "START"], false, ["opted_out", "opted_in"]],
    ["UNSTOP after UNSUBSCRIBE", ["unsubscribe", "UNSTOP"], false, ["opted_out", "opted_in"]],
    ["Hindi बंद", ["बंद"], true, ["opted_out"]],
    ["other words change nothing", ["Hello", "stop the offers please"], false, []],
    ["a second STOP is history too", ["STOP", "hi", "STOP"], true, ["opted_out", "opted_out"]],
  ];
  it.each(CASES.map((c, i) => [...c, i] as const))("%s", async (_name, texts, onList, statuses, i) => {
    const { sender } = await sentCampaign("manager", 100 + i * 10, 1);
    const number = numberAt(100 + i * 10);
    const t0 = Date.now();
    // One batch per reply, as they arrive one after another.
    for (const [k, text] of texts.entries()) await applyInbound(db(), [reply(number, sender, text, new Date(t0 + k))]);
    expect(await listed("manager", number)).toBe(onList);
    const events = await eventsOf("manager", number);
    expect(events.map((e) => e.status)).toEqual(statuses);
    expect(events.every((e) => e.channel === "all" && e.purpose === "any" && e.method === "keyword")).toBe(true);
    if (onList) expect(await effective("manager", number)).toMatchObject({ sms: "optedOut/optedOut" });
  });
});

describe("keyword replies that answer no campaign", () => {
  it("a STOP to the inbox opts out (START back in); a campaign reply's STOP is written once, by its campaign", async () => {
    const { sender, wa } = await sentCampaign("manager", 200, 1);
    // The campaign's sending number is the manager's inbox address too.
    const [waba] = await db().select({ id: wabas.id }).from(wabas).where(eq(wabas.wabaId, wa.wabaId));
    await db()
      .insert(wabaPhoneNumbers)
      .values({ wabaId: waba.id, phoneNumberId: sender, displayPhoneNumber: "+91 98765 20000", verifiedName: "Test" });
    const answered = numberAt(200);
    const unasked = numberAt(205);
    const t0 = Date.now();
    // Both listeners see every inbound message, as the server's carrier events do.
    const arrive = async (from: string, text: string, k: number) => {
      const batch = [reply(from, sender, text, new Date(t0 + k))];
      await Promise.all([applyInbound(db(), batch), receiveInbound(db(), batch)]);
    };
    const statuses = async (number: string) =>
      (await eventsOf("manager", number)).map((e) => [e.status, e.channel, e.method, e.proof]);

    await arrive(answered, "STOP", 0);
    expect(await statuses(answered)).toEqual([["opted_out", "all", "keyword", 'Replied "STOP"']]);
    await arrive(unasked, "STOP", 1);
    expect(await statuses(unasked)).toEqual([["opted_out", "all", "keyword", 'Replied "STOP"']]);
    expect(await listed("manager", unasked)).toBe(true);
    await arrive(unasked, "Hello", 2);
    await arrive(unasked, "START", 3);
    expect(await statuses(unasked)).toEqual([
      ["opted_out", "all", "keyword", 'Replied "STOP"'],
      ["opted_in", "all", "keyword", 'Replied "START"'],
    ]);
    expect(await listed("manager", unasked)).toBe(false);
  });
});

describe("WhatsApp 131050", () => {
  beforeAll(async () => {
    await createEndpoint(
      db(),
      await s.id("manager"),
      { url: "http://127.0.0.1:9/consent-hooks", events: ["contact.opted_out"] },
      { allowPrivate: true, requireHttps: false },
    );
  });
  it.each([
    ["131050", true],
    ["131026", false],
  ])("a failed receipt with %s opts out of WhatsApp marketing only: %s", async (code, optsOut) => {
    const first = code === "131050" ? 300 : 310;
    const { id } = await sentCampaign("manager", first, 1);
    const number = numberAt(first);
    await applyReceipts(
      db(),
      [
        {
          providerMessageId: `wamid-${number}`,
          status: "failed",
          failedAt: new Date().toISOString(),
          code,
          reason: "Unable to deliver message",
          firstSeen: Date.now(),
        },
      ],
      false,
    );
    const [r] = await db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
    expect(r.state).toBe("failed");
    // The account's endpoint for contact.opted_out is told, with the ledger's proof.
    const told = (
      await db()
        .select()
        .from(webhookDeliveries)
        .where(
          and(eq(webhookDeliveries.userId, await s.id("manager")), eq(webhookDeliveries.event, "contact.opted_out")),
        )
    )
      .map((d) => JSON.parse(d.body).data)
      .filter((d) => d.number === number);
    expect(told.map((d) => [d.channel, d.purpose, d.method, d.proof])).toEqual(
      optsOut ? [["whatsapp", "marketing", "provider", `WhatsApp error ${code}: Unable to deliver message`]] : [],
    );
    const events = await eventsOf("manager", number);
    expect(events.map((e) => [e.channel, e.purpose, e.status, e.method])).toEqual(
      optsOut ? [["whatsapp", "marketing", "opted_out", "provider"]] : [],
    );
    expect(await listed("manager", number)).toBe(false);
    expect(await effective("manager", number)).toEqual(
      optsOut
        ? { sms: "allowed/allowed", whatsapp: "optedOut/allowed", rcs: "allowed/allowed" }
        : { sms: "allowed/allowed", whatsapp: "allowed/allowed", rcs: "allowed/allowed" },
    );
  });
});

describe("recording consent", () => {
  it("per channel changes that channel only; all channels is the suppression list", async () => {
    const number = "+919812300001";
    expect(
      (await record("user", number, { channel: "sms", status: "opted_out", method: "complaint" })).statusCode,
    ).toBe(201);
    expect(await effective("user", number)).toEqual({
      sms: "optedOut/optedOut",
      whatsapp: "allowed/allowed",
      rcs: "allowed/allowed",
    });
    expect(await listed("user", number)).toBe(false);
    const out = await record("user", number, { channel: "all", status: "opted_out", method: "agent", proof: "Call" });
    expect(out.json()).toMatchObject({ data: { channel: "all", purpose: "any", status: "opted_out", proof: "Call" } });
    expect(out.json().data.actor).toEqual(expect.any(String));
    expect(await listed("user", number)).toBe(true);
    // A one-channel opt-in does not lift the all-channel opt-out; an all-channel one does (and takes it off the list).
    await record("user", number, { channel: "whatsapp", status: "opted_in", method: "form" });
    expect((await effective("user", number)).whatsapp).toBe("optedOut/optedOut");
    await record("user", number, { channel: "all", status: "opted_in", method: "form", proof: "Signed up again" });
    expect(await listed("user", number)).toBe(false);
    expect(await effective("user", number)).toEqual({
      sms: "allowed/allowed",
      whatsapp: "allowed/allowed",
      rcs: "allowed/allowed",
    });
    const history = (
      await s.call({ method: "GET", url: `/api/v1/consent/${encodeURIComponent(number)}/history?limit=10`, as: "user" })
    ).json();
    expect(history.total).toBe(4);
    expect(history.data.map((e: { method: string }) => e.method)).toEqual(["form", "form", "agent", "complaint"]);
  });

  it("adding to and removing from the suppression list writes agent events", async () => {
    const number = "+919812300002";
    await s.call({
      method: "POST",
      url: "/api/v1/suppressions",
      as: "user",
      payload: { numbers: number, reason: "Asked" },
    });
    const [row] = await db()
      .select()
      .from(suppressions)
      .where(and(eq(suppressions.userId, await s.id("user")), eq(suppressions.number, number)));
    await s.call({ method: "DELETE", url: `/api/v1/suppressions/${row.id}`, as: "user" });
    expect((await eventsOf("user", number)).map((e) => [e.channel, e.status, e.method, e.proof])).toEqual([
      ["all", "opted_out", "agent", "Asked"],
      ["all", "opted_in", "agent", "Removed from the suppression list"],
    ]);
  });

  it.each([
    ["not a number", "12ab", { channel: "sms", status: "opted_out", method: "agent" }],
    ["a channel we do not have", "+919812300003", { channel: "email", status: "opted_out", method: "agent" }],
    [
      "keyword is the channels' own method",
      "+919812300003",
      { channel: "sms", status: "opted_out", method: "keyword" },
    ],
    ["an unknown status", "+919812300003", { channel: "sms", status: "maybe", method: "agent" }],
    [
      "proof over 500",
      "+919812300003",
      { channel: "sms", status: "opted_out", method: "agent", proof: "x".repeat(501) },
    ],
    ["an extra field", "+919812300003", { channel: "sms", status: "opted_out", method: "agent", extra: 1 }],
    ["a short number", "12345", { channel: "sms", status: "opted_out", method: "agent" }],
  ])("refuses %s and writes nothing", async (_name, number, payload) => {
    const before = await allEvents();
    expect((await record("user", number, payload)).statusCode).toBe(400);
    expect(await allEvents()).toBe(before);
  });

  it.each([
    ["admin", 403],
    ["reseller", 403],
    ["depthead", 403],
    ["user", 201],
    ["manager", 201],
  ] as const)("%s may record: %i", async (as, status) => {
    expect((await record(as, "+919812300004", { channel: "rcs", status: "opted_in", method: "api" })).statusCode).toBe(
      status,
    );
  });

  it("keeps each account's ledger apart", async () => {
    const number = "+919812300005";
    await record("user", number, { channel: "all", status: "opted_out", method: "agent" });
    expect((await consentOf("priya", number)).states).toEqual([]);
    expect((await consentOf("priya", number)).onSuppressionList).toBe(false);
    expect((await consentOf("user", number)).onSuppressionList).toBe(true);
  });
});

describe("the pre-send check", () => {
  const check = async (as: DemoName, id: string) =>
    (await s.call({ method: "GET", url: `/api/v1/campaign-control/${id}/check`, as })).json().data;
  const skips = (data: { skipped: { reason: string; count: number }[] }) =>
    Object.fromEntries(data.skipped.filter((k) => k.count > 0).map((k) => [k.reason, k.count]));

  it.each([
    // requirement, template category, expected skips, sendable (of 5: 0 listed, 1 WhatsApp marketing out,
    // 2 WhatsApp opt-in, 3 SMS opt-in only, 4 nothing recorded)
    [false, "MARKETING", { suppressed: 1, optedOut: 1 }, 3],
    [false, "UTILITY", { suppressed: 1 }, 4],
    [true, "MARKETING", { suppressed: 1, optedOut: 1, noOptIn: 2 }, 1],
    [true, "UTILITY", { suppressed: 1, noOptIn: 3 }, 1],
  ] as const)("opt-in required %s, %s template", async (required, category, expected, sendable) => {
    await setBalance(db(), await s.id("manager"), "1000.00");
    const first = 400 + (required ? 10 : 0) + (category === "UTILITY" ? 20 : 0);
    const ownerId = await s.id("manager");
    const wa = await whatsappSetup(db(), ownerId, category);
    const id = await insertCampaign(db(), {
      ownerId,
      channel: "whatsapp",
      templateId: wa.templateId,
      wabaId: wa.wabaId,
      recipients: 5,
      firstNumber: first,
    });
    const n = (i: number) => numberAt(first + i);
    await record("manager", n(0), { channel: "all", status: "opted_out", method: "agent" });
    await record("manager", n(1), {
      channel: "whatsapp",
      purpose: "marketing",
      status: "opted_out",
      method: "complaint",
    });
    await record("manager", n(2), { channel: "whatsapp", status: "opted_in", method: "form" });
    await record("manager", n(3), { channel: "sms", status: "opted_in", method: "form" });
    const put = await s.call({
      method: "PUT",
      url: "/api/v1/consent-settings",
      as: "manager",
      payload: { requireWhatsappOptIn: required },
    });
    expect(put.json().data).toEqual({ requireWhatsappOptIn: required });
    const data = await check("manager", id);
    expect(skips(data)).toEqual(expected);
    expect(data.sendable).toBe(sendable);
    // The upload report counts the same list-based skips as the check.
    const progress = await s.call({ method: "GET", url: `/api/v1/reports/validating-progress/${id}`, as: "manager" });
    const listed = Object.fromEntries(
      (progress.json().data.excluded as { reason: string; count: number }[])
        .filter((e) => e.count > 0 && ["suppressed", "dnd", "optedOut", "noOptIn"].includes(e.reason))
        .map((e) => [e.reason, e.count]),
    );
    expect(listed).toEqual(expected);
    if ("noOptIn" in expected)
      expect(data.skippedNumbers).toEqual(
        expect.arrayContaining([expect.objectContaining({ number: n(4), reason: "noOptIn" })]),
      );
    await s.call({
      method: "PUT",
      url: "/api/v1/consent-settings",
      as: "manager",
      payload: { requireWhatsappOptIn: false },
    });
  });
});

describe("the public API", () => {
  let key = "";
  let template = "";
  beforeAll(async () => {
    const userId = await s.id("user");
    await setBalance(db(), userId, "100.00");
    const res = await s.call({
      method: "POST",
      url: "/api/ums/v1/api-keys",
      as: "user",
      payload: { name: "Consent key", scopes: ["messages:send"] },
    });
    key = res.json().data.key;
    template = (await smsTemplate(db(), userId)).id;
  });
  const send = (to: string) =>
    s.app.inject({
      method: "POST",
      url: "/api/public/v1/messages",
      headers: { "x-api-key": key },
      payload: { channel: "sms", to, templateId: template, variables: ["Asha", "4711"] },
    });

  it.each([
    ["an SMS opt-out", "+919812300010", { channel: "sms", status: "opted_out", method: "api" }, 422],
    ["an all-channel opt-out", "+919812300011", { channel: "all", status: "opted_out", method: "agent" }, 422],
    ["a WhatsApp opt-out", "+919812300012", { channel: "whatsapp", status: "opted_out", method: "agent" }, 201],
    ["nothing recorded", "+919812300013", null, 201],
  ] as const)("%s: %i", async (_name, to, payload, status) => {
    if (payload) await record("user", to, payload);
    const res = await send(to);
    expect(res.statusCode).toBe(status);
    if (status === 422) expect(res.json()).toMatchObject({ code: PUBLIC_ERRORS.optedOut.code });
  });
});
