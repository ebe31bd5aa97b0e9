// The public send API against the real server and the sandbox carrier: accepted sends are paid through the ledger
// (never below zero), reach the carrier with our id as its idempotency key, and move with their receipts; an
// Idempotency-Key gives one message and one debit; batches are all or nothing; the channels' rules; fallbacks; the
// request log; the state events; tenancy.
import { randomUUID } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_ERRORS } from "../../contract/domain/api-keys";
import { DEFAULT_RATES, DEFAULT_RATES_PAISE, SETTLEMENT_WINDOW_MS } from "../../contract/domain/charging";
import type { Database } from "../db/client";
import {
  apiKeys,
  apiMessages,
  balanceLedger,
  consentEvents,
  conversations,
  umsRequests,
  wabaPhoneNumbers,
  wabas,
} from "../db/schema";
import type { PublicMessageStateChange } from "../services/public-api/state-events";
import { recoverStale } from "../services/public-api/dispatch-sql";
import { settleApiMessages } from "../services/campaigns/settlement";
import type { Tx } from "../db/sql";
import type { UmsEntry } from "../services/public-api/request-log";
import {
  balanceOf,
  dispatchServer,
  setBalance,
  smsTemplate,
  until,
  whatsappTemplate,
  type DispatchServer,
} from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

let database: Database;
let server: DispatchServer;
let userId: string;
let key: string;
let sms: { id: string };
const heard: PublicMessageStateChange[] = [];

const db = () => database.db;
const SMS_COST = DEFAULT_RATES_PAISE.sms;
type Json = Record<string, unknown>;

async function newKey(
  as: "user" | "globex",
  scopes = ["messages:send", "reports:read", "templates:manage"],
): Promise<string> {
  const res = await server.app.inject({
    method: "POST",
    url: "/api/ums/v1/api-keys",
    headers: { authorization: `Bearer ${await server.token(as)}` },
    payload: { name: `Key ${as}`, scopes },
  });
  return (res.json() as { data: { key: string } }).data.key;
}

const send = (payload: Json, headers: Record<string, string> = {}, k = key) =>
  server.app.inject({
    method: "POST",
    url: "/api/public/v1/messages",
    headers: { "x-api-key": k, ...headers },
    payload,
  });
const batch = (messages: Json[], headers: Record<string, string> = {}) =>
  server.app.inject({
    method: "POST",
    url: "/api/public/v1/messages/batch",
    headers: { "x-api-key": key, ...headers },
    payload: { messages },
  });
const read = (id: string, k = key) =>
  server.app.inject({ method: "GET", url: `/api/public/v1/messages/${id}`, headers: { "x-api-key": k } });
