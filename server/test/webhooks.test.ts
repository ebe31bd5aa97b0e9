// Outbound webhooks against the real server and a real HTTP receiver: endpoints per account (create with the secret
// shown once, list, get, update, rotate, delete), tenancy, the signed test delivery, retries with the same delivery
// id, the 24-hour give-up on a fake clock, resend, the log's filters, and the SSRF guard when saving and at delivery.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_ENDPOINTS_MAX } from "../../contract/domain/webhooks";
import { webhookConfigFromEnv, type WebhookConfig } from "../config";
import { webhookDeliveries, webhookEndpoints } from "../db/schema";
import { PRIVATE_ADDRESS } from "../http/ssrf";
import { bodyMayBeShown, checkWebhookUrl, PRIVATE_BODY_HIDDEN, WEBHOOK_RULE } from "../services/webhooks/address-guard";
import { enqueueWebhookEvent } from "../services/webhooks/enqueue";
import { deleteEndpoint } from "../services/webhooks/endpoints";
import { startServer, type DemoName, type TestServer } from "./harness";
import { startReceiver, verifySignature, type Receiver } from "./webhook-receiver";

type Json = Record<string, unknown>;
interface Endpoint {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  secretHint: string;
  pending: number;
  failed: number;
  previousSecretUntil: string | null;
  lastDeliveryStatus: string | null;
}
interface Delivery {
  id: string;
  eventId: string;
  event: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  nextAttemptAt: string | null;
}

const EVENTS = ["message.status", "message.inbound", "campaign.status"];
const MINUTE = 60_000;

/**
 * A clock the test moves: the delivery job's due times and the 24-hour window follow it. Set a little ahead of the
 * real time before events are written, since their rows are due at the database's now().
 */
let clock = Date.now();
const config = (overrides: Partial<WebhookConfig> = {}): WebhookConfig => ({
  ...webhookConfigFromEnv({}),
  allowPrivate: true,
  ...overrides,
});

let server: TestServer;
let receiver: Receiver;
beforeAll(async () => {
  server = await startServer({ now: () => new Date(clock), webhooks: config() });
  receiver = await startReceiver();
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});
// Each test starts with no endpoint: an endpoint left by a failed test would receive the next test's events.
afterEach(async () => {
  const rows = await server.database.db.select().from(webhookEndpoints);
  for (const row of rows) await deleteEndpoint(server.database.db, row.userId, row.id);
  receiver.respond(() => 200);
});

const call = (as: DemoName, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: Json) =>
  server.call({ method, url, as, payload });
const tick = () => server.app.jobs.get("webhook-delivery")?.tick();

async function create(as: DemoName, payload: Json = {}): Promise<{ endpoint: Endpoint; secret: string }> {
  const res = await call(as, "POST", "/api/v1/webhooks", { url: receiver.url, events: EVENTS, ...payload });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { data: Endpoint; secret: string };
  return { endpoint: body.data, secret: body.secret };
}

