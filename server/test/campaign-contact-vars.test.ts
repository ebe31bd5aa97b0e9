// Campaign variables from contact fields (issue 39, item 5): `{{contact.x}}` filled from the owner's contacts for a
// file or pasted numbers, fallbacks, a missing value leaving the row out with its reason, unknown keys refused at
// create, DLT's per-variable limit on the rendered value, and one contacts lookup per batch of rows.
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INGEST_EXCLUSIONS } from "../../contract/domain/campaigns";
import { DLT_ROUTE_MESSAGES } from "../../contract/domain/dlt-route";
import { PERSONALISE_MESSAGES } from "../../contract/domain/personalise";
import { SMS_VARIABLE_MAX } from "../../contract/domain/sms";
import { CAMPAIGN_INGEST_JOB } from "../jobs/campaign-ingest";
import { campaignRecipients, campaignRejectedRows, campaigns, contactAttributeDefs, contacts } from "../db/schema";
import { contactLookupStats } from "../services/campaigns/audience/contact-values";
import { channelFixtures, type ChannelFixtures } from "./campaign-ingest-fixtures";
import { startServer, type TestServer } from "./harness";
import { multipart } from "./media-fixtures";

let server: TestServer;
let f: ChannelFixtures;
const LONG_NAME = "N".repeat(SMS_VARIABLE_MAX + 1);

beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000, audience: { maxBytes: 1024 * 1024, maxRows: 10_000 } });
  const manager = await server.id("manager");
  f = await channelFixtures(server.database.db, manager, "contactvars");
  await server.database.db
    .insert(contactAttributeDefs)
    .values([
      { userId: manager, key: "tier", label: "Tier", type: "choice", choices: ["gold", "silver"] },
      { userId: manager, key: "visits", label: "Visits", type: "number" },
      { userId: manager, key: "vip", label: "VIP", type: "boolean" },
    ])
    // The demo seed defines some of these already (seed-contacts.ts).
    .onConflictDoNothing();
  await server.database.db.insert(contacts).values([
    {
      userId: manager,
      number: "+919876543210",
      name: "Asha",
      email: "asha@example.in",
      language: "hi",
      attributes: { tier: "gold", visits: 3, vip: true },
      source: "console",
    },
    { userId: manager, number: "+919876543211", name: "", attributes: {}, source: "console" },
    { userId: manager, number: "+919876543212", name: LONG_NAME, attributes: {}, source: "console" },
  ]);
  // Another account's contact with the same number: never read for the manager's campaigns.
  await server.database.db
    .insert(contacts)
    .values({ userId: await server.id("globex"), number: "+919876543213", name: "Other", source: "console" });
}, 60_000);
afterAll(async () => server.close());

const db = () => server.database.db;
const tick = () => (server.app.jobs.get(CAMPAIGN_INGEST_JOB) as { tick(): Promise<number> }).tick();
const route = (r: "dlt" | "plain") =>
  r === "dlt"
    ? { smsAccountId: f.smsAccountId, templateId: f.smsTemplateId }
    : { smsAccountId: f.plainSmsAccountId, templateId: f.plainSmsTemplateId };

const uploadCsv = async (csv: string, variables: string[], r: "dlt" | "plain" = "plain") =>
  server.call({
    method: "POST",
    url: "/api/sms/campaigns/create",
    as: "manager",
    ...(await multipart(
      { campaignName: "Contact vars", ...route(r), variables: JSON.stringify(variables) },
      { field: "file", bytes: Buffer.from(csv), name: "audience.csv", type: "text/csv" },
    )),
  });

const paste = (numbers: string, variables: string[], r: "dlt" | "plain" = "plain") =>
  server.call({
    method: "POST",
    url: "/api/sms/campaigns/create",
    as: "manager",
    payload: { campaignName: "Contact vars", ...route(r), numbers, variables },
  });

async function ingested(res: { statusCode: number; body: string; json(): { data: { _id: string } } }) {
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data._id;
  await tick();
  const [row] = await db().select().from(campaigns).where(eq(campaigns.id, id));
  const recipients = await db()
    .select({ number: campaignRecipients.number, variables: campaignRecipients.variables })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, id))
    .orderBy(asc(campaignRecipients.row));
  const rejected = await db()
    .select({ row: campaignRejectedRows.row, cause: campaignRejectedRows.cause, reason: campaignRejectedRows.reason })
    .from(campaignRejectedRows)
    .where(eq(campaignRejectedRows.campaignId, id))
    .orderBy(asc(campaignRejectedRows.row));
  return { id, row, recipients, rejected };
}