const console_ = async (url: string) =>
  (
    await server.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${await server.token("user")}` } })
  ).json() as Json;
const smsTo = (to: string, extra: Json = {}) => ({
  channel: "sms",
  to,
  templateId: sms.id,
  variables: ["Asha", "4711"],
  ...extra,
});
const messageRows = (ids: string[]) =>
  db()
    .select()
    .from(apiMessages)
    .where(sql`${apiMessages.id} = any(${`{${ids.join(",")}}`}::uuid[])`);

beforeAll(async () => {
  database = await freshDatabase();
  server = await dispatchServer(database);
  userId = await server.id("user");
  await setBalance(db(), userId, "1000.00");
  key = await newKey("user");
  sms = await smsTemplate(db(), userId);
  // A WhatsApp number of the user's (senders are cached for a few seconds, so it exists before the first send).
  const [waba] = await db()
    .insert(wabas)
    .values({ userId, wabaId: "waba-public-api", name: "Uday WABA" })
    .returning({ id: wabas.id });
  await db().insert(wabaPhoneNumbers).values({
    wabaId: waba.id,
    phoneNumberId: "pn-public-api",
    displayPhoneNumber: "+91 98765 00000",
    verifiedName: "Uday",
  });
  server.app.publicApi.events.onPublicMessageStateChanged(async (_tx, changes) => {
    heard.push(...changes);
  });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});
// Every flow leaves every account's money adding up: balance = ledger = the charges.
afterEach(async () => expectLedgerBalanced(db()));

describe("sending one message", () => {
  it("debits the ledger, hands the message to the carrier with our id, and its receipts change its state", async () => {
    const before = await balanceOf(db(), userId);
    const res = await send(smsTo("9000000001", { reference: "order-4711" }));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as { id: string; status: string; cost: number; to: string; from: string };
    expect(data).toMatchObject({
      status: "queued",
      cost: SMS_COST / 100,
      to: "+919000000001",
      from: "ACMEIN",
      channels: ["sms"],
      reference: "order-4711",
    });
    expect(await balanceOf(db(), userId)).toBe(before - SMS_COST);
    const [ledger] = await db()
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, userId), like(balanceLedger.note, `%${data.id}%`)));
    expect(ledger).toMatchObject({ kind: "api_message", amount: "-0.25" });
    // +91 90000 0000x: always delivered.
    await until(
      async () => (await read(data.id)).json().data as { status: string },
      (m) => m.status === "delivered",
    );
    expect(server.carrier.sends.get(`api:${data.id}:0`)).toBe(1);
    const detail = (await read(data.id)).json().data as {
      history: { status: string; channel: string }[];
      requestId: string;
    };
    expect(detail.history.map((h) => h.status)).toEqual(["queued", "sent", "delivered"]);
    expect(heard.filter((e) => e.messageId === data.id).map((e) => e.state)).toEqual(["queued", "sent", "delivered"]);

    // The request log: the request, its answer and the message it created.
    await server.app.publicApi.log.tick();
    const logged = (await console_(`/api/ums/v1/ums-req/requests/${detail.requestId}`)).data as Json;
    expect(logged).toMatchObject({
      status: 201,
      route: "/api/public/v1/messages",
      messageCount: 1,
      errorCode: null,
      requestBody: expect.objectContaining({ reference: "order-4711" }),
    });
    expect(JSON.stringify(logged)).not.toContain(key.slice(21));
    const messages = await console_(`/api/ums/v1/ums-req/requests/${detail.requestId}/messages`);
    expect(messages).toMatchObject({
      count: 1,
      page: 1,
      limit: 10,
      data: [expect.objectContaining({ id: data.id, status: "delivered" })],
    });
  });

  it("honours an Idempotency-Key for the same body (one message, one debit) and refuses it with another body", async () => {
    const before = await balanceOf(db(), userId);
    const body = smsTo("9000000002");
    const [a, b] = await Promise.all([
      send(body, { "idempotency-key": "retry-1" }),
      send(body, { "idempotency-key": "retry-1" }),
    ]);
    const again = await send({ ...body }, { "idempotency-key": "retry-1" });
    expect([a.statusCode, b.statusCode, again.statusCode]).toEqual([201, 201, 201]);
    const ids = new Set([a, b, again].map((r) => (r.json().data as { id: string }).id));
    expect(ids.size).toBe(1);
    expect([a, b, again].filter((r) => r.headers["idempotent-replayed"] === "true").length).toBe(2);
    expect(await balanceOf(db(), userId)).toBe(before - SMS_COST);
    const other = await send(smsTo("9000000003"), { "idempotency-key": "retry-1" });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe(PUBLIC_ERRORS.idempotencyConflict.code);
    expect(await balanceOf(db(), userId)).toBe(before - SMS_COST);
    expect(await db().select().from(apiMessages).where(eq(apiMessages.to, "+919000000003"))).toEqual([]);
  });

  it("never takes the balance below zero: 402 with the cost and the balance, nothing stored", async () => {
    const poor = await newKey("globex");
    const globex = await server.id("globex");
    const tpl = await smsTemplate(db(), globex);
    await setBalance(db(), globex, "0.30");
    const ok = await send({ channel: "sms", to: "9000000004", templateId: tpl.id, variables: ["A", "B"] }, {}, poor);
    expect(ok.statusCode).toBe(201);
    const refused = await send(
      { channel: "sms", to: "9000000005", templateId: tpl.id, variables: ["A", "B"] },
      { "idempotency-key": "poor-1" },
      poor,
    );
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: PUBLIC_ERRORS.insufficientBalance.code,
      message: "Insufficient balance: this request costs ₹0.25 and the balance is ₹0.05. Nothing was sent.",
    });
    expect(await balanceOf(db(), globex)).toBe(5);
    expect(await db().select().from(apiMessages).where(eq(apiMessages.to, "+919000000005"))).toEqual([]);
    // The request log keeps the refusal's own code and message (not just the HTTP status).
    await server.app.publicApi.log.tick();
    const [loggedRefusal] = await db()
      .select()
      .from(umsRequests)
      .where(and(eq(umsRequests.userId, globex), eq(umsRequests.status, 402)));
    expect(loggedRefusal).toMatchObject({
      errorCode: PUBLIC_ERRORS.insufficientBalance.code,
      errorMessage: expect.stringContaining("Insufficient balance"),
    });
    // The refused request did not take its Idempotency-Key: after a top-up the same key sends.
    await setBalance(db(), globex, "1.00");
    expect(
      (
        await send(
          { channel: "sms", to: "9000000005", templateId: tpl.id, variables: ["A", "B"] },
          { "idempotency-key": "poor-1" },
          poor,
        )
      ).statusCode,
    ).toBe(201);
    // Another account's key cannot read this account's message.
    const mine = (await send(smsTo("9000000006"))).json().data.id as string;
    expect((await read(mine, poor)).statusCode).toBe(404);
    expect((await read(mine)).statusCode).toBe(200);
  });

  it("refuses what the channels do not allow: SMS text (DLT), an unknown sender, a bad number, wrong values, a chain going up", async () => {
    const smsText = await send({ channel: "sms", to: "9000000007", text: "Hello" });
    expect(smsText.statusCode).toBe(400);
    expect(smsText.json().errors).toEqual([expect.objectContaining({ field: "text" })]);
    expect(
      (await send({ channel: "whatsapp", to: "9000000007", text: "Hi", from: "not-a-number-of-ours" })).statusCode,
    ).toBe(400);
    expect((await send(smsTo("123"))).json().errors).toEqual([{ field: "to", message: "is not a valid phone number" }]);
    expect((await send({ ...smsTo("9000000007"), variables: ["only one"] })).statusCode).toBe(400);
    expect((await send({ ...smsTo("9000000007"), fallback: [{ channel: "rcs", text: "x" }] })).json().errors).toEqual([
      expect.objectContaining({ field: "fallback" }),
    ]);
  });

  it("WhatsApp text goes inside the customer's window and is refused outside it; a template goes either way", async () => {
    const template = await whatsappTemplate(db(), userId, { category: "UTILITY" });
    await db().execute(sql`update whatsapp_templates set waba_id = 'waba-public-api' where id = ${template.id}`);
    const closed = await send({ channel: "whatsapp", to: "9000000008", text: "Hi" });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().code).toBe(PUBLIC_ERRORS.windowClosed.code);
    await db().insert(conversations).values({
      userId,
      channel: "whatsapp",
      customerNumber: "+919000000008",
      businessAddress: "pn-public-api",
      lastInboundAt: new Date(),
    });
    const open = await send({ channel: "whatsapp", to: "9000000008", text: "Hi" });
    expect(open.statusCode, open.body).toBe(201);
    // A free-form answer in the window is a service message; a utility template there is free (Meta, since July 2025).
    expect(open.json().data).toMatchObject({ from: "pn-public-api", cost: DEFAULT_RATES.whatsapp_service / 100 });
    const inWindow = await send({
      channel: "whatsapp",
      to: "9000000008",
      templateId: template.id,
      variables: ["Asha"],
    });
    expect(inWindow.json().data).toMatchObject({ cost: 0 });
    const templated = await send({
      channel: "whatsapp",
      to: "9000000009",
      templateId: template.id,
      variables: ["Asha"],
    });
    expect(templated.statusCode, templated.body).toBe(201);
    expect(templated.json().data).toMatchObject({ cost: DEFAULT_RATES.whatsapp_utility / 100 });
    // A key configured without WhatsApp may not send on it.
    await server.app.inject({
      method: "POST",
      url: "/api/ums/v1/key-configs",
      headers: { authorization: `Bearer ${await server.token("user")}` },
      payload: {
        name: "No WhatsApp",
        channels: ["sms", "rcs"],
        scopes: ["messages:send", "reports:read"],
        ratePerSecond: 100,
        ratePerDay: 100000,
      },
    });
    const denied = await send({ channel: "whatsapp", to: "9000000009", templateId: template.id, variables: ["Asha"] });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(PUBLIC_ERRORS.channelDenied.code);
    await db().execute(sql`delete from key_configs where user_id = ${userId}`);
    await server.app.publicApi.keys.announce({ kind: "user", userId });
  });
});

describe("the request log", () => {
  it("a tick made while a flush is under way also writes what was added after that flush took its batch", async () => {
    const [apiKey] = await db().select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, userId)).limit(1);
    const entry = (path: string): UmsEntry => ({
      id: randomUUID(),
      userId,
      apiKeyId: apiKey.id,
      method: "GET",
      route: "/api/public/v1/messages/:id",
      path,
      status: 200,
      latencyMs: 1,
      ip: "127.0.0.1",
      errorCode: null,
      errorMessage: null,
      errorDetails: null,
      idempotencyKey: null,
      userAgent: null,
      requestBody: null,
      requestTruncated: false,
      responseBody: null,
      messageCount: 0,
      createdAt: new Date().toISOString(),
    });
    const log = server.app.publicApi.log;
    log.add(entry("/tick-a"));
    const first = log.tick(); // takes /tick-a's batch at once
    log.add(entry("/tick-b"));
    await log.tick();
    await first;
    const rows = await db()
      .select({ path: umsRequests.path })
      .from(umsRequests)
      .where(like(umsRequests.path, "/tick-%"));
    expect(rows.map((r) => r.path).sort()).toEqual(["/tick-a", "/tick-b"]);
  });
});

describe("batches", () => {
  it("accepts up to 1,000 messages together, with one ledger row each", async () => {
    const before = await balanceOf(db(), userId);
    const numbers = Array.from({ length: 1000 }, (_, i) => `+9198${String(10_000_000 + i).padStart(8, "0")}`);
    const res = await batch(numbers.map((to) => smsTo(to)));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const data = res.json().data as { count: number; cost: number; messages: { id: string }[] };
    expect(data.count).toBe(1000);
    expect(data.cost).toBe((1000 * SMS_COST) / 100);
    expect(await balanceOf(db(), userId)).toBe(before - 1000 * SMS_COST);
    const ledger = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(balanceLedger)
      .where(
        and(
          eq(balanceLedger.userId, userId),
          eq(balanceLedger.kind, "api_message"),
          like(balanceLedger.note, "%+9198%"),
        ),
      );
    expect(ledger[0].n).toBe(1000);
    await until(
      () => messageRows(data.messages.map((m) => m.id)),
      (rows) => rows.every((r) => r.state !== "queued" && r.state !== "sending"),
      60_000,
    );
    expect((await batch(Array.from({ length: 1001 }, () => smsTo("9000000001")))).statusCode).toBe(400);
  });

  it("refuses the whole batch when one message is bad (naming it) or the balance does not cover it; nothing is stored", async () => {
    const before = await balanceOf(db(), userId);
    const bad = await batch([smsTo("9000000011"), smsTo("9000000012"), { ...smsTo("9000000013"), to: "abc" }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: "messages.2.to" })]);
    await setBalance(db(), userId, "0.50");
    const short = await batch([smsTo("9000000011"), smsTo("9000000012"), smsTo("9000000013")]);
    expect(short.statusCode).toBe(402);
    expect(await balanceOf(db(), userId)).toBe(50);
    expect(
      await db()
        .select()
        .from(apiMessages)
        .where(sql`${apiMessages.to} in ('+919000000011', '+919000000012', '+919000000013')`),
    ).toEqual([]);
    await setBalance(db(), userId, (before / 100).toFixed(2));
  });
});

describe("fallback", () => {
  it("RCS refused at submit (not RCS-capable) is refunded and falls back to SMS, which is delivered", async () => {
    const before = await balanceOf(db(), userId);
    // +91 90000 0002x: not RCS-capable (404 at submit).
    const res = await send({
      channel: "rcs",
      to: "9000000021",
      text: "Your parcel is out for delivery",
      fallback: [{ channel: "sms", templateId: sms.id, variables: ["Asha", "9"] }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    const done = await until(
      async () =>
        (await read(id)).json().data as {
          status: string;
          channel: string;
          history: { status: string; channel: string }[];
        },
      (m) => m.status === "delivered" && m.channel === "sms",
    );
    expect(done.history.map((h) => `${h.status}:${h.channel}`)).toEqual([
      "queued:rcs",
      "failed:rcs",
      "queued:sms",
      "sent:sms",
      "delivered:sms",
    ]);
    // RCS was paid at acceptance and refunded when refused; SMS paid when the fallback was claimed.
    expect(await balanceOf(db(), userId)).toBe(before - SMS_COST);
    const kinds = (
      await db()
        .select()
        .from(balanceLedger)
        .where(like(balanceLedger.note, `%${id}%`))
    )
      .map((r) => r.kind)
      .sort();
    expect(kinds).toEqual(["api_message", "api_message", "api_refund"]);
  });
});

describe("billed as the providers bill (contract/domain/charging.ts)", () => {
  it("an RCS message whose receipt says failed is not billed: its charge comes back through the ledger", async () => {
    const before = await balanceOf(db(), userId);
    // +91 90000 0004x: sent, then a failed receipt.
    const res = await send({ channel: "rcs", to: "9000000041", text: "Your parcel is out for delivery" });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    const [row] = await until(
      () => messageRows([id]),
      ([m]) => m.state === "failed" && m.costPaise === 0,
    );
    expect(row.costPaise).toBe(0);
    expect(await balanceOf(db(), userId)).toBe(before);
    const ledger = await db()
      .select()
      .from(balanceLedger)
      .where(like(balanceLedger.note, `%${id}%`));
    expect(ledger.map((r) => [r.kind, r.amount]).sort()).toEqual([
      ["api_message", "-0.15"],
      ["api_refund", "0.15"],
    ]);
    expect(ledger.find((r) => r.kind === "api_refund")?.note).toBe(`API message not delivered (${id})`);
  });

  it("at the settlement cut-off an RCS message never confirmed is given back, an SMS stays billed; a later delivery is not charged", async () => {
    const before = await balanceOf(db(), userId);
    // +91 90000 0007x: sent, then nothing.
    const rcs = (await send({ channel: "rcs", to: "9000000073", text: "Your parcel is out for delivery" })).json().data
      .id as string;
    const late = (await send({ channel: "rcs", to: "9000000075", text: "Your parcel is out for delivery" })).json().data
      .id as string;
    const sms = (await send(smsTo("9000000074"))).json().data.id as string;
    await until(
      () => messageRows([rcs, late, sms]),
      (rows) => rows.length === 3 && rows.every((m) => m.state === "sent"),
    );
    const window = SETTLEMENT_WINDOW_MS;
    // Before the cut-off nothing changes; after it, both are settled and only the RCS charge comes back.
    expect(await settleApiMessages(db(), { now: new Date(), windowMs: window, smsBilledOn: "submitted" })).toEqual({
      settled: 0,
      givenBack: 0,
    });
    expect(
      await settleApiMessages(db(), {
        now: new Date(Date.now() + window + 60_000),
        windowMs: window,
        smsBilledOn: "submitted",
      }),
    ).toMatchObject({ givenBack: 2 * DEFAULT_RATES.rcs_basic });
    // A row another transaction held at that moment is skipped (SKIP LOCKED) and settled by the next sweep, as the job
    // does every round: on PostgreSQL the SMS once was.
    const rows = await until(
      async () => {
        const now = await messageRows([rcs, late, sms]);
        if (!now.every((m) => m.settledAt))
          await settleApiMessages(db(), {
            now: new Date(Date.now() + window + 60_000),
            windowMs: window,
            smsBilledOn: "submitted",
          });
        return now;
      },
      (now) => now.every((m) => m.settledAt),
    );
    expect(Object.fromEntries(rows.map((m) => [m.id, m.costPaise]))).toEqual({ [rcs]: 0, [late]: 0, [sms]: SMS_COST });
    expect(await balanceOf(db(), userId)).toBe(before - SMS_COST);
    const refund = await db()
      .select()
      .from(balanceLedger)
      .where(and(like(balanceLedger.note, `%${rcs}%`), eq(balanceLedger.kind, "api_refund")));
    expect(refund.map((r) => r.note)).toEqual([`API message not delivered by the cut-off (${rcs})`]);
    // Settled once: a second sweep changes nothing of these three. (It may settle another test's message that reached
    // `sent` after the first sweep: on PostgreSQL one did, so the sweep's own counts are not this test's to assert.)
    await settleApiMessages(db(), {
      now: new Date(Date.now() + window + 60_000),
      windowMs: window,
      smsBilledOn: "submitted",
    });
    const again = await messageRows([rcs, late, sms]);
    expect(again.map((m) => [m.id, m.costPaise, m.settledAt?.toISOString()]).sort()).toEqual(
      rows.map((m) => [m.id, m.costPaise, m.settledAt?.toISOString()]).sort(),
    );
    const refundsNow = await db()
      .select()
      .from(balanceLedger)
      .where(and(like(balanceLedger.note, `%${rcs}%`), eq(balanceLedger.kind, "api_refund")));
    expect(refundsNow).toHaveLength(1);
    // A delivery receipt after the cut-off moves the state, never the money.
    const [row] = await messageRows([rcs]);
    server.carrier.inject({
      type: "receipt",
      messageId: `api:${rcs}:0`,
      providerMessageId: row.providerMessageId ?? "",
      status: "delivered",
      at: new Date(),
    });
    await until(
      () => messageRows([rcs]),
      ([m]) => m.state === "delivered",
    );
    expect((await messageRows([rcs]))[0].costPaise).toBe(0);
    // A failed receipt after the cut-off gives nothing back a second time.
    const [lateRow] = await messageRows([late]);
    server.carrier.inject({
      type: "receipt",
      messageId: `api:${late}:0`,
      providerMessageId: lateRow.providerMessageId ?? "",
      status: "failed",
      code: "500",
      reason: "late",
      at: new Date(),
    });
    await until(
      () => messageRows([late]),
      ([m]) => m.state === "failed",
    );
    expect((await messageRows([late]))[0].costPaise).toBe(0);
    expect(
      await db()
        .select()
        .from(balanceLedger)
        .where(and(like(balanceLedger.note, `%${late}%`), eq(balanceLedger.kind, "api_refund"))),
    ).toHaveLength(1);
    expect(await balanceOf(db(), userId)).toBe(before - SMS_COST);
  });

  it("an SMS whose receipt says failed stays billed: SMS is billed per part submitted", async () => {
    const before = await balanceOf(db(), userId);
    const res = await send(smsTo("9000000042"));
    const id = res.json().data.id as string;
    await until(
      () => messageRows([id]),
      ([m]) => m.state === "failed",
    );
    expect(await balanceOf(db(), userId)).toBe(before - SMS_COST);
  });
});

describe("consent from receipts", () => {
  // Meta's 131050, "Unable to deliver message. Reasons can include: The user has stopped marketing messages": an
  // opt-out of WhatsApp marketing in the consent ledger, from an API message's receipt as from a campaign's.
  it.each([
    ["131050", "9000000072", true],
    ["131026", "9000000073", false],
  ])(
    "a failed WhatsApp receipt with %s (to %s) opts the number out of WhatsApp marketing: %s",
    async (code, to, optsOut) => {
      const template = await whatsappTemplate(db(), userId, { category: "MARKETING" });
      await db().execute(sql`update whatsapp_templates set waba_id = 'waba-public-api' where id = ${template.id}`);
      // +91 90000 0007x: sent, then no receipt of its own; the failure is the provider's, injected.
      const res = await send({ channel: "whatsapp", to, templateId: template.id, variables: ["Asha"] });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.id as string;
      const [sent] = await until(
        () => messageRows([id]),
        ([m]) => m.state === "sent",
      );
      server.carrier.inject({
        type: "receipt",
        messageId: `api:${id}:0`,
        providerMessageId: sent.providerMessageId ?? "",
        status: "failed",
        code,
        reason: "Unable to deliver message",
        at: new Date(),
      });
      await until(
        () => messageRows([id]),
        ([m]) => m.state === "failed",
      );
      const events = await db()
        .select()
        .from(consentEvents)
        .where(and(eq(consentEvents.userId, userId), eq(consentEvents.number, `+91${to}`)));
      expect(events.map((e) => [e.channel, e.purpose, e.status, e.method, e.proof])).toEqual(
        optsOut
          ? [["whatsapp", "marketing", "opted_out", "provider", `WhatsApp error ${code}: Unable to deliver message`]]
          : [],
      );
    },
  );
});

describe("delivery semantics", () => {
  it("a send whose lease ended becomes unknown on a carrier without idempotency keys (never re-sent), queued on one with them", async () => {
    // +91 90000 0007x: sent, then no delivered or failed receipt, so the message stays "sent".
    const res = await send(smsTo("9000000071"));
    const id = res.json().data.id as string;
    await until(
      () => messageRows([id]),
      ([m]) => m.state !== "queued" && m.state !== "sending",
    );
    // As if a worker had died mid-send: the lease ended and recovery runs, in one transaction so the server's own
    // dispatcher (which recovers ended leases too) never sees the row in between.
    const diedMidSend = (idempotent: boolean) =>
      db().transaction(async (tx) => {
        await tx
          .update(apiMessages)
          .set({ state: "sending", leaseUntil: new Date(Date.now() - 1000) })
          .where(eq(apiMessages.id, id));
        await recoverStale(tx as unknown as Tx, idempotent, async () => undefined);
        const [row] = await tx.select({ state: apiMessages.state }).from(apiMessages).where(eq(apiMessages.id, id));
        return row.state;
      });
    expect(await diedMidSend(false)).toBe("unknown");
    expect(await diedMidSend(true)).toBe("queued");
    // Then either the dispatcher sends it again under the same id (the provider keeps one), or the first attempt's
    // late "sent" receipt settles it first; never a send under another id.
    const [settled] = await until(
      () => messageRows([id]),
      ([m]) => m.state !== "queued" && m.state !== "sending",
    );
    expect(settled.state).toBe("sent");
    const keys = [...server.carrier.sends.keys()].filter((k) => k.includes(id));
    expect(keys).toEqual([`api:${id}:0`]);
  });
});
