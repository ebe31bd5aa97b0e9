// Charging as the providers charge (contract/domain/charging.ts), end to end on the dispatching server and the
// sandbox carrier: WhatsApp and RCS are billed only for delivered messages (a failed receipt gives the charge back;
// no delivery by the settlement cut-off gives it back too, and a later delivery is not charged), a WhatsApp utility
// template to a customer inside the 24-hour service window is free, an RBM text of up to 160 bytes is a basic
// message, SMS is billed per part submitted unless its rate says on delivery. The balance equals the ledger throughout.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATES } from "../../contract/domain/charging";
import type { Database } from "../db/client";
import { campaignRecipients, campaigns, channelRates, conversations } from "../db/schema";
import {
  balanceOf,
  dispatchServer,
  fastSandbox,
  insertCampaign,
  setBalance,
  smsTemplate,
  until,
  whatsappTemplate,
  type DispatchServer,
} from "./campaign-fixtures";
import { rcsSetup } from "./campaign-control-fixtures";
import { freshDatabase } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

// The sandbox's numbers (contract/domain/sandbox-numbers.ts).
const DELIVERED = "+919000000001";
const FAILS = "+919000000041"; // sent, then a failed receipt
const SILENT = "+919000000071"; // sent, then nothing
const WINDOW_MS = 2500;
const PHONE = "phone-1";

let database: Database;
let server: DispatchServer;
let userId = "";
const db = () => database.db;

beforeAll(async () => {
  database = await freshDatabase();
  server = await dispatchServer(database, {
    carrier: fastSandbox("settlement"),
    dispatch: { settleWindowMs: WINDOW_MS, settleEveryMs: 300 },
  });
  userId = await server.id("user");
  // The demo seed's ended campaigns are long past this suite's short cut-off: let settlement close them first, so
  // what they give back does not land in a test's balance.
  await until(
    async () =>
      (
        await db()
          .select()
          .from(campaigns)
          .where(and(isNull(campaigns.settledAt), inArray(campaigns.status, ["completed", "discarded", "failed"])))
      ).length,
    (n) => n === 0,
    10_000,
  );
  await setBalance(database.db, userId, "1000.00");
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});
afterEach(async () => expectLedgerBalanced(db()));

const campaignOf = async (id: string) => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0];
const recipientsOf = (id: string) =>
  db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id)).orderBy(campaignRecipients.id);
const costs = async (id: string) => Object.fromEntries((await recipientsOf(id)).map((r) => [r.number, r.costPaise]));
const HOLD = 1000;

async function whatsapp(category: "MARKETING" | "UTILITY", numbers: string[]) {
  const t = await whatsappTemplate(db(), userId, { category });
  return insertCampaign(db(), {
    userId,
    templateId: t.id,
    templateName: t.name,
    numbers,
    holdPaise: HOLD,
    sender: PHONE,
  });
}

/** Runs a campaign to completion; answers the owner's balance before and after. */
async function run(start: () => Promise<string>) {
  const before = await balanceOf(db(), userId);
  const id = await start();
  await until(
    () => campaignOf(id),
    (c) => c.status === "completed",
  );
  return { id, before };
}

describe("WhatsApp: billed per delivered template message", () => {
  it("a failed receipt gives the charge back at once; a delivered one keeps it", async () => {
    const { id, before } = await run(() => whatsapp("MARKETING", [DELIVERED, FAILS]));
    const settled = await until(
      () => costs(id),
      (c) => c[FAILS] === 0,
      5000,
    );
    expect(settled).toEqual({ [DELIVERED]: DEFAULT_RATES.whatsapp_marketing, [FAILS]: 0 });
    const c = await until(
      () => campaignOf(id),
      (row) => row.settledAt !== null,
      5000,
    );
    expect(c).toMatchObject({
      spentPaise: DEFAULT_RATES.whatsapp_marketing,
      heldPaise: DEFAULT_RATES.whatsapp_marketing,
    });
    expect(await balanceOf(db(), userId)).toBe(before - DEFAULT_RATES.whatsapp_marketing);
  });

  it("no delivery by the cut-off: given back, settled, and a delivery after it is not charged", async () => {
    const { id, before } = await run(() => whatsapp("MARKETING", [SILENT]));
    expect((await costs(id))[SILENT]).toBe(DEFAULT_RATES.whatsapp_marketing);
    expect((await campaignOf(id)).settledAt).toBeNull();
    const c = await until(
      () => campaignOf(id),
      (row) => row.settledAt !== null,
      WINDOW_MS * 4,
    );
    expect(c).toMatchObject({ spentPaise: 0, heldPaise: 0 });
    expect(await balanceOf(db(), userId)).toBe(before);
    // A receipt that arrives after the cut-off changes the state, never the money.
    const [row] = await recipientsOf(id);
    server.carrier.inject({
      type: "receipt",
      messageId: String(row.id),
      providerMessageId: row.providerMessageId ?? "",
      status: "delivered",
      at: new Date(),
    });
    await until(
      () => recipientsOf(id),
      (rows) => rows[0].state === "delivered",
    );
    expect((await costs(id))[SILENT]).toBe(0);
    expect(await balanceOf(db(), userId)).toBe(before);
  });

  it("a utility template is free to a customer who wrote within 24 hours, charged to one who did not", async () => {
    const open = "+919000000002";
    const closed = "+919000000003";
    await db()
      .insert(conversations)
      .values({ userId, channel: "whatsapp", customerNumber: open, businessAddress: PHONE, lastInboundAt: new Date() });
    await db()
      .insert(conversations)
      .values({
        userId,
        channel: "whatsapp",
        customerNumber: closed,
        businessAddress: PHONE,
        lastInboundAt: new Date(Date.now() - 25 * 3600_000),
      });
    const { id } = await run(() => whatsapp("UTILITY", [open, closed]));
    expect(await costs(id)).toEqual({ [open]: 0, [closed]: DEFAULT_RATES.whatsapp_utility });
  });
});

