import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaigns } from "../db/schema";
import { UNSUPPORTED_AUDIENCE } from "../routes/campaigns/audience-upload";
import { channelFixtures, type ChannelFixtures } from "./campaign-ingest-fixtures";
import { startServer, type DemoName, type TestServer } from "./harness";
import { multipart } from "./media-fixtures";

let server: TestServer;
const fx = new Map<string, ChannelFixtures>();

beforeAll(async () => {
  server = await startServer({ audience: { maxBytes: 2048, maxRows: 1000 } });
  for (const name of ["manager", "user", "globex"] as const)
    fx.set(name, await channelFixtures(server.database.db, await server.id(name), name));
}, 60_000);
afterAll(async () => server.close());

const campaignCount = async () => (await server.database.db.select({ n: count() }).from(campaigns))[0].n;

type Channel = "rcs" | "sms" | "whatsapp";
const URLS: Record<Channel, string> = {
  rcs: "/api/campaigns/create-campaign",
  sms: "/api/sms/campaigns/create",
  whatsapp: "/api/waba/campaign/create-campaign",
};

function body(channel: Channel, f: ChannelFixtures, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base = { campaignName: `Test ${channel}`, variables: ["Friend"], ...extra };
  if (channel === "rcs") return { botId: f.botId, templateId: f.rcsTemplateId, ...base };
  if (channel === "sms") return { smsAccountId: f.smsAccountId, templateId: f.smsTemplateId, ...base };
  return { waba_id: f.wabaId, message: f.waTemplateId, ...base };
}

const create = (channel: Channel, as: DemoName, payload: Record<string, unknown>) =>
  server.call({ method: "POST", url: URLS[channel], as, payload });

const formOf = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]));

const upload = async (
  channel: Channel,
  as: DemoName,
  fields: Record<string, unknown>,
  bytes: Buffer,
  name = "audience.csv",
) =>
  server.call({
    method: "POST",
    url: URLS[channel],
    as,
    ...(await multipart(formOf(fields), { field: "file", bytes, name, type: "text/csv" })),
  });

describe("create calls × roles", () => {
  const ALLOWED: Record<Channel, DemoName[]> = {
    rcs: ["manager", "user"],
    sms: ["manager", "user", "depthead"],
    whatsapp: ["manager", "user"],
  };
  for (const channel of ["rcs", "sms", "whatsapp"] as const) {
    for (const role of ["admin", "reseller", "manager", "user", "depthead"] as const) {
      const allowed = ALLOWED[channel].includes(role);
      it(`${channel} as ${role}: ${allowed ? "201" : "403"}`, async () => {
        // The department head creates SMS for its organization, with the organization's account.
        const owner = role === "depthead" ? "manager" : role === "user" ? "user" : "manager";
        const before = await campaignCount();
        const res = await create(
          channel,
          role,
          body(channel, fx.get(owner) as ChannelFixtures, { numbers: "9876543210" }),
        );
        expect(res.statusCode, res.body).toBe(allowed ? 201 : 403);
        expect(await campaignCount()).toBe(before + (allowed ? 1 : 0));
      });
    }
  }

  it("module gating: a user without the campaign module gets 403", async () => {
    const res = await create("sms", "rahul", body("sms", fx.get("user") as ChannelFixtures, { numbers: "9876543210" }));
    expect(res.statusCode).toBe(403);
  });
});

