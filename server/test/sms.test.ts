import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMS_MESSAGES } from "../../contract/domain/sms";
import { smsAccounts, smsTemplates } from "../db/schema";
import { startServer, type DemoName, type TestServer } from "./harness";

interface Account {
  id: string;
  name: string;
  isActive: boolean;
  dltEntityId: string;
  senderIds: string[];
  templateCount: number;
}
interface Template {
  id: string;
  smsAccountId: string;
  name: string;
  body: string;
  senderId: string;
  variables: number;
}

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => s?.close());

const accountsOf = async (name: DemoName): Promise<Account[]> =>
  (await s.call({ method: "GET", url: "/api/sms/accounts", as: name })).json().data;
const templatesOf = async (name: DemoName, smsAccountId?: string) => {
  const res = await s.call({
    method: "GET",
    url: `/api/sms/templates${smsAccountId ? `?smsAccountId=${smsAccountId}` : ""}`,
    as: name,
  });
  return res;
};
/** Both tables as they stand, to show a refused request wrote nothing. */
const snapshot = async () => ({
  accounts: await s.database.db.select().from(smsAccounts).orderBy(smsAccounts.id),
  templates: await s.database.db.select().from(smsTemplates).orderBy(smsTemplates.id),
});

const TEMPLATE = {
  name: "Delivery OTP",
  body: "{#var#} is your delivery OTP for order {#var#}.",
  category: "transactional",
  senderId: "ACMEOT",
  dltTemplateId: "1107161111111111111",
};

