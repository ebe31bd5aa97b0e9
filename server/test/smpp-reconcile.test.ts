// The campaigns' at-most-once rule over SMPP, end to end: a campaign through the real SMPP adapter (bound to the local
// SMSC stand-in), the dispatcher and the receipts. A submit whose submit_sm_resp the SMSC never sends is marked
// `unknown` and never sent again; its delivery receipt, matched by handset, header and the receipt's text
// (server/carriers/smpp/unanswered.ts), then moves it to delivered or failed; two recipients a receipt cannot tell
// apart stay `unknown`. The unanswered submits are kept in the database (smpp_unanswered): a server started again on
// the same database settles one from a receipt that comes after the restart, and one older than the receipt window
// is dropped, its receipt settling nothing.
import { and, count, eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarrierEvent } from "../carriers/carrier";
import type { ChannelAdapter, ChannelConnection } from "../carriers/router/channel-adapter";
import { createSmppAdapter } from "../carriers/smpp";
import { startSmsc, type Smsc } from "../carriers/smpp/stand-in";
import type { Database } from "../db/client";
import { campaignRecipients, campaigns, carrierChannels, smppUnanswered } from "../db/schema";
import { smppUnansweredStore } from "../services/carrier-channels/smpp-unanswered";
import {
  countingCarrier,
  dispatchServer,
  insertCampaign,
  setBalance,
  smsTemplate,
  until,
  type DispatchServer,
} from "./campaign-fixtures";
import { freshDatabase } from "./harness";

const USER = { systemId: "recon", password: "Sm5c-pw9" };
const CHANNEL_ID = "00000000-0000-4000-8000-00000000a001";
const log = pino({ level: "silent" });
let database: Database;
let smsc: Smsc;
let server: DispatchServer;
/** The running server's adapter and every event it emitted. */
let adapter: ChannelAdapter;
let events: CarrierEvent[] = [];

/** A server process: the SMPP adapter (its unanswered submits in the database, as the app keeps them) and the app. */
async function startServer(): Promise<void> {
  const connection: ChannelConnection = {
    id: CHANNEL_ID,
    userId: "u",
    provider: "smpp",
    channel: "sms",
    version: 1,
    status: "connected",
    statusReason: null,
    settings: { host: "127.0.0.1", port: smsc.port, systemId: USER.systemId },
    secrets: { password: USER.password },
    verifyToken: "v",
  };
  adapter = createSmppAdapter(
    connection,
    { success: () => undefined, sent: () => undefined, failure: () => undefined },
    {
      allowPrivate: true,
      timings: {
        responseTimeoutMs: 400,
        bindTimeoutMs: 2_000,
        enquireLinkMs: 5_000,
        rebindInitialMs: 50,
        rebindMaxMs: 400,
      },
      unanswered: smppUnansweredStore(database.db, log),
    },
  );
  events = [];
  adapter.onEvent((e) => {
    events.push(e);
  });
  server = await dispatchServer(database, { carrier: countingCarrier(adapter) });
}

