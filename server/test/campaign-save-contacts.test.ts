// "Save this audience to contacts" (issue 39, item 1): a file audience's accepted rows become the owner's contacts,
// set-based per batch. Counts created / updated / skipped, the fill-an-empty-name rule, erased numbers refused,
// contact.updated only for an account subscribed to it (and only for contacts created or changed), the switch refused
// without a file, and a restarted ingest that neither counts nor raises an event twice.
import { Readable } from "node:stream";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactUpdatedData } from "../../contract/domain/webhooks";
import { CAMPAIGN_INGEST_JOB } from "../jobs/campaign-ingest";
import { campaigns, contacts, erasedNumbers } from "../db/schema";
import { rowsOf } from "../db/sql";
import { ingestCampaign } from "../services/campaigns/audience/ingest";
import { erasedHash } from "../services/contacts/erased";
import { createEndpoint } from "../services/webhooks/endpoints";
import type { Storage } from "../storage";
import { channelFixtures, type ChannelFixtures } from "./campaign-ingest-fixtures";
import { startServer, type TestServer } from "./harness";
import { multipart } from "./media-fixtures";

let server: TestServer;
let f: ChannelFixtures;
let manager: string;

const db = () => server.database.db;
const tick = () => (server.app.jobs.get(CAMPAIGN_INGEST_JOB) as { tick(): Promise<number> }).tick();

type Channel = "rcs" | "sms" | "whatsapp";
const URLS: Record<Channel, string> = {
  rcs: "/api/campaigns/create-campaign",
  sms: "/api/sms/campaigns/create",
  whatsapp: "/api/waba/campaign/create-campaign",
};
const senderOf = (channel: Channel): Record<string, string> =>
  channel === "rcs"
    ? { botId: f.botId, templateId: f.rcsTemplateId }
    : channel === "sms"
      ? { smsAccountId: f.plainSmsAccountId, templateId: f.plainSmsTemplateId }
      : { waba_id: f.wabaId, message: f.waTemplateId };

async function upload(csv: string, save: boolean, channel: Channel = "sms"): Promise<string> {
  const fields = { campaignName: "Save contacts", ...senderOf(channel), variables: JSON.stringify(["Friend"]) };
  const res = await server.call({
    method: "POST",
    url: URLS[channel],
    as: "manager",
    ...(await multipart(save ? { ...fields, saveToContacts: "true" } : fields, {
      field: "file",
      bytes: Buffer.from(csv),
      name: "audience.csv",
      type: "text/csv",
    })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

const campaignOf = async (id: string) => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0];
const contactsOf = (numbers: string[]) =>
  db()
    .select({ number: contacts.number, name: contacts.name, source: contacts.source })
    .from(contacts)
    .where(and(eq(contacts.userId, manager), inArray(contacts.number, numbers)))
    .orderBy(asc(contacts.number));
const events = async () =>
  (
    await rowsOf<{ body: string }>(
      db(),
      sql`select body from webhook_deliveries where user_id = ${manager} and event = 'contact.updated'
          and (body::jsonb)->'data'->>'source' = 'campaign_file' order by created_at, id`,
    )
  ).map((r) => {
    const data = (JSON.parse(r.body) as { data: ContactUpdatedData }).data;
    return [data.action, data.number, data.contact?.name];
  });

/** Numbers +91987651xxxx for a test of its own (`block` keeps tests apart). */
const num = (block: number, i: number) => `+9198765${block}${String(i).padStart(4, "0")}`;
const local = (e164: string) => e164.slice(3);

beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000, audience: { maxBytes: 1024 * 1024, maxRows: 10_000 } });
  manager = await server.id("manager");
  f = await channelFixtures(db(), manager, "savecontacts");
}, 60_000);
afterAll(async () => server.close());

/** An audience of five new numbers, one contact with a name, one with an empty name, one erased, one invalid row. */
async function mixedAudience(block: number) {
  await db()
    .insert(contacts)
    .values([
      { userId: manager, number: num(block, 10), name: "Kept Name", source: "console" },
      { userId: manager, number: num(block, 11), name: "", source: "console" },
      { userId: manager, number: num(block, 12), name: "", source: "console" }, // the file has no name for it
    ]);
  await db()
    .insert(erasedNumbers)
    .values({ userId: manager, hash: await erasedHash(db(), num(block, 13)) });
  const rows = [
    ...[0, 1, 2, 3, 4].map((i) => `${local(num(block, i))},New ${i}`),
    `${local(num(block, 10))},File Name`,
    `${local(num(block, 11))},Filled`,
    `${local(num(block, 12))},`,
    `${local(num(block, 13))},Erased Person`,
    "12,Not a number",
    `${local(num(block, 0))},Duplicate`,
  ];
  return ["phone,name", ...rows].join("\n");
}

