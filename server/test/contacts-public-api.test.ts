// Contacts and consent through the public API (issue 39, item 6): every call with an API key holding contacts:manage,
// tenancy (another account's contact is a 404), bad input writing nothing, the bulk upsert's per-row results and its
// idempotency (by content, and by Idempotency-Key), and the contact.updated / contact.opted_out webhook events,
// enqueued only for the account's own endpoints.
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_API_HEADERS, PUBLIC_ERRORS } from "../../contract/domain/api-keys";
import type { ContactOptedOutData, ContactUpdatedData, WebhookEnvelope } from "../../contract/domain/webhooks";
import { webhookConfigFromEnv } from "../config";
import type { Database } from "../db/client";
import { contacts } from "../db/schema";
import { rowsOf } from "../db/sql";
import { contactsOwnerOfAccount } from "../services/contacts/owner";
import { createEndpoint } from "../services/webhooks/endpoints";
import { dispatchServer, type DispatchServer } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { startReceiver, type Receiver } from "./webhook-receiver";

let database: Database;
let server: DispatchServer;
let receiver: Receiver;
let key: string;
let otherKey: string;
let owner: string;
let otherOwner: string;
/** Consent belongs to the key's own account (as in the console), contacts to the account that holds them. */
let keyAccount: string;
const ALL = ["messages:send", "reports:read", "templates:manage", "contacts:manage"];
type Json = Record<string, unknown>;

async function newKey(as: "user" | "globex", scopes = ALL): Promise<string> {
  const res = await server.app.inject({
    method: "POST",
    url: "/api/ums/v1/api-keys",
    headers: { authorization: `Bearer ${await server.token(as)}` },
    payload: { name: `Contacts ${as} ${scopes.length}`, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { key: string } }).data.key;
}

const call = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: Json,
  k = key,
  headers: Record<string, string> = {},
) => server.app.inject({ method, url: `/api/public/v1${url}`, payload, headers: { "x-api-key": k, ...headers } });

const contactRows = (userId: string) =>
  rowsOf<{ number: string; name: string; labels: string[]; source: string }>(
    database.db,
    sql`select number, name, labels, source from contacts where user_id = ${userId} order by number`,
  );
const deliveries = (userId: string, event: string) =>
  rowsOf<{ body: string }>(
    database.db,
    sql`select body from webhook_deliveries where user_id = ${userId} and event = ${event} order by created_at, id`,
  ).then((rows) => rows.map((r) => JSON.parse(r.body) as WebhookEnvelope));

beforeAll(async () => {
  database = await freshDatabase();
  server = await dispatchServer(database, {
    config: { webhooks: { ...webhookConfigFromEnv({}), allowPrivate: true } },
  });
  receiver = await startReceiver();
  key = await newKey("user");
  otherKey = await newKey("globex");
  owner = await contactsOwnerOfAccount(database.db, await server.id("user"));
  otherOwner = await contactsOwnerOfAccount(database.db, await server.id("globex"));
  keyAccount = await server.id("user");
  // The demo seed gives the manager contacts: these tests list and count their own.
  await database.db.delete(contacts).where(inArray(contacts.userId, [owner, otherOwner]));
  const policy = { allowPrivate: true, requireHttps: false };
  for (const who of new Set([owner, otherOwner, keyAccount]))
    await createEndpoint(
      database.db,
      who,
      { url: receiver.url, events: ["contact.updated", "contact.opted_out"] },
      policy,
    );
});
afterAll(async () => {
  await server?.close();
  await database?.close();
  await receiver?.close();
});

describe("the API key", () => {
  it.each([
    ["GET", "/contacts"],
    ["GET", "/contacts/by-number/919876543210"],
    ["POST", "/contacts/upsert"],
    ["GET", "/consent/919876543210"],
  ] as const)("%s %s needs the contacts:manage scope", async (method, url) => {
    const narrow = await newKey("user", ["messages:send"]);
    const res = await call(
      method,
      url,
      method === "POST" ? { contacts: [{ number: "9876543210" }] } : undefined,
      narrow,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: PUBLIC_ERRORS.scopeDenied.code });
    expect(await contactRows(owner)).toEqual([]);
  });

  it("is required", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/public/v1/contacts" });
    expect(res.statusCode).toBe(401);
  });
});