describe("SMS accounts", () => {
  it("lists the caller's own accounts with their DLT registration, never another tenant's", async () => {
    const mine = await accountsOf("manager");
    expect(mine.map((a) => a.name)).toEqual(["Acme Transactional", "Acme Promotions"]);
    expect(mine[0]).toMatchObject({
      isActive: true,
      dltEntityId: "1201159100000000001",
      senderIds: ["ACMERT", "ACMEOT"],
      templateCount: 4,
    });
    const globex = await accountsOf("globex");
    expect(globex.map((a) => a.name)).toEqual(["Globex Logistics"]);
    expect((await accountsOf("user")).map((a) => a.name)).toEqual(["Uday Alerts"]);
  });

  it("activates and deactivates by id and isActive", async () => {
    const [, promo] = await accountsOf("manager");
    const on = await s.call({
      method: "PUT",
      url: "/api/sms/accounts/activate",
      as: "manager",
      payload: { id: promo.id, isActive: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      success: true,
      message: "Acme Promotions activated",
      data: { id: promo.id, isActive: true },
    });
    const off = await s.call({
      method: "PUT",
      url: "/api/sms/accounts/activate",
      as: "manager",
      payload: { id: promo.id, isActive: false },
    });
    expect(off.json()).toMatchObject({ message: "Acme Promotions deactivated", data: { isActive: false } });
    expect((await accountsOf("manager"))[1].isActive).toBe(false);
  });

  it.each([
    [
      "another tenant's account",
      async () => ({ as: "manager" as const, payload: { id: (await accountsOf("globex"))[0].id, isActive: false } }),
      404,
    ],
    [
      "the parent's account, asked by its sub-user",
      async () => ({ as: "user" as const, payload: { id: (await accountsOf("manager"))[0].id, isActive: false } }),
      404,
    ],
    [
      "no isActive",
      async () => ({ as: "manager" as const, payload: { id: (await accountsOf("manager"))[0].id } }),
      400,
    ],
    [
      "isActive not a boolean",
      async () => ({ as: "manager" as const, payload: { id: (await accountsOf("manager"))[0].id, isActive: "no" } }),
      400,
    ],
    ["an id that is no uuid", async () => ({ as: "manager" as const, payload: { id: "abc", isActive: false } }), 404],
  ])("activation refuses %s and changes nothing", async (_name, input, status) => {
    const { as, payload } = await input();
    const before = await snapshot();
    const res = await s.call({ method: "PUT", url: "/api/sms/accounts/activate", as, payload });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false });
    expect(await snapshot()).toEqual(before);
  });

  it("saves the DLT entity id and sender ids, headers in capitals", async () => {
    const [uday] = await accountsOf("user");
    const res = await s.call({
      method: "PUT",
      url: `/api/sms/accounts/${uday.id}`,
      as: "user",
      payload: { dltEntityId: "1201159100000000099", senderIds: ["udayal", "UDAYOT"] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ dltEntityId: "1201159100000000099", senderIds: ["UDAYAL", "UDAYOT"] });
  });

  it.each([
    [
      "an entity id with letters",
      { dltEntityId: "12011591000000000AB", senderIds: ["UDAYAL"] },
      "dltEntityId",
      SMS_MESSAGES.dltId,
    ],
    [
      "a 7-character header",
      { dltEntityId: "1201159100000000002", senderIds: ["UDAYALS"] },
      "senderIds.0",
      SMS_MESSAGES.header,
    ],
    [
      "a header with digits",
      { dltEntityId: "1201159100000000002", senderIds: ["UDAYAL", "UDAY12"] },
      "senderIds.1",
      SMS_MESSAGES.header,
    ],
    [
      "a repeated header",
      { dltEntityId: "1201159100000000002", senderIds: ["UDAYAL", "udayal"] },
      "senderIds",
      SMS_MESSAGES.senderIdsDuplicate,
    ],
  ])("registration refuses %s with a field message, nothing written", async (_name, payload, field, message) => {
    const [uday] = await accountsOf("user");
    const before = await snapshot();
    const res = await s.call({ method: "PUT", url: `/api/sms/accounts/${uday.id}`, as: "user", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: `${field}: ${message}`, errors: [{ field, message }] });
    expect(await snapshot()).toEqual(before);
  });

  it("registration of another tenant's account is not found", async () => {
    const [globex] = await accountsOf("globex");
    const before = await snapshot();
    const res = await s.call({
      method: "PUT",
      url: `/api/sms/accounts/${globex.id}`,
      as: "manager",
      payload: { dltEntityId: "1201159100000000001", senderIds: [] },
    });
    expect(res.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe("SMS templates: reach", () => {
  it("lists the owner's templates with the accounts it may write for", async () => {
    const res = await templatesOf("manager");
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Template[]; accounts: { name: string; senderIds: string[] }[] };
    expect(body.data.map((t) => t.name).sort()).toEqual([
      "Login OTP",
      "Order shipped",
      "Satisfaction survey",
      "Weekend sale",
      "ऑर्डर डिलीवर",
    ]);
    expect(body.data.find((t) => t.name === "Order shipped")?.variables).toBe(3);
    expect(body.accounts.map((a) => a.name)).toEqual(["Acme Promotions", "Acme Transactional"]);
  });

  it("filters by smsAccountId", async () => {
    const [, promo] = await accountsOf("manager");
    const res = await templatesOf("manager", promo.id);
    expect((res.json().data as Template[]).map((t) => t.name)).toEqual(["Weekend sale"]);
  });

  it("never lists another tenant's templates, and its account id is not found", async () => {
    expect((await templatesOf("globex")).json().data).toEqual([]);
    expect((await templatesOf("user")).json().data).toEqual([]);
    const [acme] = await accountsOf("manager");
    expect((await templatesOf("globex", acme.id)).statusCode).toBe(404);
    const one = (await templatesOf("manager")).json().data[0] as Template;
    const res = await s.call({ method: "GET", url: `/api/sms/templates/${one.id}`, as: "globex" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: "SMS template not found" });
  });

  it("lets a department head work on its organization's templates, and the admin on all", async () => {
    const dept = (await templatesOf("depthead")).json();
    expect(dept.data).toHaveLength((await templatesOf("manager")).json().data.length);
    const admin = (await templatesOf("admin")).json();
    expect(admin.accounts.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(["Globex Logistics", "Acme Transactional", "Uday Alerts"]),
    );
    const one = dept.data[0] as Template;
    expect((await s.call({ method: "GET", url: `/api/sms/templates/${one.id}`, as: "admin" })).json().data.id).toBe(
      one.id,
    );
  });
});

describe("SMS templates: create and update", () => {
  it("creates a template on a reachable account and reads it back", async () => {
    const [acme] = await accountsOf("manager");
    const res = await s.call({
      method: "POST",
      url: "/api/sms/templates",
      as: "manager",
      payload: { ...TEMPLATE, smsAccountId: acme.id, senderId: "acmeot" },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data as Template;
    expect(created).toMatchObject({ name: "Delivery OTP", senderId: "ACMEOT", smsAccountId: acme.id, variables: 2 });
    const got = await s.call({ method: "GET", url: `/api/sms/templates/${created.id}`, as: "manager" });
    expect(got.json().data).toMatchObject({ id: created.id, body: TEMPLATE.body });
  });

  it.each([
    ["no name", { name: "" }, "name", SMS_MESSAGES.nameRequired],
    ["no body", { body: "" }, "body", SMS_MESSAGES.bodyRequired],
    ["a named variable", { body: "Hello {#name#}" }, "body", `${SMS_MESSAGES.badVariable} (found {#name#})`],
    ["an unclosed variable", { body: "Hello {#var" }, "body", SMS_MESSAGES.badVariable],
    ["a 5-letter header", { senderId: "ACMEO" }, "senderId", SMS_MESSAGES.header],
    ["a header the account does not hold", { senderId: "GLOBEX" }, "senderId", SMS_MESSAGES.headerUnknown],
    ["a DLT template id with letters", { dltTemplateId: "DLT1234567890" }, "dltTemplateId", SMS_MESSAGES.dltId],
  ])("create refuses %s with a field message, nothing written", async (_name, change, field, message) => {
    const [acme] = await accountsOf("manager");
    const before = await snapshot();
    const res = await s.call({
      method: "POST",
      url: "/api/sms/templates",
      as: "manager",
      payload: { ...TEMPLATE, smsAccountId: acme.id, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: `${field}: ${message}`, errors: [{ field, message }] });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ["an unknown category", { category: "marketing" }, "category"],
    ["a body over the limit", { body: "a".repeat(2001) }, "body"],
    ["a missing field", { dltTemplateId: undefined }, "dltTemplateId"],
    ["an extra field", { status: "approved" }, "status"],
  ])("the schema refuses %s with a field message, nothing written", async (_name, change, field) => {
    const [acme] = await accountsOf("manager");
    const before = await snapshot();
    const res = await s.call({
      method: "POST",
      url: "/api/sms/templates",
      as: "manager",
      payload: { ...TEMPLATE, smsAccountId: acme.id, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field })]);
    expect(await snapshot()).toEqual(before);
  });

  it("create on another tenant's account is not found and writes nothing", async () => {
    const [globex] = await accountsOf("globex");
    const before = await snapshot();
    const res = await s.call({
      method: "POST",
      url: "/api/sms/templates",
      as: "manager",
      payload: { ...TEMPLATE, senderId: "GLOBEX", smsAccountId: globex.id },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: "SMS account not found" });
    expect(await snapshot()).toEqual(before);
  });

  it("updates a template, keeping it on its account", async () => {
    const one = ((await templatesOf("manager")).json().data as Template[]).find(
      (t) => t.name === "Login OTP",
    ) as Template;
    const res = await s.call({
      method: "PUT",
      url: "/api/sms/templates",
      as: "depthead",
      payload: { ...TEMPLATE, id: one.id, name: "Login OTP v2", senderId: "ACMEOT" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: "Template Login OTP v2 saved",
      data: { id: one.id, smsAccountId: one.smsAccountId, name: "Login OTP v2" },
    });
  });

  it("update refuses a broken rule and another tenant's template, changing nothing", async () => {
    const one = (await templatesOf("manager")).json().data[0] as Template;
    const before = await snapshot();
    const bad = await s.call({
      method: "PUT",
      url: "/api/sms/templates",
      as: "manager",
      payload: { ...TEMPLATE, id: one.id, body: "{#VAR#}" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: "body", message: `${SMS_MESSAGES.badVariable} (found {#VAR#})` }]);
    const foreign = await s.call({
      method: "PUT",
      url: "/api/sms/templates",
      as: "globex",
      payload: { ...TEMPLATE, id: one.id, senderId: "GLOBEX" },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