describe("{{contact.x}} from a file", () => {
  it("fills contact fields and attributes, with fallbacks for contacts and empty cells", async () => {
    const csv = ["phone,city", "9876543210,Pune", "9876543211,", "9876543213,Goa", "9876543214,"].join("\n");
    const { recipients, rejected } = await ingested(
      await uploadCsv(csv, [
        "{{contact.name|Customer}} ({{contact.tier|new}}, {{contact.vip|No}}) of {{city|your city}}",
      ]),
    );
    expect(rejected).toEqual([]);
    expect(recipients).toEqual([
      { number: "+919876543210", variables: ["Asha (gold, Yes) of Pune"] },
      { number: "+919876543211", variables: ["Customer (new, No) of your city"] }, // a contact with an empty name
      { number: "+919876543213", variables: ["Customer (new, No) of Goa"] }, // another account's contact: not read
      { number: "+919876543214", variables: ["Customer (new, No) of your city"] }, // no contact
    ]);
  });

  it("leaves a row out when a contact field has no value and no fallback, counted in the report", async () => {
    const csv = ["phone", "9876543210", "9876543211", "9876543214"].join("\n");
    const { id, row, recipients, rejected } = await ingested(await uploadCsv(csv, ["{{contact.visits}} visits"]));
    expect(row).toMatchObject({ status: "ready", validCount: 1, invalidCount: 2 });
    expect(recipients).toEqual([{ number: "+919876543210", variables: ["3 visits"] }]);
    const reason = PERSONALISE_MESSAGES.noValue({ source: "contact", key: "visits" });
    expect(reason).toBe("No value for {{contact.visits}}");
    expect(rejected).toEqual([
      { row: 3, cause: "noValue", reason },
      { row: 4, cause: "noValue", reason },
    ]);
    const progress = await server.call({
      method: "GET",
      url: `/api/v1/reports/validating-progress/${id}`,
      as: "manager",
    });
    expect(progress.json().data.excluded).toContainEqual({
      reason: "noValue",
      label: INGEST_EXCLUSIONS.noValue,
      count: 2,
    });
  });

  it("a campaign without contact references reads no contacts and lists no noValue line", async () => {
    const before = contactLookupStats.queries;
    const { id } = await ingested(await uploadCsv("phone,city\n9876543210,Pune\n", ["{{city}}"]));
    expect(contactLookupStats.queries).toBe(before);
    const progress = await server.call({
      method: "GET",
      url: `/api/v1/reports/validating-progress/${id}`,
      as: "manager",
    });
    const reasons = (progress.json().data.excluded as { reason: string }[]).map((e) => e.reason);
    expect(reasons).not.toContain("noValue");
  });
});

describe("{{contact.x}} with pasted numbers", () => {
  it("is accepted (contacts have the values) and filled per number", async () => {
    const { recipients } = await ingested(await paste("9876543210\n9876543214", ["Dear {{contact.name|Customer}}"]));
    expect(recipients).toEqual([
      { number: "+919876543210", variables: ["Dear Asha"] },
      { number: "+919876543214", variables: ["Dear Customer"] },
    ]);
  });

  it.each([
    ["a column", ["{{city}}"], "{{city}} names a column"],
    ["an unknown attribute key", ["{{contact.tierr|x}}"], "{{contact.tierr}} is not a contact field"],
    ["an empty key", ["{{contact.}}"], "{{contact.}} is not a contact field"],
  ])("refuses %s at create, writing nothing", async (_label, variables, message) => {
    const before = (await db().select({ n: count() }).from(campaigns))[0].n;
    const res = await paste("9876543210", variables);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect((await db().select({ n: count() }).from(campaigns))[0].n).toBe(before);
  });

  it("refuses an unknown key on a file too, naming the key", async () => {
    const res = await uploadCsv("phone\n9876543210\n", ["{{contact.loyalty}}"]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(PERSONALISE_MESSAGES.unknownContactKey("loyalty").replace(/"/g, '\\"'));
  });
});

describe("on a DLT route", () => {
  it("a contact value over DLT's limit leaves that row out with the one DLT rule's reason", async () => {
    const { recipients, rejected } = await ingested(
      await paste("9876543210\n9876543212", ["{{contact.name|Customer}}"], "dlt"),
    );
    expect(recipients).toEqual([{ number: "+919876543210", variables: ["Asha"] }]);
    expect(rejected).toEqual([
      {
        row: 2,
        cause: "dltVariable",
        reason: DLT_ROUTE_MESSAGES.variableTooLong("{{contact.name|Customer}}", SMS_VARIABLE_MAX + 1),
      },
    ]);
  });
});

describe("set-based lookups", () => {
  it("makes one contacts query per batch of rows, not one per row", async () => {
    // Pasted numbers are read 1,000 a batch (rows.ts): 2,500 numbers are three batches, three lookups.
    const numbers = Array.from({ length: 2500 }, (_, i) => `98765${41_000 + i}`);
    const before = contactLookupStats.queries;
    const { row, recipients } = await ingested(await paste(numbers.join("\n"), ["{{contact.name|Customer}}"]));
    expect(row.status).toBe("ready");
    expect(recipients).toHaveLength(2500);
    expect(recipients.find((r) => r.number === "+919876543210")?.variables).toEqual(["Asha"]);
    expect(contactLookupStats.queries - before).toBe(3);
  });
});