beforeAll(async () => {
  database = await freshDatabase();
  // Receipts come well after the adapter has given the submit up (400 ms): reconciled from its unanswered submits.
  smsc = await startSmsc({ users: [USER], behaviour: { receiptDelayMs: 1_500 } });
  await startServer();
  // The channel the unanswered submits belong to (the adapter is the app's default carrier here, not routed to).
  await database.db.insert(carrierChannels).values({
    id: CHANNEL_ID,
    userId: await server.id("manager"),
    provider: "smpp",
    channel: "sms",
    name: "Reconcile SMPP",
    credentials: "sealed",
    verifyToken: "v",
  });
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
    const [answered, lostDelivered, lostUndeliverable, twice] = [
      "+919876550001",
      "+919876550002",
      "+919876550003",
      "+919876550004",
    ];
    for (const n of [lostDelivered, lostUndeliverable, twice]) smsc.behaviour.loseResponse.add(n.slice(1));
    smsc.behaviour.undeliverable.add(lostUndeliverable.slice(1));
    const numbers = [answered, lostDelivered, lostUndeliverable, twice];
    const seed = {
      userId: manager,
      channel: "sms" as const,
      templateId: template.id,
      templateName: template.name,
      sender: template.senderId,
      smsAccountId: template.accountId,
      holdPaise: 10_000,
      status: "paused" as const,
    };
    const id = await insertCampaign(db, { ...seed, numbers, rowVariables: (n) => ["Asha", String(1000 + n)] });
    // The same number in another campaign of the same text at the same time: its receipt and the first's look alike.
    const other = await insertCampaign(db, { ...seed, numbers: [twice], rowVariables: () => ["Asha", "2000"] });
    await db
      .update(campaigns)
      .set({ status: "running", startedAt: new Date() })
      .where(inArray(campaigns.id, [id, other]));
    await until(
      async () => (await db.select().from(campaigns).where(eq(campaigns.id, id)))[0],
      (c) => c.status === "completed",
      20_000,
    );
    await until(
      async () => (await db.select().from(campaigns).where(eq(campaigns.id, other)))[0],
      (c) => c.status === "completed",
      20_000,
    );
    const rows = () =>
      db
        .select()
        .from(campaignRecipients)
        .where(inArray(campaignRecipients.campaignId, [id, other]))
        .orderBy(campaignRecipients.id);
    const settled = await until(
      rows,
      (r) => ["delivered", "delivered", "failed"].every((state, i) => r[i].state === state),
      20_000,
    );
    const submitted = (n: string) => smsc.submitted.filter((s) => s.to === n.slice(1));
    expect(numbers.map((n) => submitted(n).length)).toEqual([1, 1, 1, 2]);
    expect(settled.map((r) => [r.number, r.state])).toEqual([
      [answered, "delivered"],
      [lostDelivered, "delivered"],
      [lostUndeliverable, "failed"],
      [twice, "unknown"],
      [twice, "unknown"],
    ]);
    // The SMSC's id, learnt from the receipt, is stored as if the response had come.
    expect(settled.slice(0, 3).map((r) => r.providerMessageId)).toEqual(
      [answered, lostDelivered, lostUndeliverable].map((n) => submitted(n)[0].id),
    );
    expect(settled[2]).toMatchObject({ code: "UNDELIV" });
    // Every send once per recipient, however long we wait: an unknown recipient is never re-sent.
    expect(Object.fromEntries(server.carrier.sends)).toEqual(Object.fromEntries(settled.map((r) => [String(r.id), 1])));
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await rows()).slice(3).map((r) => r.state)).toEqual(["unknown", "unknown"]);
    expect(submitted(twice)).toHaveLength(2);
  });
});