describe("JSON create", () => {
  it("stores the campaign as a draft due now, with template name, sender label and variables", async () => {
    const f = fx.get("manager") as ChannelFixtures;
    const res = await create("whatsapp", "manager", body("whatsapp", f, { numbers: "9876543210\n9876543211" }));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      status: "draft",
      channel: "whatsapp",
      templateName: "wa_manager",
      senderLabel: "+91 98765 00000",
      source: { kind: "paste", name: null },
    });
    const [row] = await server.database.db.select().from(campaigns).where(eq(campaigns.id, data._id));
    expect(row).toMatchObject({
      sender: "phone-manager",
      wabaId: f.wabaId,
      variables: ["Friend"],
      defaultRegion: "IN",
      userId: await server.id("manager"),
    });
    expect(row.nextRunAt?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("a department head creates SMS for its organization: owner the parent, createdBy the head", async () => {
    const f = fx.get("manager") as ChannelFixtures;
    const res = await create("sms", "depthead", body("sms", f, { numbers: "9876543210" }));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await server.database.db.select().from(campaigns).where(eq(campaigns.id, res.json().data._id));
    expect(row.userId).toBe(await server.id("manager"));
    expect(row.createdBy).toBe(await server.id("depthead"));
    expect(row.senderLabel).toBe("SMS manager · TESTHD");
  });

  it.each([
    ["missing numbers", { numbers: undefined }, "numbers"],
    ["too few variables", { numbers: "9876543210", variables: [] }, "variables"],
    ["a column reference with pasted numbers", { numbers: "9876543210", variables: ["{{name}}"] }, "variables"],
  ])("400 for %s, nothing written", async (_label, extra, field) => {
    const before = await campaignCount();
    const payload = body("sms", fx.get("manager") as ChannelFixtures, extra);
    const res = await create("sms", "manager", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await campaignCount()).toBe(before);
  });

  it("400 from the schema for an unknown field", async () => {
    const res = await create("rcs", "manager", {
      ...body("rcs", fx.get("manager") as ChannelFixtures, { numbers: "9876543210" }),
      extra: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it("failover: needs an SMS account, template and conditions in reach; stored when given", async () => {
    const f = fx.get("manager") as ChannelFixtures;
    const bad = await create("whatsapp", "manager", body("whatsapp", f, { numbers: "9876543210", smsFailover: true }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual([
      "smsAccountId",
      "smsTemplate",
      "smsFailoverConditions",
    ]);
    const other = fx.get("globex") as ChannelFixtures;
    const foreign = await create(
      "whatsapp",
      "manager",
      body("whatsapp", f, {
        numbers: "9876543210",
        smsFailover: true,
        smsAccountId: other.smsAccountId,
        smsTemplate: other.smsTemplateId,
        smsFailoverConditions: ["failed"],
        smsCustomParams: ["x"],
      }),
    );
    expect(foreign.statusCode).toBe(404);
    const ok = await create(
      "whatsapp",
      "manager",
      body("whatsapp", f, {
        numbers: "9876543210",
        smsFailover: true,
        smsAccountId: f.smsAccountId,
        smsTemplate: f.smsTemplateId,
        smsFailoverConditions: ["failed", "undelivered"],
        smsCustomParams: ["Friend"],
      }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.failover).toEqual({
      conditions: ["failed", "undelivered"],
      smsAccountId: f.smsAccountId,
      smsTemplateId: f.smsTemplateId,
    });
  });
});

describe("RCS SMS failover", () => {
  const f = () => fx.get("manager") as ChannelFixtures;
  const rcs = (extra: Record<string, unknown>) => body("rcs", f(), { numbers: "9876543210", ...extra });
  const refused = async (payload: Record<string, unknown>, status = 400) => {
    const before = await campaignCount();
    const res = await create("rcs", "manager", payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().success).toBe(false);
    expect(await campaignCount()).toBe(before);
    return res.json() as { message: string; errors?: { field: string; message: string }[] };
  };

  it("smsFailover without an SMS account, template or condition: 400 naming each, nothing written", async () => {
    const answer = await refused(rcs({ smsFailover: true }));
    expect(answer.errors).toEqual([
      { field: "smsAccountId", message: "is required for SMS failover" },
      { field: "smsTemplate", message: "is required for SMS failover" },
      { field: "smsFailoverConditions", message: "choose at least one condition" },
    ]);
    const noTemplate = await refused(
      rcs({ smsFailover: true, smsAccountId: f().smsAccountId, smsFailoverConditions: ["not_rcs_capable"] }),
    );
    expect(noTemplate.errors).toEqual([{ field: "smsTemplate", message: "is required for SMS failover" }]);
  });

  it("conditions are RCS's: WhatsApp's not_on_whatsapp is refused by the schema, and RCS's by WhatsApp's", async () => {
    const failover = {
      smsFailover: true,
      smsAccountId: f().smsAccountId,
      smsTemplate: f().smsTemplateId,
      smsCustomParams: ["Friend"],
    };
    const answer = await refused(rcs({ ...failover, smsFailoverConditions: ["not_on_whatsapp"] }));
    expect(answer.errors?.map((e) => e.field)).toEqual([expect.stringContaining("smsFailoverConditions")]);
    const before = await campaignCount();
    const wa = await create(
      "whatsapp",
      "manager",
      body("whatsapp", f(), { numbers: "9876543210", ...failover, smsFailoverConditions: ["not_rcs_capable"] }),
    );
    expect(wa.statusCode).toBe(400);
    expect(await campaignCount()).toBe(before);
  });

  it("the SMS template's variables must match, and pasted numbers cannot fill a column: 400, nothing written", async () => {
    const failover = {
      smsFailover: true,
      smsAccountId: f().smsAccountId,
      smsTemplate: f().smsTemplateId,
      smsFailoverConditions: ["failed"],
    };
    expect((await refused(rcs({ ...failover, smsCustomParams: [] }))).errors?.map((e) => e.field)).toEqual([
      "smsCustomParams",
    ]);
    expect((await refused(rcs({ ...failover, smsCustomParams: ["{{name}}"] }))).errors?.map((e) => e.field)).toEqual([
      "smsCustomParams",
    ]);
  });

  it("another tenant's SMS account answers 404 and writes nothing", async () => {
    const other = fx.get("globex") as ChannelFixtures;
    await refused(
      rcs({
        smsFailover: true,
        smsAccountId: other.smsAccountId,
        smsTemplate: other.smsTemplateId,
        smsFailoverConditions: ["failed"],
        smsCustomParams: ["x"],
      }),
      404,
    );
  });

  it("stored when given, as JSON or as form fields; smsFailover false stores none", async () => {
    const failover = {
      smsFailover: true,
      smsAccountId: f().smsAccountId,
      smsTemplate: f().smsTemplateId,
      smsFailoverConditions: ["not_rcs_capable", "undelivered"],
      smsCustomParams: ["Friend"],
    };
    const ok = await create("rcs", "manager", rcs(failover));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.failover).toEqual({
      conditions: ["not_rcs_capable", "undelivered"],
      smsAccountId: f().smsAccountId,
      smsTemplateId: f().smsTemplateId,
    });
    const [row] = await server.database.db.select().from(campaigns).where(eq(campaigns.id, ok.json().data._id));
    expect(row.failover).toEqual({
      conditions: ["not_rcs_capable", "undelivered"],
      smsAccountId: f().smsAccountId,
      smsTemplateId: f().smsTemplateId,
      params: ["Friend"],
    });
    const form = await upload(
      "rcs",
      "manager",
      body("rcs", f(), { variables: ["{{name}}"], ...failover, smsFailover: "true", smsCustomParams: ["{{name}}"] }),
      Buffer.from("name,phone\nA,9876543210\n"),
    );
    expect(form.statusCode, form.body).toBe(201);
    expect(form.json().data.failover.conditions).toEqual(["not_rcs_capable", "undelivered"]);
    const off = await create("rcs", "manager", rcs({ smsFailover: false, smsAccountId: f().smsAccountId }));
    expect(off.statusCode, off.body).toBe(201);
    expect(off.json().data.failover).toBeNull();
  });
});

describe("tenant isolation", () => {
  it.each([
    ["rcs", (o: ChannelFixtures, m: ChannelFixtures) => ({ ...body("rcs", m), botId: o.botId })],
    ["rcs", (o: ChannelFixtures, m: ChannelFixtures) => ({ ...body("rcs", m), templateId: o.rcsTemplateId })],
    ["sms", (o: ChannelFixtures, m: ChannelFixtures) => ({ ...body("sms", m), smsAccountId: o.smsAccountId })],
    ["sms", (o: ChannelFixtures, m: ChannelFixtures) => ({ ...body("sms", m), templateId: o.smsTemplateId })],
    ["whatsapp", (o: ChannelFixtures, m: ChannelFixtures) => ({ ...body("whatsapp", m), waba_id: o.wabaId })],
    ["whatsapp", (o: ChannelFixtures, m: ChannelFixtures) => ({ ...body("whatsapp", m), message: o.waTemplateId })],
  ] as const)("%s: another tenant's id answers 404 and writes nothing", async (channel, make) => {
    const before = await campaignCount();
    const res = await create(channel, "manager", {
      ...make(fx.get("globex") as ChannelFixtures, fx.get("manager") as ChannelFixtures),
      numbers: "9876543210",
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(await campaignCount()).toBe(before);
  });
});

describe("multipart create", () => {
  it("streams the file to storage and stores the source", async () => {
    const res = await upload(
      "rcs",
      "manager",
      body("rcs", fx.get("manager") as ChannelFixtures, { variables: ["{{name}}"] }),
      Buffer.from("name,phone\nAsha,9876543210\n"),
      "list.csv",
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.source).toEqual({ kind: "csv", name: "list.csv" });
    const [row] = await server.database.db.select().from(campaigns).where(eq(campaigns.id, res.json().data._id));
    expect(row.totalBytes).toBe(27);
    const stored = await server.app.storage.get(row.sourceKey as string);
    const chunks: Buffer[] = [];
    for await (const chunk of stored ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("name,phone\nAsha,9876543210\n");
  });

  it("decodes JSON-encoded arrays and smsFailover in the form fields", async () => {
    const f = fx.get("manager") as ChannelFixtures;
    const res = await upload(
      "whatsapp",
      "manager",
      body("whatsapp", f, {
        variables: ["{{name}}"],
        smsFailover: "true",
        smsAccountId: f.smsAccountId,
        smsTemplate: f.smsTemplateId,
        smsFailoverConditions: ["failed"],
        smsCustomParams: ["{{name}}"],
      }),
      Buffer.from("name,phone\nA,9876543210\n"),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.failover.conditions).toEqual(["failed"]);
  });

  it("validates the form fields by the body schema (400, nothing written)", async () => {
    const before = await campaignCount();
    const res = await upload(
      "sms",
      "manager",
      { ...body("sms", fx.get("manager") as ChannelFixtures), campaignName: "" },
      Buffer.from("phone\n9876543210\n"),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    expect(await campaignCount()).toBe(before);
  });

  it.each([
    ["a PNG", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])],
    ["binary junk", Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 37) % 256))],
  ])("refuses %s with a clear 400 and writes nothing", async (_label, bytes) => {
    const before = await campaignCount();
    const res = await upload("sms", "manager", body("sms", fx.get("manager") as ChannelFixtures), bytes, "list.csv");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UNSUPPORTED_AUDIENCE);
    expect(await campaignCount()).toBe(before);
  });

  it("refuses a file over the audience limit with 413 and writes nothing", async () => {
    const before = await campaignCount();
    const big = Buffer.from(`phone\n${"9876543210\n".repeat(300)}`);
    const res = await upload("sms", "manager", body("sms", fx.get("manager") as ChannelFixtures), big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/larger than/);
    expect(await campaignCount()).toBe(before);
  });
});
