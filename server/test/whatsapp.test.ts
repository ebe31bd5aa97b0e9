import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES, type Role } from "../../contract/roles";
import { formatDay, shiftDay } from "../../contract/domain/whatsapp-analytics";
import { sandboxWabaFor } from "../carriers/sandbox/whatsapp";
import { randomUUID } from "node:crypto";
import { wabaPhoneNumbers, wabas, wabaSolutions } from "../db/schema";
import { rowsOf } from "../db/sql";
import { receiveInbound } from "../services/chats/inbound";
import { insertCampaign, insertRecipients } from "./campaign-read-fixtures";
import { startServer, type DemoName, type TestServer } from "./harness";

const ONBOARD = "/api/waba/onboarding/facebook";
const PROFILE = "/api/waba/whatsapp_business_profile";
const DEMO_OF: Record<Role, DemoName> = {
  admin: "admin",
  reseller: "reseller",
  manager: "manager",
  user: "user",
  department_head: "depthead",
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const db = () => server.database.db;
const rowCounts = async () => ({
  wabas: (await db().select({ n: count() }).from(wabas))[0].n,
  phones: (await db().select({ n: count() }).from(wabaPhoneNumbers))[0].n,
  profiles: (await db().select({ p: wabaPhoneNumbers.businessProfile }).from(wabaPhoneNumbers))
    .map((r) => JSON.stringify(r.p))
    .sort(),
  solutions: (await db().select().from(wabaSolutions)).map((r) => `${r.solutionId}:${r.selected}`).sort(),
});

async function connect(name: DemoName) {
  const res = await server.call({ method: "POST", url: ONBOARD, as: name, payload: {} });
  return res.json().data as { waba_id: string; phone_numbers: { id: string; display_phone_number: string }[] };
}

describe("every WhatsApp call times every role", () => {
  const calls: [string, string, readonly Role[]][] = [
    ["GET", "/api/waba/active-wabas", ["manager", "user"]],
    ["POST", ONBOARD, ["manager", "user"]],
    ["GET", "/api/waba/phone_numbers", ["manager", "user", "department_head"]],
    ["GET", "/api/waba/analytics", ["manager", "user", "department_head"]],
    ["GET", PROFILE, ["admin", "manager", "user"]],
    ["POST", PROFILE, ["admin", "manager", "user"]],
    ["GET", "/api/waba/admin/get-waba-solution-selection", ["admin", "reseller", "manager"]],
    ["POST", "/api/waba/admin/update-waba-solution-provider", ["admin"]],
  ];
  it.each(
    calls.flatMap(([method, url, allowed]) =>
      ROLES.map((role) => [method, url, role, allowed.includes(role)] as const),
    ),
  )("%s %s as %s admitted: %s", async (method, url, role, admitted) => {
    // A body the schema refuses: admitted roles get past the guard to a 400 that writes nothing, the others stop at
    // 403.
    const res = await server.call({
      method: method as "GET" | "POST",
      url,
      as: DEMO_OF[role],
      ...(method === "POST" ? { payload: { not_a_field: 1 } } : {}),
    });
    if (admitted) expect(res.statusCode, res.body).not.toBe(403);
    else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: expect.any(String) });
    }
  });
});