describe("one contact at a time", () => {
  it("creates, reads by id and number, lists, searches, updates and deletes; each change is a contact.updated event", async () => {
    const made = await call("POST", "/contacts", { number: "+91 98765 43210", name: "Asha Rao", labels: ["vip"] });
    expect(made.statusCode, made.body).toBe(201);
    const asha = made.json().data as { id: string; number: string; source: string };
    expect(asha).toMatchObject({ number: "+919876543210", source: "api" });

    expect((await call("GET", `/contacts/${asha.id}`)).json().data).toMatchObject({ name: "Asha Rao" });
    expect((await call("GET", "/contacts/by-number/919876543210")).json().data.id).toBe(asha.id);
    expect((await call("GET", "/contacts/by-number/%2B919876543210")).json().data.id).toBe(asha.id);
    for (const q of ["43210", "asha", "ASHA R"]) {
      const found = await call("GET", `/contacts?q=${encodeURIComponent(q)}`);
      expect(
        found.json().data.map((c: { id: string }) => c.id),
        q,
      ).toEqual([asha.id]);
    }
    expect((await call("GET", "/contacts?q=nobody")).json().data).toEqual([]);

    const patched = await call("PATCH", `/contacts/${asha.id}`, { name: "Asha R." });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ name: "Asha R.", labels: ["vip"] });

    const duplicate = await call("POST", "/contacts", { number: "9876543210" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe(PUBLIC_ERRORS.contactExists.code);

    const gone = await call("DELETE", `/contacts/${asha.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call("GET", `/contacts/${asha.id}`)).statusCode).toBe(404);
    expect((await call("DELETE", `/contacts/${asha.id}`)).statusCode).toBe(404);

    const events = (await deliveries(owner, "contact.updated")).map((e) => e.data as ContactUpdatedData);
    expect(
      events.filter((e) => e.contactId === asha.id).map((e) => [e.action, e.source, e.contact?.name ?? null]),
    ).toEqual([
      ["created", "api", "Asha Rao"],
      ["updated", "api", "Asha R."],
      ["deleted", "api", null],
    ]);
    expect(await deliveries(otherOwner, "contact.updated")).toEqual([]);
  });

  it("pages by cursor, last updated first", async () => {
    const numbers = ["9000000101", "9000000102", "9000000103"];
    for (const n of numbers) expect((await call("POST", "/contacts", { number: n })).statusCode).toBe(201);
    const first = (await call("GET", "/contacts?q=900000010&limit=2")).json();
    expect(first.data.map((c: { number: string }) => c.number)).toEqual(["+919000000103", "+919000000102"]);
    const second = (await call("GET", `/contacts?q=900000010&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.data.map((c: { number: string }) => c.number)).toEqual(["+919000000101"]);
    expect(second.nextCursor).toBeNull();
    expect((await call("GET", "/contacts?cursor=bad")).statusCode).toBe(400);
  });

  it("another account's contact is a 404 to every call, and theirs is untouched", async () => {
    const theirs = (await call("POST", "/contacts", { number: "9000000201", name: "Globex" }, otherKey)).json().data;
    for (const [method, url, body] of [
      ["GET", `/contacts/${theirs.id}`, undefined],
      ["GET", "/contacts/by-number/919000000201", undefined],
      ["PATCH", `/contacts/${theirs.id}`, { name: "Mine now" }],
      ["DELETE", `/contacts/${theirs.id}`, undefined],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe(PUBLIC_ERRORS.notFound.code);
    }
    expect((await call("GET", "/contacts?q=9000000201")).json().data).toEqual([]);
    expect((await contactRows(otherOwner)).map((r) => r.name)).toEqual(["Globex"]);
  });

  it.each([
    ["a number that is not one", { number: "12" }],
    ["an attribute the account does not define", { number: "9000000301", attributes: { shoe: "9" } }],
    ["an unknown field", { number: "9000000302", nickname: "x" }],
    ["a bad email", { number: "9000000303", email: "not-mail" }],
  ])("refuses %s with a 400 and writes nothing", async (_why, body) => {
    const before = await contactRows(owner);
    const res = await call("POST", "/contacts", body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe(PUBLIC_ERRORS.invalidRequest.code);
    expect(await contactRows(owner)).toEqual(before);
  });
});

describe("the bulk upsert", () => {
  const body = {
    contacts: [
      { number: "9100000001", name: "One", labels: ["b", "a"] },
      { number: "12", name: "Bad number" },
      { number: "9100000002", name: "Two", attributes: { nope: 1 } },
      { number: "+91 91000 00001", name: "One again" },
      { number: "9100000003" },
    ],
  };

  it("answers each row in order, writes the good ones, and is harmless to repeat", async () => {
    const res = await call("POST", "/contacts/upsert", body);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { results: { index: number; status: string; errors: { field: string }[] }[] };
    expect(data.results.map((r) => [r.index, r.status, r.errors.map((e) => e.field)])).toEqual([
      [0, "created", []],
      [1, "failed", ["contacts/1/number"]],
      [2, "failed", ["contacts/2/attributes.nope"]],
      [3, "failed", ["contacts/3/number"]],
      [4, "created", []],
    ]);
    expect(res.json().data.counts).toEqual({ created: 2, updated: 0, unchanged: 0, failed: 3 });
    const rows = (await contactRows(owner)).filter((r) => r.number.startsWith("+9191"));
    expect(rows).toEqual([
      { number: "+919100000001", name: "One", labels: ["b", "a"], source: "api" },
      { number: "+919100000003", name: "", labels: [], source: "api" },
    ]);
    const eventsBefore = (await deliveries(owner, "contact.updated")).length;

    const again = await call("POST", "/contacts/upsert", body);
    expect(again.json().data.counts).toEqual({ created: 0, updated: 0, unchanged: 2, failed: 3 });
    expect((await contactRows(owner)).filter((r) => r.number.startsWith("+9191"))).toEqual(rows);
    expect((await deliveries(owner, "contact.updated")).length).toBe(eventsBefore);

    const changed = await call("POST", "/contacts/upsert", { contacts: [{ number: "9100000003", name: "Three" }] });
    expect(changed.json().data.counts).toMatchObject({ updated: 1 });
    const last = (await deliveries(owner, "contact.updated")).at(-1)?.data as ContactUpdatedData;
    expect(last).toMatchObject({ action: "updated", source: "api", number: "+919100000003" });
    expect(last.contact?.name).toBe("Three");
  });

  it("replays its answer under the same Idempotency-Key and refuses the key with another body", async () => {
    const headers = { [PUBLIC_API_HEADERS.idempotencyKey]: "crm-sync-1" };
    const payload = { contacts: [{ number: "9100000010", name: "Ten" }] };
    const first = await call("POST", "/contacts/upsert", payload, key, headers);
    expect(first.json().data.counts.created).toBe(1);
    await call("PATCH", `/contacts/${first.json().data.results[0].id}`, { name: "Changed since" });
    const replay = await call("POST", "/contacts/upsert", payload, key, headers);
    expect(replay.headers[PUBLIC_API_HEADERS.replayed]).toBe("true");
    expect(replay.json()).toEqual(first.json());
    expect((await contactRows(owner)).find((r) => r.number === "+919100000010")?.name).toBe("Changed since");
    const other = await call("POST", "/contacts/upsert", { contacts: [{ number: "9100000011" }] }, key, headers);
    expect(other.statusCode).toBe(409);
    expect((await contactRows(owner)).some((r) => r.number === "+919100000011")).toBe(false);
  });

  it("refuses more than 1,000 rows whole", async () => {
    const contacts = Array.from({ length: 1001 }, (_, i) => ({ number: `92000${String(i).padStart(5, "0")}` }));
    const res = await call("POST", "/contacts/upsert", { contacts });
    expect(res.statusCode).toBe(400);
    expect((await contactRows(owner)).some((r) => r.number.startsWith("+9192000"))).toBe(false);
  });
});

describe("consent", () => {
  it("reads a number's state, records an opt-out (method api) and tells the account's endpoints", async () => {
    const before = (await call("GET", "/consent/919300000001")).json().data;
    expect(before.effective.find((e: { channel: string }) => e.channel === "whatsapp").marketing).toBe("allowed");
    const recorded = await call("POST", "/consent/919300000001", {
      channel: "whatsapp",
      purpose: "marketing",
      status: "opted_out",
      proof: "Unsubscribed in the app",
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json().data).toMatchObject({ method: "api", actor: null, status: "opted_out" });
    const after = (await call("GET", "/consent/+919300000001")).json().data;
    expect(after.effective.find((e: { channel: string }) => e.channel === "whatsapp")).toMatchObject({
      marketing: "optedOut",
      other: "allowed",
    });
    const optOuts = (await deliveries(keyAccount, "contact.opted_out")).map((e) => e.data as ContactOptedOutData);
    expect(optOuts).toContainEqual(
      expect.objectContaining({ number: "+919300000001", channel: "whatsapp", method: "api", purpose: "marketing" }),
    );
    expect(await deliveries(otherOwner, "contact.opted_out")).toEqual([]);
  });

  it.each([
    ["a bad number", "/consent/12", { channel: "sms", status: "opted_out" }],
    ["a method (always api)", "/consent/919300000002", { channel: "sms", status: "opted_out", method: "agent" }],
    ["a channel that does not exist", "/consent/919300000002", { channel: "fax", status: "opted_out" }],
  ])("refuses %s and records nothing", async (_why, url, payload) => {
    const res = await call("POST", url, payload);
    expect(res.statusCode).toBe(400);
    const [row] = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from consent_events where number like '+91930000000%' and number <> '+919300000001'`,
    );
    expect(row.n).toBe(0);
  });
});