async function deliveriesOf(as: DemoName, endpointId: string, query = ""): Promise<Delivery[]> {
  const res = await call(as, "GET", `/api/v1/webhooks/${endpointId}/deliveries?limit=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Delivery[] }).data;
}

async function until<T>(read: () => Promise<T> | T, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const rowCount = async () => (await server.database.db.select().from(webhookEndpoints)).length;

describe("webhook endpoints", () => {
  it("creates an endpoint with its secret shown once, lists and reads it without the secret, edits, rotates and deletes it", async () => {
    const { endpoint, secret } = await create("user", { description: "  Orders service  " });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint).toMatchObject({
      url: receiver.url,
      events: EVENTS,
      active: true,
      secretHint: `whsec_…${secret.slice(-4)}`,
      pending: 0,
      failed: 0,
      previousSecretUntil: null,
    });
    const listed = (await call("user", "GET", "/api/v1/webhooks")).json() as { data: Json[]; total: number };
    expect(listed.data.map((e) => e.id)).toContain(endpoint.id);
    expect(JSON.stringify(listed)).not.toContain(secret);
    const got = (await call("user", "GET", `/api/v1/webhooks/${endpoint.id}`)).json() as { data: Json };
    expect(got.data).toMatchObject({ id: endpoint.id, description: "Orders service" });
    expect(JSON.stringify(got)).not.toContain(secret);

    const edited = await call("user", "PUT", `/api/v1/webhooks/${endpoint.id}`, {
      events: ["campaign.status"],
      active: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ events: ["campaign.status"], active: false, url: receiver.url });

    const rotated = await call("user", "POST", `/api/v1/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(secret);
    expect(rotated.json().data.previousSecretUntil).not.toBeNull();
    const [row] = await server.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect({ secret: row.secret, previous: row.previousSecret }).toEqual({ secret: fresh, previous: secret });

    const deleted = await call("user", "DELETE", `/api/v1/webhooks/${endpoint.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call("user", "GET", `/api/v1/webhooks/${endpoint.id}`)).statusCode).toBe(404);
  });

  it.each([
    [{ events: EVENTS }, "url"],
    [{ url: "ftp://example.com/hook", events: EVENTS }, "url"],
    [{ url: "https://example.com/hook", events: [] }, "events"],
    [{ url: "https://example.com/hook", events: ["message.deleted"] }, "events"],
    [{ url: "https://example.com/hook", events: EVENTS, secret: "mine" }, "secret"],
    [{ url: "https://user:pw@example.com/hook", events: EVENTS }, "url"],
    [{ url: "not a url", events: EVENTS }, "url"],
  ])("refuses %j with a clear error on %s and stores nothing", async (payload, field) => {
    const before = await rowCount();
    const res = await call("user", "POST", "/api/v1/webhooks", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    expect(JSON.stringify(res.json())).toContain(field);
    expect(await rowCount()).toBe(before);
  });

  it("refuses an empty update and a bad one, changing nothing", async () => {
    const { endpoint } = await create("user");
    const empty = await call("user", "PUT", `/api/v1/webhooks/${endpoint.id}`, {});
    expect(empty.statusCode, empty.body).toBe(400);
    expect(
      (await call("user", "PUT", `/api/v1/webhooks/${endpoint.id}`, { url: "https://example.com/x", events: [] }))
        .statusCode,
    ).toBe(400);
    const [row] = await server.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect({ url: row.url, events: row.events }).toEqual({ url: receiver.url, events: EVENTS });
    await call("user", "DELETE", `/api/v1/webhooks/${endpoint.id}`);
  });

  it(`keeps an account at ${WEBHOOK_ENDPOINTS_MAX} endpoints`, async () => {
    const existing = (await call("reseller", "GET", "/api/v1/webhooks")).json().total as number;
    for (let i = existing; i < WEBHOOK_ENDPOINTS_MAX; i++) await create("reseller");
    const over = await call("reseller", "POST", "/api/v1/webhooks", { url: receiver.url, events: EVENTS });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain(`at most ${WEBHOOK_ENDPOINTS_MAX}`);
    expect((await call("reseller", "GET", "/api/v1/webhooks")).json().total).toBe(WEBHOOK_ENDPOINTS_MAX);
  });

  it("keeps each account to its own endpoints and deliveries, admins included", async () => {
    const { endpoint } = await create("user");
    const tested = (await call("user", "POST", `/api/v1/webhooks/${endpoint.id}/test`)).json() as { data: Delivery };
    const before = await server.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    for (const other of ["globex", "admin"] as const) {
      const listed = (await call(other, "GET", "/api/v1/webhooks?limit=100")).json() as { data: { id: string }[] };
      expect(listed.data.map((e) => e.id)).not.toContain(endpoint.id);
      expect((await call(other, "GET", `/api/v1/webhooks/${endpoint.id}`)).statusCode).toBe(404);
      expect((await call(other, "PUT", `/api/v1/webhooks/${endpoint.id}`, { active: false })).statusCode).toBe(404);
      expect((await call(other, "POST", `/api/v1/webhooks/${endpoint.id}/rotate-secret`)).statusCode).toBe(404);
      expect((await call(other, "POST", `/api/v1/webhooks/${endpoint.id}/test`)).statusCode).toBe(404);
      expect((await call(other, "GET", `/api/v1/webhooks/${endpoint.id}/deliveries`)).statusCode).toBe(404);
      expect((await call(other, "GET", `/api/v1/webhook-deliveries/${tested.data.id}`)).statusCode).toBe(404);
      expect((await call(other, "POST", `/api/v1/webhook-deliveries/${tested.data.id}/resend`)).statusCode).toBe(404);
      expect((await call(other, "DELETE", `/api/v1/webhooks/${endpoint.id}`)).statusCode).toBe(404);
    }
    expect(
      await server.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)),
    ).toEqual(before);
    expect((await call("user", "GET", `/api/v1/webhooks/not-a-uuid`)).statusCode).toBe(404);
    await call("user", "DELETE", `/api/v1/webhooks/${endpoint.id}`);
  });
});

describe("deliveries", () => {
  it("sends a signed test delivery that a real receiver verifies, and logs it", async () => {
    const { endpoint, secret } = await create("user");
    const before = receiver.received.length;
    const res = await call("user", "POST", `/api/v1/webhooks/${endpoint.id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    const delivery = res.json().data as Delivery;
    expect(delivery).toMatchObject({
      event: "webhook.test",
      status: "succeeded",
      attempts: 1,
      responseStatus: 200,
      error: null,
    });
    expect(res.json().message).toBe("Test delivery succeeded (HTTP 200)");
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const { headers, body } = got[0];
    expect(headers["x-webhook-id"]).toBe(delivery.id);
    expect(headers["x-webhook-event"]).toBe("webhook.test");
    expect(headers["content-type"]).toBe("application/json");
    expect(verifySignature(secret, headers, body, 300, Math.floor(clock / 1000))).toBe(true);
    expect(verifySignature("whsec_wrong", headers, body, 300, Math.floor(clock / 1000))).toBe(false);
    expect(verifySignature(secret, headers, `${body} `, 300, Math.floor(clock / 1000))).toBe(false);
    expect(JSON.parse(body)).toMatchObject({
      id: delivery.eventId,
      type: "webhook.test",
      data: { endpointId: endpoint.id },
    });
    // The receiver answered "ok" from 127.0.0.1: allowed by the operator, but a private answer is never shown.
    const detail = (await call("user", "GET", `/api/v1/webhook-deliveries/${delivery.id}`)).json().data as {
      body: string;
      responseBody: string;
    };
    expect(detail).toMatchObject({ body, responseBody: PRIVATE_BODY_HIDDEN });
    await call("user", "DELETE", `/api/v1/webhooks/${endpoint.id}`);
  });

  it("retries after a 500 with the same delivery id and a fresh signature, then succeeds; resend sends it once more", async () => {
    const { endpoint, secret } = await create("user", { events: ["campaign.status"] });
    const before = receiver.received.length;
    receiver.respond((n) => (n === before ? 500 : 200));
    clock = Date.now() + 2000;
    const userId = await server.id("user");
    const written = await enqueueWebhookEvent(server.database.db, userId, "campaign.status", {
      campaignId: "00000000-0000-4000-8000-000000000001",
      name: "Diwali offers",
      channel: "sms",
      status: "running",
      previousStatus: "scheduled",
      reason: null,
      at: new Date(clock).toISOString(),
    });
    expect(written).toBe(1);
    await until(
      () => receiver.received.length,
      (n) => n > before,
    );
    const [failed] = await until(
      () => deliveriesOf("user", endpoint.id),
      (ds) => ds[0]?.attempts === 1,
    );
    expect(failed).toMatchObject({
      event: "campaign.status",
      status: "pending",
      responseStatus: 500,
      error: "HTTP 500",
    });
    expect(new Date(failed.nextAttemptAt ?? 0).getTime()).toBeGreaterThan(clock);

    clock += 10 * MINUTE;
    await tick();
    const [done] = await until(
      () => deliveriesOf("user", endpoint.id),
      (ds) => ds[0]?.status === "succeeded",
    );
    expect(done).toMatchObject({ id: failed.id, attempts: 2, responseStatus: 200, error: null, nextAttemptAt: null });
    const attempts = receiver.received.slice(before);
    expect(attempts.map((a) => a.headers["x-webhook-id"])).toEqual([failed.id, failed.id]);
    expect(attempts[0].body).toBe(attempts[1].body);
    expect(attempts[1].headers["x-webhook-timestamp"]).not.toBe(attempts[0].headers["x-webhook-timestamp"]);
    expect(
      attempts.every((a) => verifySignature(secret, a.headers, a.body, 300, Number(a.headers["x-webhook-timestamp"]))),
    ).toBe(true);
    expect(JSON.parse(attempts[0].body)).toMatchObject({
      type: "campaign.status",
      data: { name: "Diwali offers", status: "running", previousStatus: "scheduled" },
    });

    const resent = await call("user", "POST", `/api/v1/webhook-deliveries/${failed.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data).toMatchObject({ id: failed.id, status: "succeeded", attempts: 3 });
    expect(receiver.received.at(-1)?.headers["x-webhook-id"]).toBe(failed.id);
    receiver.respond(() => 200);
    await call("user", "DELETE", `/api/v1/webhooks/${endpoint.id}`);
  });

  it("gives up after 24 hours of failures, filters the log by status and event, and a resend starts a new window", async () => {
    const { endpoint } = await create("user", { events: ["campaign.status"] });
    receiver.respond(() => 503);
    clock = Date.now() + 2000;
    const userId = await server.id("user");
    await enqueueWebhookEvent(server.database.db, userId, "campaign.status", {
      campaignId: "00000000-0000-4000-8000-000000000002",
      name: "Stuck",
      channel: "whatsapp",
      status: "paused",
      previousStatus: "running",
      reason: "Paused by the owner",
      at: new Date(clock).toISOString(),
    });
    const [first] = await until(
      () => deliveriesOf("user", endpoint.id),
      (ds) => ds[0]?.attempts === 1,
    );
    expect(first.status).toBe("pending");
    // A day and a minute later the next attempt fails too, and there is no time left to retry.
    clock += 24 * 60 * MINUTE + MINUTE;
    await tick();
    const [gaveUp] = await until(
      () => deliveriesOf("user", endpoint.id),
      (ds) => ds[0]?.status === "failed",
    );
    expect(gaveUp).toMatchObject({ id: first.id, attempts: 2, responseStatus: 503, nextAttemptAt: null });
    expect(gaveUp.error).toContain("gave up after retrying for 24 h");
    expect((await deliveriesOf("user", endpoint.id, "&status=failed")).map((d) => d.id)).toEqual([first.id]);
    expect(await deliveriesOf("user", endpoint.id, "&status=succeeded")).toEqual([]);
    expect(await deliveriesOf("user", endpoint.id, "&event=message.status")).toEqual([]);
    expect((await call("user", "GET", `/api/v1/webhooks/${endpoint.id}/deliveries?status=lost`)).statusCode).toBe(400);
    expect((await call("user", "GET", `/api/v1/webhooks/${endpoint.id}`)).json().data).toMatchObject({
      failed: 1,
      pending: 0,
      lastDeliveryStatus: "failed",
    });

    // Resent while still failing: pending again, with 24 hours ahead of it.
    const resent = await call("user", "POST", `/api/v1/webhook-deliveries/${first.id}/resend`);
    expect(resent.json().data).toMatchObject({ status: "pending", attempts: 3 });
    expect(resent.json().message).toContain("will be retried");
    receiver.respond(() => 200);
    await call("user", "DELETE", `/api/v1/webhooks/${endpoint.id}`);
    expect(
      await server.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)),
    ).toEqual([]);
  });

  it("writes nothing for accounts without an endpoint, and only the subscribed events for the others", async () => {
    const before = (await server.database.db.select().from(webhookDeliveries)).length;
    const data = {
      campaignId: "00000000-0000-4000-8000-000000000003",
      name: "x",
      channel: "rcs",
      status: "completed",
      previousStatus: "running",
      reason: null,
      at: new Date().toISOString(),
    } as const;
    expect(await enqueueWebhookEvent(server.database.db, await server.id("depthead"), "campaign.status", data)).toBe(0);
    const { endpoint } = await create("globex", { events: ["message.inbound"], active: true });
    expect(await enqueueWebhookEvent(server.database.db, await server.id("globex"), "campaign.status", data)).toBe(0);
    await call("globex", "PUT", `/api/v1/webhooks/${endpoint.id}`, { events: ["campaign.status"], active: false });
    expect(await enqueueWebhookEvent(server.database.db, await server.id("globex"), "campaign.status", data)).toBe(0);
    await call("globex", "PUT", `/api/v1/webhooks/${endpoint.id}`, { active: true });
    expect(await enqueueWebhookEvent(server.database.db, await server.id("globex"), "campaign.status", data)).toBe(1);
    expect((await server.database.db.select().from(webhookDeliveries)).length).toBe(before + 1);
    await call("globex", "DELETE", `/api/v1/webhooks/${endpoint.id}`);
  });
});

describe("the SSRF guard", () => {
  // The default settings, as a server started without WEBHOOK_ALLOW_PRIVATE has them in any environment.
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await startServer({ webhooks: webhookConfigFromEnv({}) });
  });
  afterAll(async () => guarded?.close());

  it("refuses private targets unless the operator opts in, outside production too", () => {
    for (const NODE_ENV of [undefined, "development", "test", "production"])
      expect(webhookConfigFromEnv({ NODE_ENV }).allowPrivate, NODE_ENV).toBe(false);
    expect(webhookConfigFromEnv({ WEBHOOK_ALLOW_PRIVATE: "true" }).allowPrivate).toBe(true);
  });

  it.each([
    "http://127.0.0.1:8080/x",
    "http://169.254.169.254/latest/",
    "https://127.0.0.1:8080/hook",
    "https://10.1.2.3/hook",
    "https://169.254.169.254/latest/meta-data",
    "https://[::1]:8080/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://0.0.0.0/hook",
    "https://192.168.1.10/hook",
    "https://100.64.0.1/hook",
    "https://2130706433/hook",
    "https://[fd00::1]/hook",
    "https://localhost:8080/hook",
    "http://[2002:7f00:1::]/x",
    "http://[64:ff9b::a9fe:a9fe]/x",
  ])("refuses %s by default, with the guard workflow HTTP steps use", async (url) => {
    const res = await guarded.call({
      method: "POST",
      url: "/api/v1/webhooks",
      as: "user",
      payload: { url, events: EVENTS },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^${PRIVATE_ADDRESS}; ${WEBHOOK_RULE} \\(`));
    expect(await guarded.database.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it("refuses plain http when https is required", async () => {
    expect(await checkWebhookUrl("http://example.com/hook", { allowPrivate: false, requireHttps: true })).toBe(
      "The webhook URL must use https",
    );
    expect(await checkWebhookUrl("https://203.0.114.1/hook", { allowPrivate: false, requireHttps: true })).toBeNull();
  });

  it("checks the address again when it delivers: a name or address that is private now is refused, nothing is sent and no body is logged", async () => {
    const local = await startReceiver();
    try {
      const userId = await guarded.id("user");
      // Saved while allowed (or while the name still resolved elsewhere): written directly, as an older row would be.
      for (const url of [`http://localhost:${local.port}/hooks`, `http://127.0.0.1:${local.port}/hooks`]) {
        const [row] = await guarded.database.db
          .insert(webhookEndpoints)
          .values({ userId, url, events: ["campaign.status"], secret: "whsec_test" })
          .returning();
        const res = await guarded.call({ method: "POST", url: `/api/v1/webhooks/${row.id}/test`, as: "user" });
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({ status: "pending", attempts: 1, responseStatus: null });
        expect(res.json().data.error).toContain(PRIVATE_ADDRESS);
        const detail = (
          await guarded.call({ method: "GET", url: `/api/v1/webhook-deliveries/${res.json().data.id}`, as: "user" })
        ).json().data as { responseBody: string | null };
        expect(detail.responseBody).toBeNull();
      }
      expect(local.received).toEqual([]);
    } finally {
      await local.close();
    }
  });

  it.each([
    ["127.0.0.1", false],
    ["::1", false],
    ["10.0.0.7", false],
    ["169.254.169.254", false],
    ["::ffff:192.168.0.1", false],
    [undefined, false],
    ["8.8.8.8", true],
    ["2606:4700:4700::1111", true],
  ])("an answer from %s has its body kept in the log: %s", (address, kept) => {
    expect(bodyMayBeShown(address)).toBe(kept);
  });
});