describe("saving a file audience to contacts", () => {
  it("creates new numbers, fills an empty name, keeps the rest, never creates an erased number; no endpoint, no event", async () => {
    const id = await upload(await mixedAudience(1), true);
    await tick();
    const row = await campaignOf(id);
    expect(row).toMatchObject({ status: "ready", validCount: 9, invalidCount: 1, duplicateCount: 1 });
    expect(row).toMatchObject({ contactsCreated: 5, contactsUpdated: 1, contactsSkipped: 3 });
    const all = [0, 1, 2, 3, 4, 10, 11, 12, 13].map((i) => num(1, i));
    expect(await contactsOf(all)).toEqual([
      ...[0, 1, 2, 3, 4].map((i) => ({ number: num(1, i), name: `New ${i}`, source: "campaign_file" })),
      { number: num(1, 10), name: "Kept Name", source: "console" },
      { number: num(1, 11), name: "Filled", source: "console" },
      { number: num(1, 12), name: "", source: "console" },
      // num(1, 13) was erased: no contact.
    ]);
    expect(await events()).toEqual([]);
    // The record says what happened, for the console's campaign pages.
    const res = await server.call({ method: "GET", url: `/api/v1/campaigns/${id}`, as: "manager" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.savedContacts).toEqual({ created: 5, updated: 1, skipped: 3 });
  });

  it("leaves contacts alone when the switch is off", async () => {
    const id = await upload(["phone,name", `${local(num(2, 0))},Nobody`].join("\n"), false);
    await tick();
    expect(await campaignOf(id)).toMatchObject({ status: "ready", contactsCreated: 0, saveToContacts: false });
    expect(await contactsOf([num(2, 0)])).toEqual([]);
  });

  it.each(["rcs", "whatsapp", "sms"] as const)("saves a %s campaign's file too", async (channel) => {
    const block = { rcs: 3, whatsapp: 4, sms: 5 }[channel];
    const id = await upload(["phone,name", `${local(num(block, 0))},${channel}`].join("\n"), true, channel);
    await tick();
    expect(await campaignOf(id)).toMatchObject({ status: "ready", saveToContacts: true, contactsCreated: 1 });
    expect(await contactsOf([num(block, 0)])).toEqual([
      { number: num(block, 0), name: channel, source: "campaign_file" },
    ]);
  });

  it("refuses the switch without a file, and writes nothing", async () => {
    const before = await rowsOf<{ n: number }>(db(), sql`select count(*)::int as n from campaigns`);
    const res = await server.call({
      method: "POST",
      url: URLS.sms,
      as: "manager",
      payload: {
        campaignName: "Pasted",
        ...senderOf("sms"),
        variables: ["Friend"],
        numbers: "9876543210",
        saveToContacts: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("saveToContacts");
    expect(await rowsOf<{ n: number }>(db(), sql`select count(*)::int as n from campaigns`)).toEqual(before);
  });

  it("raises contact.updated for created and changed contacts only, once the owner subscribes", async () => {
    await createEndpoint(
      db(),
      manager,
      { url: "http://127.0.0.1:9/hook", events: ["contact.updated"] },
      { allowPrivate: true, requireHttps: false },
    );
    await upload(await mixedAudience(6), true);
    await tick();
    // One batch's events share their transaction's time: compared by number.
    const byNumber = (await events()).sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(byNumber).toEqual([
      ...[0, 1, 2, 3, 4].map((i) => ["created", num(6, i), `New ${i}`]),
      ["updated", num(6, 11), "Filled"],
    ]);
  });
});

describe("a restarted ingest", () => {
  it("saves, counts and announces each contact once after a run that died half-way", async () => {
    // 40 rows, 35 numbers: run one dies after a few batches of 5; the job runs it again from the first row.
    const lines = ["phone,name", ...Array.from({ length: 40 }, (_, i) => `${local(num(7, i % 35))},P${i % 35}`)];
    const id = await upload(lines.join("\n"), true);
    const breaking: Storage = {
      ...server.app.storage,
      async get(key) {
        const stream = await server.app.storage.get(key);
        if (!stream) return null;
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(c as Buffer);
        const all = Buffer.concat(chunks);
        return Readable.from(
          (async function* () {
            yield all.subarray(0, 300);
            await new Promise((resolve) => setTimeout(resolve, 100));
            throw new Error("connection reset");
          })(),
        );
      },
    };
    const draft = await campaignOf(id);
    await expect(ingestCampaign({ db: db(), storage: breaking, batchSize: 5, leaseMs: 60_000 }, draft)).rejects.toThrow(
      "connection reset",
    );
    const half = await campaignOf(id);
    expect(half.status).toBe("validating");
    expect(half.contactsCreated).toBeGreaterThan(0);
    expect(half.contactsCreated).toBeLessThan(35);
    expect(half.contactsThroughRow).toBeGreaterThan(1);

    await db()
      .update(campaigns)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(campaigns.id, id));
    await tick();
    const row = await campaignOf(id);
    expect(row).toMatchObject({ status: "ready", validCount: 35, duplicateCount: 5 });
    expect(row).toMatchObject({ contactsCreated: 35, contactsUpdated: 0, contactsSkipped: 0 });
    const numbers = Array.from({ length: 35 }, (_, i) => num(7, i));
    expect((await contactsOf(numbers)).map((c) => c.name)).toEqual(numbers.map((_, i) => `P${i}`));
    // The endpoint of the test above still listens: one created event per contact, none twice.
    const created = (await events()).filter(([, n]) => typeof n === "string" && n.startsWith("+91987657"));
    expect(created).toHaveLength(35);
    expect(new Set(created.map(([, n]) => n)).size).toBe(35);
  });
});
