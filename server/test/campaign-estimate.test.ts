// Estimates and holds that match what is sent: the ingest counts each recipient's SMS parts with its own values
// (a Unicode value makes its SMS UCS-2, 70/67 characters a part; a long GSM one spills to a second part), so the
// pre-send check, the draft's estimate in the list and the report, and the start's hold are exact sums, and the
// SMS campaign's spend comes to its hold. WhatsApp with SMS failover shows the estimate and, apart, the maximum (every
// recipient failing over), which is what it holds.
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATES_PAISE } from "../../contract/domain/campaigns";
import type { Database } from "../db/client";
import { campaignRecipients, campaigns, smsTemplates } from "../db/schema";
import { channelFixtures, type ChannelFixtures } from "./campaign-ingest-fixtures";
import { dispatchServer, setBalance, until, type DispatchServer } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";
import { multipart } from "./media-fixtures";

let database: Database;
let s: DispatchServer;
let owner: string;
let f: ChannelFixtures;
let smsTemplateId: string;
beforeAll(async () => {
  database = await freshDatabase();
  s = await dispatchServer(database);
  owner = await s.id("manager");
  f = await channelFixtures(db(), owner, "estimate");
  // 125 GSM characters around one variable, on the DLT route (every value at most 30 characters).
  const [t] = await db()
    .insert(smsTemplates)
    .values({
      smsAccountId: f.smsAccountId,
      createdBy: owner,
      name: "long notice",
      category: "transactional",
      senderId: "TESTHD",
      dltTemplateId: "1107160000000000997",
      body: `Dear {#var#}, ${"your parcel is on its way and arrives tomorrow. ".repeat(3).slice(0, 118)}`,
    })
    .returning();
  smsTemplateId = t.id;
}, 180_000);
afterAll(async () => {
  await s?.close();
  await database?.close();
});
afterEach(async () => expectLedgerBalanced(db()));

const db = () => database.db;
const { sms: SMS, whatsapp_utility: WA } = DEFAULT_RATES_PAISE;
const call = async (
  method: "GET" | "POST",
  url: string,
  extra: { payload?: Buffer; headers?: Record<string, string> } = {},
) =>
  s.app.inject({
    method,
    url,
    payload: extra.payload,
    headers: { authorization: `Bearer ${await s.token("manager")}`, ...extra.headers },
  });

// The sandbox's …0x numbers are always delivered. Names: GSM (129 characters, 1 part) and Devanagari (UCS-2: 128
// characters at 67 a part, 2 parts). DLT's 30-character worst case (155 GSM characters) priced every one at 1 part:
// a hold one part short, and the send paused on it.
const ROWS = [
  ["9000000001", "Asha", 1],
  ["9000000002", "आशा", 2],
  ["9000000003", "Ravi Kumar", 1],
] as const;
const csv = Buffer.from(["phone,name", ...ROWS.map(([n, name]) => `${n},${name}`)].join("\n"));

type Channel = "sms" | "whatsapp";
const URLS: Record<Channel, string> = {
  sms: "/api/sms/campaigns/create",
  whatsapp: "/api/waba/campaign/create-campaign",
};
const fieldsOf: Record<Channel, () => Record<string, string>> = {
  sms: () => ({ smsAccountId: f.smsAccountId, templateId: smsTemplateId, variables: JSON.stringify(["{{name}}"]) }),
  whatsapp: () => ({
    waba_id: f.wabaId,
    message: f.waTemplateId,
    variables: JSON.stringify(["{{name}}"]),
    smsFailover: "true",
    smsAccountId: f.smsAccountId,
    smsTemplate: smsTemplateId,
    smsFailoverConditions: JSON.stringify(["failed"]),
    smsCustomParams: JSON.stringify(["{{name}}"]),
  }),
};