describe("onboarding", () => {
  it("connects the sandbox WABA the seed decides, once per account", async () => {
    const globex = await server.id("globex");
    const expected = sandboxWabaFor("sandbox", globex);
    const first = await server.call({
      method: "POST",
      url: ONBOARD,
      as: "globex",
      payload: { code: "embedded-signup-code" },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      waba_id: expected.wabaId,
      name: expected.name,
      provider: "sandbox",
      // Stored numbers list by id (a WABA's numbers have no order of their own).
      phone_numbers: [...expected.phoneNumbers]
        .sort((x, y) => x.id.localeCompare(y.id))
        .map((p) => ({
          id: p.id,
          display_phone_number: p.displayPhoneNumber,
          verified_name: p.verifiedName,
          quality_rating: p.qualityRating,
          account_mode: "SANDBOX",
        })),
    });
    expect(expected.phoneNumbers.length).toBeGreaterThanOrEqual(1);
    expect(expected.phoneNumbers.length).toBeLessThanOrEqual(2);
    const before = await rowCounts();
    const again = await server.call({ method: "POST", url: ONBOARD, as: "globex", payload: {} });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await rowCounts()).toEqual(before);
    const listed = await server.call({ method: "GET", url: "/api/waba/active-wabas", as: "globex" });
    expect(listed.json().data).toEqual([first.json().data]);
  });

  it.each([
    [{ code: 5 }, "code"],
    [{ code: "" }, "code"],
    [{ extra: true }, "extra"],
  ])("refuses %j with a field message and writes nothing", async (payload, field) => {
    const before = await rowCounts();
    const res = await server.call({ method: "POST", url: ONBOARD, as: "user", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: [expect.objectContaining({ field })] });
    expect(await rowCounts()).toEqual(before);
    expect((await server.call({ method: "GET", url: "/api/waba/active-wabas", as: "user" })).json().data).toEqual([]);
  });

  it("refuses a WABA another account holds, writing nothing", async () => {
    const taken = sandboxWabaFor("sandbox", await server.id("priya"));
    await db()
      .insert(wabas)
      .values({ userId: await server.id("rahul"), wabaId: taken.wabaId, name: "Held elsewhere" });
    const before = await rowCounts();
    const res = await server.call({ method: "POST", url: ONBOARD, as: "priya", payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: "This WhatsApp Business Account is connected to another account",
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("shows each account only its own WABAs", async () => {
    await connect("manager");
    const user = await server.call({ method: "GET", url: "/api/waba/active-wabas", as: "user" });
    expect(user.json()).toEqual({ success: true, data: [] });
    const manager = await server.call({ method: "GET", url: "/api/waba/active-wabas", as: "manager" });
    expect(manager.json().data.map((w: { waba_id: string }) => w.waba_id)).toEqual([
      sandboxWabaFor("sandbox", await server.id("manager")).wabaId,
    ]);
  });
});

describe("phone numbers", () => {
  it("answers only the fields asked for, always with the id", async () => {
    const waba = await connect("manager");
    const res = await server.call({
      method: "GET",
      url: "/api/waba/phone_numbers?fields=display_phone_number,quality_rating",
      as: "manager",
    });
    expect(res.statusCode).toBe(200);
    for (const row of res.json().data)
      expect(Object.keys(row).sort()).toEqual(["display_phone_number", "id", "quality_rating"]);
    expect(res.json().data.map((r: { id: string }) => r.id)).toEqual(waba.phone_numbers.map((p) => p.id));
    const all = await server.call({ method: "GET", url: "/api/waba/phone_numbers", as: "manager" });
    expect(all.json().data[0]).toMatchObject({ waba_id: waba.waba_id, account_mode: "SANDBOX" });
  });

  it("filters by account mode and refuses unknown fields or modes", async () => {
    await connect("manager");
    expect(
      (await server.call({ method: "GET", url: "/api/waba/phone_numbers?mode=LIVE", as: "manager" })).json().data,
    ).toEqual([]);
    const bad = await server.call({
      method: "GET",
      url: "/api/waba/phone_numbers?fields=id,secret_token",
      as: "manager",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      errors: [{ field: "fields", message: expect.stringContaining("secret_token") }],
    });
    expect(
      (await server.call({ method: "GET", url: "/api/waba/phone_numbers?mode=TEST", as: "manager" })).statusCode,
    ).toBe(400);
  });

  it("answers SPEC's message when the numbers cannot be read", async () => {
    await db().execute(sql`alter table waba_phone_numbers rename to waba_phone_numbers_away`);
    try {
      const res = await server.call({ method: "GET", url: "/api/waba/phone_numbers", as: "manager" });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: "Failed to fetch phone numbers" });
    } finally {
      await db().execute(sql`alter table waba_phone_numbers_away rename to waba_phone_numbers`);
    }
  });

  it("gives an account without a WABA an empty list", async () => {
    expect((await server.call({ method: "GET", url: "/api/waba/phone_numbers", as: "depthead" })).json()).toEqual({
      success: true,
      data: [],
    });
  });
});

describe("business profile", () => {
  it("reads the defaults, saves a change and keeps fields left out", async () => {
    const [phone] = (await connect("manager")).phone_numbers;
    const empty = await server.call({ method: "GET", url: PROFILE, as: "manager" });
    expect(empty.json().data).toEqual({
      phone_number_id: phone.id,
      display_phone_number: phone.display_phone_number,
      about: "",
      address: "",
      description: "",
      email: "",
      websites: [],
      vertical: "UNDEFINED",
      profile_picture_handle: "",
      profile_picture_url: "",
    });
    const saved = await server.call({
      method: "POST",
      url: PROFILE,
      as: "manager",
      payload: {
        about: "a".repeat(139),
        description: "d".repeat(512),
        email: "hello@acme.example",
        websites: ["https://acme.example", "http://shop.acme.example/in"],
        vertical: "RETAIL",
        profile_picture_handle: "https://cdn.acme.example/logo.png",
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      success: true,
      message: "Business profile saved",
      data: { vertical: "RETAIL", profile_picture_url: "https://cdn.acme.example/logo.png" },
    });
    await server.call({
      method: "POST",
      url: PROFILE,
      as: "manager",
      payload: { address: "12 MG Road, Bengaluru", phone_number_id: phone.id },
    });
    const read = await server.call({ method: "GET", url: `${PROFILE}?phone_number_id=${phone.id}`, as: "manager" });
    expect(read.json().data).toMatchObject({
      about: "a".repeat(139),
      address: "12 MG Road, Bengaluru",
      email: "hello@acme.example",
      websites: ["https://acme.example", "http://shop.acme.example/in"],
    });
  });

  it.each([
    [{ about: "a".repeat(140) }, "about"],
    [{ description: "d".repeat(513) }, "description"],
    [{ websites: ["https://a.example", "https://b.example", "https://c.example"] }, "websites"],
    [{ websites: ["ftp://a.example"] }, "websites.0"],
    [{ email: "not-an-email" }, "email"],
    [{ vertical: "CASINO" }, "vertical"],
    [{ phone_number_id: "abc" }, "phone_number_id"],
    [{ role: "admin" }, "role"],
  ])("refuses %j with a message on %s and changes nothing", async (payload, field) => {
    await connect("manager");
    const before = await rowCounts();
    const res = await server.call({ method: "POST", url: PROFILE, as: "manager", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: expect.stringContaining(field),
      errors: [expect.objectContaining({ field })],
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("answers 404 for another account's number and lets an admin name any", async () => {
    const [phone] = (await connect("manager")).phone_numbers;
    const before = await rowCounts();
    const other = await server.call({
      method: "POST",
      url: PROFILE,
      as: "user",
      payload: { phone_number_id: phone.id, about: "hijacked" },
    });
    expect(other.statusCode).toBe(404);
    expect(
      (await server.call({ method: "GET", url: `${PROFILE}?phone_number_id=${phone.id}`, as: "globex" })).statusCode,
    ).toBe(404);
    expect(await rowCounts()).toEqual(before);
    expect((await server.call({ method: "GET", url: PROFILE, as: "user" })).statusCode).toBe(404);
    const adminWithout = await server.call({ method: "GET", url: PROFILE, as: "admin" });
    expect(adminWithout.json()).toMatchObject({
      success: false,
      errors: [{ field: "phone_number_id", message: "is required" }],
    });
    const admin = await server.call({ method: "GET", url: `${PROFILE}?phone_number_id=${phone.id}`, as: "admin" });
    expect(admin.json().data.phone_number_id).toBe(phone.id);
  });
});

describe("analytics", () => {
  it("counts what the product sent per day per number (campaigns, inbox, API), sent ≥ delivered ≥ read", async () => {
    const waba = await connect("globex");
    const globex = await server.id("globex");
    const [a, b] = [waba.phone_numbers[0].id, "not-a-number-of-ours"];
    const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, "0")}:30:00.000Z`);
    // A campaign over `a` (a recipient replied after a read; one failed, one never sent) and one over `b`.
    const overA = await insertCampaign(db(), { userId: globex, channel: "whatsapp", sender: a, status: "completed" });
    const overB = await insertCampaign(db(), { userId: globex, channel: "whatsapp", sender: b, status: "completed" });
    const day2 = at("2026-03-02", 10);
    await insertRecipients(db(), overA, globex, [
      { number: "+919800000001", state: "sent", sentAt: day2 },
      { number: "+919800000002", state: "delivered", sentAt: day2, deliveredAt: day2 },
      { number: "+919800000003", state: "replied", sentAt: day2, deliveredAt: day2, readAt: day2 },
      { number: "+919800000004", state: "failed", sentAt: day2, failedAt: day2 },
      { number: "+919800000005", state: "queued" },
      // Outside the range.
      {
        number: "+919800000006",
        state: "read",
        sentAt: at("2026-03-05", 0),
        deliveredAt: at("2026-03-05", 0),
        readAt: at("2026-03-05", 0),
      },
    ]);
    await insertRecipients(db(), overB, globex, [{ number: "+919800000001", state: "read", sentAt: day2 }]);
    // The inbox: two read answers on day 4 from `a`, a pending one, and a customer's message (not sent by us).
    const [conversation] = await rowsOf<{ id: string }>(
      db(),
      sql`
      insert into conversations (user_id, channel, customer_number, business_address) values (${globex}, 'whatsapp', '+919800000007', ${a}) returning id`,
    );
    for (const [direction, status] of [
      ["out", "read"],
      ["out", "read"],
      ["out", "pending"],
      ["in", null],
    ] as const) {
      await db().execute(sql`insert into chat_messages (conversation_id, user_id, direction, status, created_at)
        values (${conversation?.id}, ${globex}, ${direction}, ${status}, ${at("2026-03-04", 23)})`);
    }
    // The public API: one delivered on day 2 over `a`, one over SMS.
    const [key] = await rowsOf<{ id: string }>(
      db(),
      sql`
      insert into api_keys (user_id, name, public_id, secret_hash, scopes) values (${globex}, 'k', 'pub-analytics', 'x', '{}') returning id`,
    );
    for (const [channel, sender] of [
      ["whatsapp", a],
      ["sms", "ACMEIN"],
    ] as const) {
      await db()
        .execute(sql`insert into api_messages (id, user_id, api_key_id, request_id, to_number, steps, channel, sender, state, created_at)
        values (${randomUUID()}, ${globex}, ${key?.id}, ${randomUUID()}, '+919800000008', '[]'::jsonb, ${channel}, ${sender}, 'delivered', ${day2})`);
    }
    const res = await server.call({
      method: "GET",
      url: `/api/waba/analytics?phone_numbers=${a}&start=2026-03-01&end=2026-03-04&granularity=DAY`,
      as: "globex",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      granularity: "DAY",
      start: "2026-03-01",
      end: "2026-03-04",
      metric_types: ["SENT", "DELIVERED", "READ"],
      phone_numbers: [
        {
          phone_number_id: a,
          display_phone_number: waba.phone_numbers[0].display_phone_number,
          data_points: [
            { date: "2026-03-01", sent: 0, delivered: 0, read: 0 },
            { date: "2026-03-02", sent: 4, delivered: 3, read: 1 },
            { date: "2026-03-03", sent: 0, delivered: 0, read: 0 },
            { date: "2026-03-04", sent: 2, delivered: 2, read: 2 },
          ],
        },
      ],
    });
    const onlyRead = await server.call({
      method: "GET",
      url: `/api/waba/analytics?phone_numbers=${a}&start=2026-03-04&end=2026-03-04&metric_types=read`,
      as: "globex",
    });
    expect(onlyRead.json().data.phone_numbers[0].data_points).toEqual([{ date: "2026-03-04", read: 2 }]);
  });

  it("shows zeros for a number just connected, then what is sent over it", async () => {
    // Globex's numbers: the seed's campaigns went out over Acme's manager's number, none over these.
    const waba = await connect("globex");
    const total = async () => {
      const res = await server.call({ method: "GET", url: "/api/waba/analytics", as: "globex" });
      const data = res.json().data as {
        start: string;
        end: string;
        phone_numbers: { phone_number_id: string; data_points: { sent: number }[] }[];
      };
      expect(data.end).toBe(formatDay(new Date()));
      expect(data.start).toBe(shiftDay(data.end, 29));
      expect(data.phone_numbers.map((p) => p.phone_number_id)).toEqual(waba.phone_numbers.map((p) => p.id));
      return data.phone_numbers.map((p) => p.data_points.reduce((sum, d) => sum + d.sent, 0));
    };
    // Nothing invented: nothing was sent over them yet (the first test's rows are in March, out of the range).
    expect(await total()).toEqual(waba.phone_numbers.map(() => 0));
    // A customer writes to the first number and the inbox answers: one message sent over it, once the provider has it.
    const phone = waba.phone_numbers[0]?.id ?? "";
    const [received] = await receiveInbound(db(), [
      { type: "inbound", channel: "whatsapp", from: "+919800000009", to: phone, text: "hi", at: new Date() },
    ]);
    const sent = await server.call({
      method: "POST",
      url: `/api/v1/chats/${received?.conversation.id}/messages`,
      as: "globex",
      payload: { clientId: "analytics-1", messageType: "text", text: "Hello" },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const deadline = Date.now() + 15_000;
    let totals = await total();
    while (totals[0] === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      totals = await total();
    }
    expect(totals).toEqual(waba.phone_numbers.map((_, i) => (i === 0 ? 1 : 0)));
  });

  it.each([
    ["start=2026-02-30&end=2026-03-01", "start"],
    ["start=2026-03-05&end=2026-03-01", "end"],
    ["start=2024-01-01&end=2026-03-01", "start"],
    ["metric_types=SENT,CLICKED", "metric_types"],
    ["granularity=MONTH", "granularity"],
    ["start=yesterday", "start"],
  ])("refuses %s with a message on %s", async (query, field) => {
    const res = await server.call({ method: "GET", url: `/api/waba/analytics?${query}`, as: "manager" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: [expect.objectContaining({ field })] });
  });

  it("answers 404 for another account's number", async () => {
    const [phone] = (await connect("manager")).phone_numbers;
    const res = await server.call({ method: "GET", url: `/api/waba/analytics?phone_numbers=${phone.id}`, as: "user" });
    expect(res.statusCode).toBe(404);
    expect(
      (await server.call({ method: "GET", url: "/api/waba/analytics", as: "user" })).json().data.phone_numbers,
    ).toEqual([]);
  });
});

describe("WABA provider solution", () => {
  it("starts with the sandbox selected, for admin, reseller and manager alike", async () => {
    for (const as of ["admin", "reseller", "manager"] as const) {
      const res = await server.call({ method: "GET", url: "/api/waba/admin/get-waba-solution-selection", as });
      expect(res.json().data.selected).toMatchObject({ solution_id: "sandbox", provider: "sandbox", selected: true });
    }
  });

  it("moves the selection on the admin's word and refuses an unknown id, changing nothing", async () => {
    await db()
      .insert(wabaSolutions)
      .values({ solutionId: "meta-cloud-1", name: "Meta Cloud API", provider: "whatsapp-cloud" });
    const before = await rowCounts();
    for (const payload of [{ solution_id: "nope" }, {}, { solution_id: "" }, { solution_id: "sandbox", extra: 1 }]) {
      const res = await server.call({
        method: "POST",
        url: "/api/waba/admin/update-waba-solution-provider",
        as: "admin",
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toMatch(/solution_id|extra/);
    }
    expect(await rowCounts()).toEqual(before);
    const res = await server.call({
      method: "POST",
      url: "/api/waba/admin/update-waba-solution-provider",
      as: "admin",
      payload: { solution_id: "meta-cloud-1" },
    });
    expect(res.json()).toMatchObject({
      success: true,
      message: "WABA provider set to Meta Cloud API",
      data: { selected: { solution_id: "meta-cloud-1" } },
    });
    const selected = await db().select().from(wabaSolutions).where(eq(wabaSolutions.selected, true));
    expect(selected.map((r) => r.solutionId)).toEqual(["meta-cloud-1"]);
    await server.call({
      method: "POST",
      url: "/api/waba/admin/update-waba-solution-provider",
      as: "admin",
      payload: { solution_id: "sandbox" },
    });
  });
});

describe("the sandbox solution without demo data", () => {
  it("exists on an install that seeds no demo accounts", async () => {
    const bare = await startServer({ seedDemo: false });
    try {
      const rows = await bare.database.db.select().from(wabaSolutions);
      expect(rows.map((r) => `${r.solutionId}:${r.selected}`)).toEqual(["sandbox:true"]);
    } finally {
      await bare.close();
    }
  });
});
