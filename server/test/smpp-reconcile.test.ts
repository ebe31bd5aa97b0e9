// The campaigns' at-most-once rule over SMPP, end to end: a campaign through the real SMPP adapter (bound to the local
// SMSC stand-in), the dispatcher and the receipts. A submit whose submit_sm_resp the SMSC never sends is marked
// `unknown` and never sent again; its delivery receipt, matched by handset, header and the receipt's text
// (server/carriers/smpp/unanswered.ts), then moves it to delivered or failed; two recipients a receipt cannot tell
// apart stay `unknown`.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChannelConnection } from "../carriers/router/channel-adapter";
import { createSmppAdapter } from "../carriers/smpp";
import { startSmsc, type Smsc } from "../carriers/smpp/stand-in";
import type { Database } from "../db/client";
import { campaignRecipients, campaigns } from "../db/schema";
import { countingCarrier, dispatchServer, insertCampaign, setBalance, smsTemplate, until, type DispatchServer } from "./campaign-fixtures";
import { freshDatabase } from "./harness";

const USER = { systemId: "recon", password: "Sm5c-pw9" };
let database: Database;
let smsc: Smsc;
let server: DispatchServer;

beforeAll(async () => {
  database = await freshDatabase();
  // Receipts come well after the adapter has given the submit up (400 ms): reconciled from its unanswered submits.
  smsc = await startSmsc({ users: [USER], behaviour: { receiptDelayMs: 1_500 } });
  const connection: ChannelConnection = {
    id: "00000000-0000-4000-8000-00000000a001", userId: "u", provider: "smpp", channel: "sms", version: 1, status: "connected", statusReason: null,
    settings: { host: "127.0.0.1", port: smsc.port, systemId: USER.systemId }, secrets: { password: USER.password }, verifyToken: "v",
  };
  const adapter = createSmppAdapter(connection, { success: () => undefined, sent: () => undefined, failure: () => undefined }, {
    allowPrivate: true, timings: { responseTimeoutMs: 400, bindTimeoutMs: 2_000, enquireLinkMs: 5_000, rebindInitialMs: 50, rebindMaxMs: 400 },
  });
  server = await dispatchServer(database, { carrier: countingCarrier(adapter) });
});
afterAll(async () => {
  await server?.close();
  await smsc?.close();
  await database?.close();
});

describe("an SMPP campaign whose submit responses are lost", () => {
  it("marks them unknown, never sends them again, and settles each from its receipt; ones a receipt cannot tell apart stay unknown", async () => {
    const db = database.db;
    const manager = await server.id("manager");
    await setBalance(db, manager, "100000.00");
    const template = await smsTemplate(db, manager);
    const [answered, lostDelivered, lostUndeliverable, twice] = ["+919876550001", "+919876550002", "+919876550003", "+919876550004"];
    for (const n of [lostDelivered, lostUndeliverable, twice]) smsc.behaviour.loseResponse.add(n.slice(1));
    smsc.behaviour.undeliverable.add(lostUndeliverable.slice(1));
    const numbers = [answered, lostDelivered, lostUndeliverable, twice];
    const seed = { userId: manager, channel: "sms" as const, templateId: template.id, templateName: template.name, sender: template.senderId, smsAccountId: template.accountId, holdPaise: 10_000, status: "paused" as const };
    const id = await insertCampaign(db, { ...seed, numbers, rowVariables: (n) => ["Asha", String(1000 + n)] });
    // The same number in another campaign of the same text at the same time: its receipt and the first's look alike.
    const other = await insertCampaign(db, { ...seed, numbers: [twice], rowVariables: () => ["Asha", "2000"] });
    await db.update(campaigns).set({ status: "running", startedAt: new Date() }).where(inArray(campaigns.id, [id, other]));
    await until(async () => (await db.select().from(campaigns).where(eq(campaigns.id, id)))[0], (c) => c.status === "completed", 20_000);
    await until(async () => (await db.select().from(campaigns).where(eq(campaigns.id, other)))[0], (c) => c.status === "completed", 20_000);
    const rows = () => db.select().from(campaignRecipients).where(inArray(campaignRecipients.campaignId, [id, other])).orderBy(campaignRecipients.id);
    const settled = await until(rows, (r) => ["delivered", "delivered", "failed"].every((state, i) => r[i].state === state), 20_000);
    const submitted = (n: string) => smsc.submitted.filter((s) => s.to === n.slice(1));
    expect(numbers.map((n) => submitted(n).length)).toEqual([1, 1, 1, 2]);
    expect(settled.map((r) => [r.number, r.state])).toEqual([[answered, "delivered"], [lostDelivered, "delivered"], [lostUndeliverable, "failed"], [twice, "unknown"], [twice, "unknown"]]);
    // The SMSC's id, learnt from the receipt, is stored as if the response had come.
    expect(settled.slice(0, 3).map((r) => r.providerMessageId)).toEqual([answered, lostDelivered, lostUndeliverable].map((n) => submitted(n)[0].id));
    expect(settled[2]).toMatchObject({ code: "UNDELIV" });
    // Every send once per recipient, however long we wait: an unknown recipient is never re-sent.
    expect(Object.fromEntries(server.carrier.sends)).toEqual(Object.fromEntries(settled.map((r) => [String(r.id), 1])));
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await rows()).slice(3).map((r) => r.state)).toEqual(["unknown", "unknown"]);
    expect(submitted(twice)).toHaveLength(2);
  });
});