describe("RCS: billed per delivered message, basic or single", () => {
  async function rcs(draft: Record<string, unknown>, numbers: string[]) {
    const { botId, templateId } = await rcsSetup(db(), userId);
    const { rcsTemplates } = await import("../db/schema");
    const [t] = await db().select().from(rcsTemplates).where(eq(rcsTemplates.id, templateId));
    await db()
      .update(rcsTemplates)
      .set({ draft: { ...t.draft, ...draft } })
      .where(eq(rcsTemplates.id, templateId));
    const id = await insertCampaign(db(), {
      userId,
      channel: "rcs",
      templateId,
      templateName: t.name,
      numbers,
      holdPaise: HOLD,
      sender: botId,
      status: "ready",
    });
    await db().update(campaigns).set({ botId, status: "running", startedAt: new Date() }).where(eq(campaigns.id, id));
    return id;
  }

  it.each([
    [
      "text of 160 bytes: a basic message",
      { type: "text", textMessageContent: "a".repeat(160) },
      DEFAULT_RATES.rcs_basic,
    ],
    ["text of 161 bytes: a single message", { type: "text", textMessageContent: "a".repeat(161) }, DEFAULT_RATES.rcs],
    [
      "short text with a suggested reply: a single message",
      { type: "text", textMessageContent: "Hi", suggestions: [{ type: "reply", displayText: "Yes", postback: "yes" }] },
      DEFAULT_RATES.rcs,
    ],
  ])("%s", async (_name, draft, paise) => {
    const { id } = await run(() => rcs(draft, [DELIVERED]));
    expect((await costs(id))[DELIVERED]).toBe(paise);
  });

  it("a failed RCS message is not billed", async () => {
    const { id } = await run(() => rcs({ type: "text", textMessageContent: "Hi" }, [FAILS]));
    expect(
      await until(
        () => costs(id),
        (c) => c[FAILS] === 0,
        5000,
      ),
    ).toEqual({ [FAILS]: 0 });
  });
});

describe("SMS: per part submitted, or on delivery as a rate option", () => {
  async function sms(numbers: string[]) {
    const t = await smsTemplate(db(), userId);
    return insertCampaign(db(), {
      userId,
      channel: "sms",
      templateId: t.id,
      templateName: t.name,
      sender: t.senderId,
      smsAccountId: t.accountId,
      numbers,
      holdPaise: HOLD,
      variables: ["Asha", "1234"],
    });
  }

  it("submitted (the default): a failed SMS stays charged", async () => {
    const { id } = await run(() => sms([FAILS]));
    await until(
      () => recipientsOf(id),
      (rows) => rows[0].state === "failed",
    );
    await new Promise((r) => setTimeout(r, 800));
    expect(await costs(id)).toEqual({ [FAILS]: DEFAULT_RATES.sms });
  });

  it("on delivery: a failed SMS is given back", async () => {
    await db().insert(channelRates).values({ key: "sms", paise: DEFAULT_RATES.sms, billedOn: "delivered" });
    try {
      const { id } = await run(() => sms([DELIVERED, FAILS]));
      expect(
        await until(
          () => costs(id),
          (c) => c[FAILS] === 0,
          5000,
        ),
      ).toEqual({ [DELIVERED]: DEFAULT_RATES.sms, [FAILS]: 0 });
      // A WhatsApp message's SMS failover is an SMS too: both the failed WhatsApp message and its failed SMS come back.
      const wa = await whatsappTemplate(db(), userId, { category: "MARKETING" });
      const t = await smsTemplate(db(), userId);
      const before = await balanceOf(db(), userId);
      const waId = await insertCampaign(db(), {
        userId,
        templateId: wa.id,
        templateName: wa.name,
        numbers: [FAILS],
        holdPaise: HOLD,
        sender: PHONE,
        failover: { conditions: ["failed"], smsAccountId: t.accountId, smsTemplateId: t.id, params: ["Asha", "4321"] },
      });
      const [row] = await until(
        () => recipientsOf(waId),
        (rows) => rows[0].failoverFailedAt !== null && rows[0].costPaise === 0 && rows[0].failoverCostPaise === 0,
        10_000,
      );
      expect(row).toMatchObject({ state: "failed", failoverState: "sent", costPaise: 0, failoverCostPaise: 0 });
      await until(
        () => campaignOf(waId),
        (c) => c.status === "completed",
      );
      expect(await balanceOf(db(), userId)).toBe(before);
    } finally {
      await db().delete(channelRates).where(eq(channelRates.key, "sms"));
    }
  });
});