describe("unanswered submits kept across a restart", () => {
  /**
   * A one-recipient SMS campaign of `text` to `number`, its submit_sm_resp lost (answered with `lose: false`); answers
   * once the recipient is `unknown` (`sent`).
   */
  async function send(number: string, text: string, { lose } = { lose: true }) {
    const db = database.db;
    const manager = await server.id("manager");
    await setBalance(db, manager, "100000.00");
    const template = await smsTemplate(db, manager, `${text} {#var#} - ACME`);
    if (lose) smsc.behaviour.loseResponse.add(number.slice(1));
    else smsc.behaviour.loseResponse.delete(number.slice(1));
    const before = smsc.submitted.length;
    const id = await insertCampaign(db, {
      userId: manager,
      channel: "sms",
      templateId: template.id,
      templateName: template.name,
      sender: template.senderId,
      smsAccountId: template.accountId,
      holdPaise: 10_000,
      status: "paused",
      numbers: [number],
      rowVariables: () => ["7"],
    });
    await db.update(campaigns).set({ status: "running", startedAt: new Date() }).where(eq(campaigns.id, id));
    const recipient = () =>
      db
        .select()
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, id))
        .then((r) => r[0]);
    const given = await until(recipient, (r) => r?.state === (lose ? "unknown" : "sent"), 10_000);
    const submitted = smsc.submitted.slice(before).filter((s) => s.to === number.slice(1));
    expect(submitted).toHaveLength(1);
    const kept = () =>
      db
        .select({ n: count() })
        .from(smppUnanswered)
        .where(and(eq(smppUnanswered.channelId, CHANNEL_ID), eq(smppUnanswered.messageId, String(given.id))))
        .then((r) => r[0].n);
    return { recipient, submitted: submitted[0], kept };
  }
  const lostSend = (number: string, text: string) => send(number, text);

  /** Stops the server (its bind unbound, its memory gone) and starts another on the same database. */
  async function restart(between: () => Promise<void> = async () => undefined) {
    await server.close();
    await between();
    await startServer();
  }

  it("a receipt coming after the restart settles the recipient the first server gave up; it is never sent again", async () => {
    // The receipt comes well after the restart: to the new server's bind (or kept by the SMSC until it binds).
    smsc.behaviour.receiptDelayMs = 4_000;
    const number = "+919876551001";
    const { recipient, submitted, kept } = await lostSend(number, "Restart check");
    expect(await kept()).toBe(1);
    await restart();
    const settled = await until(recipient, (r) => r.state === "delivered", 15_000);
    expect(settled).toMatchObject({ state: "delivered", providerMessageId: submitted.id });
    expect(await kept()).toBe(0);
    // Sent once, by the first server; the second sent nothing, however long it runs.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(smsc.submitted.filter((s) => s.to === number.slice(1))).toHaveLength(1);
    expect(server.carrier.sends.size).toBe(0);
  });

  it("one older than the receipt window is dropped: its receipt, passed on by the SMSC's id, settles nothing", async () => {
    smsc.behaviour.receiptDelayMs = 4_000;
    const number = "+919876551002";
    const { recipient, submitted, kept } = await lostSend(number, "Expiry check");
    expect(await kept()).toBe(1);
    // 49 hours pass while the server is down; the new one drops what has expired as it starts.
    await restart(() =>
      database.db
        .update(smppUnanswered)
        .set({ createdAt: sql`now() - interval '49 hours'` })
        .where(eq(smppUnanswered.channelId, CHANNEL_ID))
        .then(() => undefined),
    );
    await until(
      async () => kept(),
      (n) => n === 0,
      5_000,
    );
    const receipt = await until(
      async () => events.find((e) => e.type === "receipt" && e.providerMessageId === submitted.id),
      (e) => e !== undefined,
      10_000,
    );
    expect(receipt).not.toHaveProperty("messageId");
    await new Promise((r) => setTimeout(r, 500));
    expect((await recipient()).state).toBe("unknown");
    expect(smsc.submitted.filter((s) => s.to === number.slice(1))).toHaveLength(1);
  });

  it("a receipt of a message answered before the restart stays its own, however alike a given-up one is", async () => {
    const number = "+919876551004";
    // The given-up one's receipt comes last: the answered one's, first, fits it too (same handset, header and text).
    smsc.behaviour.receiptDelayMs = 7_000;
    const lost = await lostSend(number, "Alike check");
    smsc.behaviour.receiptDelayMs = 3_000;
    const answered = await send(number, "Alike check", { lose: false });
    await restart();
    const [a, b] = await until(
      async () => [await lost.recipient(), await answered.recipient()],
      ([x, y]) => x.state === "delivered" && y.state === "delivered",
      15_000,
    );
    expect([a.providerMessageId, b.providerMessageId]).toEqual([lost.submitted.id, answered.submitted.id]);
    expect(smsc.submitted.filter((s) => s.to === number.slice(1))).toHaveLength(2);
  });

  it("keeps the newest of a channel's unanswered submits up to its bound, and finds none once expired", async () => {
    const store = smppUnansweredStore(database.db, log, { most: 3 });
    for (let i = 1; i <= 5; i++)
      await store.add(CHANNEL_ID, {
        messageId: `bound-${i}`,
        to: "919876551003",
        from: "ACMEIN",
        text: `Bound ${i}`,
        parts: 1,
      });
    const { entries } = await store.candidates(CHANNEL_ID, "none", "919876551003");
    expect(entries.map((e) => e.messageId).sort()).toEqual(["bound-3", "bound-4", "bound-5"]);
    await database.db
      .update(smppUnanswered)
      .set({ createdAt: sql`now() - interval '49 hours'` })
      .where(eq(smppUnanswered.messageId, "bound-5"));
    expect((await store.candidates(CHANNEL_ID, "none", "919876551003")).entries.map((e) => e.messageId).sort()).toEqual(
      ["bound-3", "bound-4"],
    );
    await store.prune(CHANNEL_ID);
    expect(
      await database.db
        .select({ n: count() })
        .from(smppUnanswered)
        .where(eq(smppUnanswered.handset, "919876551003"))
        .then((r) => r[0].n),
    ).toBe(2);
  });

  it("lets one of two processes take an entry: the other is told it is gone", async () => {
    const [one, other] = [smppUnansweredStore(database.db, log), smppUnansweredStore(database.db, log)];
    await one.add(CHANNEL_ID, {
      messageId: "twice-taken",
      to: "919876551005",
      from: "ACMEIN",
      text: "Taken once",
      parts: 1,
    });
    const [entry] = (await other.candidates(CHANNEL_ID, "none", "919876551005")).entries;
    expect((await Promise.all([one.take(CHANNEL_ID, entry.key), other.take(CHANNEL_ID, entry.key)])).sort()).toEqual([
      false,
      true,
    ]);
  });
});