async function readyCampaign(channel: Channel): Promise<string> {
  const form = await multipart(
    { campaignName: `Estimate ${channel}`, ...fieldsOf[channel]() },
    { field: "file", bytes: csv, name: "audience.csv", type: "text/csv" },
  );
  const res = await call("POST", URLS[channel], form);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data._id as string;
  await until(
    async () => (await db().select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0].status,
    (st) => st === "ready",
  );
  return id;
}

const parts = ROWS.reduce((n, [, , p]) => n + p, 0);

describe("parts counted per recipient at ingest; estimate, check and hold are their exact sum", () => {
  it.each<[string, Channel, { perRecipient: number[]; expected: number; failover: number; total: number }]>([
    [
      "SMS: GSM, Unicode and long values",
      "sms",
      { perRecipient: ROWS.map(([, , p]) => p), expected: parts * SMS, failover: 0, total: parts * SMS },
    ],
    [
      "WhatsApp with SMS failover: the failover SMS's parts",
      "whatsapp",
      {
        perRecipient: ROWS.map(([, , p]) => p),
        expected: ROWS.length * WA,
        failover: parts * SMS,
        total: ROWS.length * WA + parts * SMS,
      },
    ],
  ])("%s", async (_name, channel, want) => {
    await setBalance(db(), owner, "100.00");
    const id = await readyCampaign(channel);
    const stored = await db()
      .select({ parts: campaignRecipients.smsParts })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id))
      .orderBy(asc(campaignRecipients.row));
    expect(stored.map((r) => r.parts)).toEqual(want.perRecipient);

    // A draft left at the check step shows its cost in the list and the report, never ₹0.00.
    const report = (await call("GET", `/api/reports/campaignStatus/${id}`)).json().data.campaign;
    expect(report).toMatchObject({
      status: "ready",
      cost: { estimated: want.expected / 100, max: want.total / 100, held: 0, spent: 0 },
    });
    const listUrl =
      channel === "sms" ? "/api/sms/campaigns?page=1&limit=50" : "/api/waba/campaign/user-campaigns?page=1&limit=50";
    const listed = ((await call("GET", listUrl)).json().campaigns as { _id: string; cost: unknown }[]).find(
      (c) => c._id === id,
    );
    // Priced at ingest: the list says when (a rate changed since shows at the review).
    expect(listed?.cost).toEqual({
      estimated: want.expected / 100,
      max: want.total / 100,
      held: 0,
      spent: 0,
      failoverSpent: 0,
      estimatedAt: expect.any(String),
    });

    const check = (await call("GET", `/api/v1/campaign-control/${id}/check`)).json().data;
    expect(check).toMatchObject({
      sendable: 3,
      blockers: [],
      estimate: {
        channel,
        smsParts: parts,
        expected: want.expected / 100,
        failover: want.failover / 100,
        total: want.total / 100,
      },
    });

    const startUrl = channel === "sms" ? `/api/sms/campaigns/${id}/start` : `/api/waba/campaign/start-campaign/${id}`;
    const started = await call("POST", startUrl);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.cost).toEqual({
      estimated: want.expected / 100,
      max: want.total / 100,
      held: want.total / 100,
      spent: 0,
      failoverSpent: 0,
      estimatedAt: expect.any(String),
    });
  });

  it("an SMS campaign spends its hold to the paisa: each recipient charged its own parts, nothing paused for a short hold", async () => {
    await setBalance(db(), owner, "100.00");
    const id = await readyCampaign("sms");
    const started = await call("POST", `/api/sms/campaigns/${id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    const done = await until(
      async () => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0],
      (c) => c.status !== "running",
      20_000,
    );
    expect(done).toMatchObject({
      status: "completed",
      statusReason: null,
      spentPaise: parts * SMS,
      heldPaise: parts * SMS,
    });
    const charged = await db()
      .select({ number: campaignRecipients.number, cost: campaignRecipients.costPaise })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id))
      .orderBy(asc(campaignRecipients.row));
    expect(charged.map((r) => r.cost)).toEqual(ROWS.map(([, , p]) => p * SMS));
  });
});
