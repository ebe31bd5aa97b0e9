import type { AddressInfo } from "node:net";
import { and, eq, inArray, sql } from "drizzle-orm";
import { io as connect } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATES_PAISE, PROGRESS_EVENT, type ProgressUpdate } from "../../contract/domain/campaigns";
import type { Database } from "../db/client";
import { campaignRecipients, campaigns, inboundMessages, balanceLedger, suppressions } from "../db/schema";
import { HOLD_USED_UP } from "../services/campaigns/dispatch-settings";
import { transition } from "../services/campaigns/status";
import {
  balanceOf,
  dispatchServer,
  fastSandbox,
  insertCampaign,
  ordinaryNumbers,
  setBalance,
  smsTemplate,
  spendAndCharges,
  until,
  whatsappTemplate,
  type DispatchServer,
} from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

let database: Database;
let server: DispatchServer;
let userId: string;
beforeAll(async () => {
  database = await freshDatabase();
  server = await dispatchServer(database);
  userId = await server.id("user");
  await setBalance(database.db, userId, "100000.00");
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});
// Every flow leaves every account's money adding up: balance = ledger = the charges.
afterEach(async () => expectLedgerBalanced(db()));

const db = () => database.db;

/** A server of its own on a database of its own: no other dispatcher takes its campaigns. */
async function isolated(
  options: Parameters<typeof dispatchServer>[1],
): Promise<{ db: Database["db"]; server: DispatchServer; userId: string; close(): Promise<void> }> {
  const own = await freshDatabase();
  const s = await dispatchServer(own, options);
  const id = await s.id("user");
  await setBalance(own.db, id, "100000.00");
  return {
    db: own.db,
    server: s,
    userId: id,
    close: async () => {
      await s.close();
      await own.close();
    },
  };
}
const statusOf = async (id: string) => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0];
const recipientsOf = (id: string) =>
  db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id)).orderBy(campaignRecipients.id);
const finished = (id: string) =>
  until(
    () => statusOf(id),
    (c) => c.status === "completed",
  );
const sendsOf = (ids: readonly number[]) => ids.map((id) => server.carrier.sends.get(String(id)) ?? 0);
/**
 * A campaign's recipients counted by state: what the tests that wait on a running campaign poll. Reading every row
 * each 20 ms (thousands of them) took PGlite's one thread from the dispatcher it waited for, and those tests overran
 * their time on a loaded machine.
 */
async function stateCounts(database: Database["db"], id: string): Promise<Record<string, number>> {
  const rows = await database
    .select({ state: campaignRecipients.state, n: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, id))
    .groupBy(campaignRecipients.state);
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}
const total = (counts: Record<string, number>) => Object.values(counts).reduce((s, n) => s + n, 0);

// The tests that make a database and a server of their own (`isolated`) spend up to 13 s of a loaded 2-core machine
// copying the migrated template before their first send, then wait on sends: side by side with the rest of the suite
// they ran to 22-24 s of the default 30 s (pause/resume, throughput refusal), so they get 90 s.
describe("campaign dispatcher", { timeout: 90_000 }, () => {
  it("sends every recipient exactly once, settles each accepted message against the hold to the paisa and releases the rest", async () => {
    const template = await whatsappTemplate(db(), userId, { category: "UTILITY" });
    const refused = ["+919000000010", "+919000000011"]; // not on WhatsApp: refused at submit
    const numbers = [...ordinaryNumbers(600), ...refused];
    const before = await balanceOf(db(), userId);
    const hold = numbers.length * DEFAULT_RATES_PAISE.whatsapp_utility + 1234;
    const id = await insertCampaign(db(), {
      userId,
      templateId: template.id,
      templateName: template.name,
      numbers,
      holdPaise: hold,
      status: "running",
    });

    await finished(id);
    // WhatsApp bills delivered messages only: the charges of those a receipt failed come back (settlement), to the
    // balance, since the campaign has ended.
    const rows = await until(
      () => recipientsOf(id),
      (rs) => rs.every((r) => r.state !== "failed" || r.costPaise === 0),
    );
    expect(rows).toHaveLength(numbers.length);
    expect(sendsOf(rows.map((r) => r.id)).every((n) => n === 1)).toBe(true);
    expect(rows.filter((r) => r.state === "queued" || r.state === "sending")).toEqual([]);
    const failedAtSubmit = rows.filter((r) => refused.includes(r.number));
    expect(failedAtSubmit.map((r) => [r.state, r.code, r.costPaise])).toEqual(
      refused.map(() => ["failed", "131026", 0]),
    );
    const spent = rows.reduce((sum, r) => sum + r.costPaise, 0);
    expect(spent).toBe(rows.filter((r) => r.state !== "failed").length * DEFAULT_RATES_PAISE.whatsapp_utility);
    const done = await until(
      async () => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0],
      (c) => c.heldPaise === spent,
    );
    expect(done).toMatchObject({ status: "completed", spentPaise: spent, heldPaise: spent });
    expect(done.completedAt).not.toBeNull();
    expect(await balanceOf(db(), userId)).toBe(before - spent);
    const releases = await db()
      .select()
      .from(balanceLedger)
      .where(
        and(
          eq(balanceLedger.userId, userId),
          eq(balanceLedger.kind, "campaign_release"),
          eq(balanceLedger.note, `Campaign "${done.name}"`),
        ),
      );
    expect(releases.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0)).toBe(hold - spent);
    // The message carried the template and the row's value.
    const first = server.carrier.sent.find((m) => m.id === String(rows[0].id));
    expect(first).toMatchObject({
      channel: "whatsapp",
      from: "phone-1",
      to: rows[0].number,
      content: { kind: "template", templateName: template.name, params: ["Name 0"] },
    });
  });

  it("receipts move recipients forward and never back; replies are stored and mark the recipient replied", async () => {
    const template = await whatsappTemplate(db(), userId);
    const numbers = ["+919000000050", "+919000000060", "+919000000000"]; // always read, always replies, always delivered
    const id = await insertCampaign(db(), {
      userId,
      templateId: template.id,
      templateName: template.name,
      numbers,
      holdPaise: 1000,
      status: "running",
    });
    await finished(id);
    const rows = await until(
      () => recipientsOf(id),
      (rs) => rs[0].state === "read" && rs[1].state === "replied" && rs[2].state === "delivered",
    );
    expect(rows[0].deliveredAt).not.toBeNull();
    expect(rows[0].readAt).not.toBeNull();
    expect(rows[1].repliedAt).not.toBeNull();
    const [reply] = await db().select().from(inboundMessages).where(eq(inboundMessages.campaignId, id));
    expect(reply).toMatchObject({ from: numbers[1], to: "phone-1", userId, recipientId: rows[1].id });
    // A late "delivered" for the read one changes nothing.
    server.carrier.inject({
      type: "receipt",
      providerMessageId: rows[0].providerMessageId ?? "",
      status: "delivered",
      at: new Date(),
    });
    await server.app.jobs.get("carrier-events")?.tick();
    expect((await recipientsOf(id))[0].state).toBe("read");
  });

  it("a STOP reply puts the number on the account's suppression list and START takes it off", async () => {
    const template = await whatsappTemplate(db(), userId);
    const number = "+919000000001";
    const id = await insertCampaign(db(), {
      userId,
      templateId: template.id,
      templateName: template.name,
      numbers: [number],
      holdPaise: 100,
      status: "running",
    });
    await finished(id);
    const suppressed = () =>
      db()
        .select()
        .from(suppressions)
        .where(and(eq(suppressions.userId, userId), eq(suppressions.number, number)));
    server.carrier.inject({
      type: "inbound",
      channel: "whatsapp",
      from: number,
      to: "phone-1",
      text: " stop ",
      at: new Date(),
    });
    expect(await until(suppressed, (rows) => rows.length === 1)).toMatchObject([{ source: "stop-reply" }]);
    expect((await recipientsOf(id))[0].state).toBe("replied");
    server.carrier.inject({
      type: "inbound",
      channel: "whatsapp",
      from: number,
      to: "phone-1",
      text: "START",
      at: new Date(),
    });
    await until(suppressed, (rows) => rows.length === 0);
  });

  it("SMS: the DLT body is filled per recipient, billed by parts, and replies to the account's long code reach the campaign", async () => {
    const t = await smsTemplate(db(), userId, "Dear {#var#}, your code is {#var#}. - ACME");
    const numbers = ["+919000000060", ...ordinaryNumbers(20, 5000)];
    const id = await insertCampaign(db(), {
      userId,
      channel: "sms",
      templateId: t.id,
      templateName: t.name,
      sender: t.senderId,
      smsAccountId: t.accountId,
      numbers,
      holdPaise: 10_000,
      status: "running",
      variables: ["{{name}}", "{{code}}"],
      rowVariables: (i) => [i === 1 ? "X".repeat(160) : `Asha${i}`, `${1000 + i}`],
    });
    await finished(id);
    const rows = await recipientsOf(id);
    const message = server.carrier.sent.find((m) => m.id === String(rows[0].id));
    expect(message).toMatchObject({
      channel: "sms",
      from: "ACMEIN",
      replyTo: t.replyNumber,
      content: { kind: "text", text: "Dear Asha0, your code is 1000. - ACME", dltTemplateId: t.dltTemplateId },
    });
    expect(rows[1].costPaise).toBe(2 * DEFAULT_RATES_PAISE.sms);
    expect(rows[2].costPaise).toBe(DEFAULT_RATES_PAISE.sms);
    await until(
      () => recipientsOf(id),
      (rs) => rs[0].state === "replied",
    );
    const [reply] = await db()
      .select()
      .from(inboundMessages)
      .where(and(eq(inboundMessages.campaignId, id), eq(inboundMessages.from, numbers[0])));
    expect(reply).toMatchObject({ channel: "sms", to: t.replyNumber, recipientId: rows[0].id });
  });

  it("pauses with 'Balance hold used up' when the hold is spent, never spending beyond it", async () => {
    const template = await whatsappTemplate(db(), userId, { category: "MARKETING" });
    const rate = DEFAULT_RATES_PAISE.whatsapp_marketing;
    const id = await insertCampaign(db(), {
      userId,
      templateId: template.id,
      templateName: template.name,
      numbers: ordinaryNumbers(50, 9000),
      holdPaise: rate * 10 + rate - 1,
      status: "running",
    });
    const paused = await until(
      () => statusOf(id),
      (c) => c.status === "paused",
    );
    expect(paused.statusReason).toBe(HOLD_USED_UP);
    // Ten went out; a receipt that fails one of them gives its charge back to the hold (WhatsApp bills delivered
    // messages), so the spend is ten charges less those, read with the recipients in one statement.
    const rows = await until(
      () => recipientsOf(id),
      (rs) => rs.every((r) => r.state !== "failed" || r.costPaise === 0),
    );
    expect(rows.filter((r) => r.state !== "queued")).toHaveLength(10);
    expect(paused.spentPaise).toBeLessThanOrEqual(rate * 10);
    const money = await spendAndCharges(db(), id);
    expect(money).toEqual({
      spent: rate * rows.filter((r) => r.state !== "queued" && r.state !== "failed").length,
      charges: money.spent,
    });
    expect(server.carrier.sent.filter((m) => rows.some((r) => String(r.id) === m.id))).toHaveLength(10);
  });

  it("pause stops sending and resume continues exactly where it stopped, without completing early", async () => {
    const own = await isolated({
      carrier: fastSandbox("pause"),
      dispatch: { perSecond: { whatsapp: 400 }, batch: 100 },
    });
    try {
      const template = await whatsappTemplate(own.db, own.userId);
      const rows = () =>
        own.db
          .select()
          .from(campaignRecipients)
          .where(eq(campaignRecipients.campaignId, id))
          .orderBy(campaignRecipients.id);
      const campaign = async () => (await own.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];
      const id = await insertCampaign(own.db, {
        userId: own.userId,
        templateId: template.id,
        templateName: template.name,
        numbers: ordinaryNumbers(1000, 20_000),
        holdPaise: 100_000,
        status: "running",
      });
      await until(
        () => stateCounts(own.db, id),
        (n) => total(n) - (n.queued ?? 0) >= 200,
      );
      await transition(own.db, id, "paused", { statusReason: "Paused by the owner" });
      // Rows in flight finish or go back to the queue; then nothing moves.
      await until(
        () => stateCounts(own.db, id),
        (n) => !n.sending,
      );
      const settled = await rows();
      const sentWhilePaused = own.server.carrier.sends.size;
      await new Promise((r) => setTimeout(r, 400));
      expect(own.server.carrier.sends.size).toBe(sentWhilePaused);
      expect(settled.filter((r) => r.state === "queued").length).toBeGreaterThan(0);
      expect((await campaign()).status).toBe("paused");
      await transition(own.db, id, "running", { statusReason: null });
      const done = await until(campaign, (c) => c.status === "completed", 20_000);
      const after = await rows();
      expect(after.every((r) => r.state !== "queued" && r.state !== "sending")).toBe(true);
      expect(after.every((r) => own.server.carrier.sends.get(String(r.id)) === 1)).toBe(true);
      expect(done.status).toBe("completed");
      const money = await spendAndCharges(own.db, id);
      expect(money.spent).toBe(money.charges);
    } finally {
      await own.close();
    }
  });

  it("discard stops sending at once and keeps what was sent", async () => {
    const own = await isolated({
      carrier: fastSandbox("discard"),
      dispatch: { perSecond: { whatsapp: 400 }, batch: 100 },
    });
    try {
      const template = await whatsappTemplate(own.db, own.userId);
      const rows = () =>
        own.db
          .select()
          .from(campaignRecipients)
          .where(eq(campaignRecipients.campaignId, id))
          .orderBy(campaignRecipients.id);
      const id = await insertCampaign(own.db, {
        userId: own.userId,
        templateId: template.id,
        templateName: template.name,
        numbers: ordinaryNumbers(3000, 40_000),
        holdPaise: 1_000_000,
        status: "running",
      });
      await until(
        () => stateCounts(own.db, id),
        (n) => total(n) > (n.queued ?? 0),
      );
      await transition(own.db, id, "discarded");
      await until(
        () => stateCounts(own.db, id),
        (n) => !n.sending,
        5000,
      );
      const stopped = await rows();
      const atStop = own.server.carrier.sends.size;
      await new Promise((r) => setTimeout(r, 300));
      expect(own.server.carrier.sends.size).toBe(atStop);
      expect(stopped.filter((r) => r.state === "queued").length).toBeGreaterThan(2000);
      expect(stopped.filter((r) => r.state !== "queued").length).toBe(atStop);
      const money = await spendAndCharges(own.db, id);
      expect(money.spent).toBe(money.charges);
    } finally {
      await own.close();
    }
  });

  it("campaigns started together each send their first batch: none is given back unsent and claimed again", async () => {
    const own = await isolated({});
    try {
      const template = await whatsappTemplate(own.db, own.userId);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push(
          await insertCampaign(own.db, {
            userId: own.userId,
            templateId: template.id,
            templateName: template.name,
            sender: `phone-together-${i}`,
            numbers: ordinaryNumbers(40, i * 40),
            holdPaise: 40 * DEFAULT_RATES_PAISE.whatsapp_utility,
            status: "paused",
          }),
        );
      }
      await own.db
        .update(campaigns)
        .set({ status: "running", startedAt: new Date() })
        .where(inArray(campaigns.id, ids));
      await until(
        () => own.db.select().from(campaigns).where(inArray(campaigns.id, ids)),
        (cs) => cs.every((c) => c.status === "completed"),
        30_000,
      );
      const rows = await own.db.select().from(campaignRecipients).where(inArray(campaignRecipients.campaignId, ids));
      expect(rows).toHaveLength(200);
      expect(rows.filter((r) => r.attempts !== 1).map((r) => [r.campaignId, r.attempts])).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it("a send the provider refuses for the sender's throughput is tried again in place, never given back to the queue", async () => {
    // Paced at twice what the provider takes: about half the first tries are refused (WhatsApp's 130429).
    const own = await isolated({
      carrier: fastSandbox("throttle", { perSecond: { whatsapp: 20, sms: 20, rcs: 20 } }),
      dispatch: { perSecond: { whatsapp: 40, sms: 40, rcs: 40 } },
    });
    try {
      const template = await whatsappTemplate(own.db, own.userId);
      const numbers = ordinaryNumbers(60);
      const id = await insertCampaign(own.db, {
        userId: own.userId,
        templateId: template.id,
        templateName: template.name,
        numbers,
        holdPaise: numbers.length * DEFAULT_RATES_PAISE.whatsapp_utility,
        status: "running",
      });
      await until(
        () => own.db.select().from(campaigns).where(eq(campaigns.id, id)),
        ([c]) => c.status === "completed",
        30_000,
      );
      const rows = await own.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
      const tries = rows.map((r) => own.server.carrier.sends.get(String(r.id)) ?? 0);
      expect(Math.max(...tries)).toBeGreaterThan(1);
      // Claimed once each: a refusal did not write the row back to queued and claim it again.
      expect(rows.map((r) => r.attempts)).toEqual(rows.map(() => 1));
      expect(rows.filter((r) => ["queued", "sending", "unknown"].includes(r.state) || r.code === "130429")).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it("auto-pauses when more than 20 % of the last outcomes failed, with the reason", async () => {
    const own = await isolated({
      carrier: fastSandbox("failing", { deliveredPercent: 40, failedPercent: 60 }),
      dispatch: { batch: 40, perSecond: { whatsapp: 100 } },
    });
    try {
      const template = await whatsappTemplate(own.db, own.userId);
      const id = await insertCampaign(own.db, {
        userId: own.userId,
        templateId: template.id,
        templateName: template.name,
        numbers: ordinaryNumbers(2000, 60_000),
        holdPaise: 1_000_000,
        status: "running",
      });
      const paused = await until(
        async () => (await own.db.select().from(campaigns).where(eq(campaigns.id, id)))[0],
        (c) => c.status !== "running",
        40_000,
      );
      expect(paused.status).toBe("paused");
      expect(paused.statusReason).toMatch(/^Paused automatically: \d+ % of the last \d+ messages failed$/);
      const rows = await own.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
      expect(rows.some((r) => r.state === "queued")).toBe(true);
    } finally {
      await own.close();
    }
  });

  it("a recipient left `sending` after its lease is retried with the same id on an idempotent carrier: delivered once, charged once", async () => {
    const template = await whatsappTemplate(db(), userId);
    const id = await insertCampaign(db(), {
      userId,
      templateId: template.id,
      templateName: template.name,
      numbers: ordinaryNumbers(5, 70_000),
      holdPaise: 1000,
      status: "paused",
    });
    const [first] = await recipientsOf(id);
    const rate = DEFAULT_RATES_PAISE.whatsapp_utility;
    // As a worker that died mid-send leaves it: claimed, charged, lease over.
    await db().execute(
      sql`update campaign_recipients set state = 'sending', lease_until = now() - interval '1 second', cost_paise = ${rate}, attempts = 1 where id = ${first.id}`,
    );
    await db().execute(sql`update campaigns set spent_paise = ${rate} where id = ${id}`);
    await transition(db(), id, "running");
    const done = await finished(id);
    const rows = await recipientsOf(id);
    expect(rows.filter((r) => r.state === "queued" || r.state === "sending")).toEqual([]);
    expect(server.carrier.sends.get(String(first.id))).toBe(1);
    const money = await spendAndCharges(db(), id);
    expect(money.spent).toBe(money.charges);
    expect(done.spentPaise).toBe(5 * rate);
  });

  it("without idempotency keys such a recipient becomes `unknown`, is never re-sent, and a later receipt reconciles it", async () => {
    const carrier = fastSandbox("no-keys");
    const own = await isolated({ carrier: { ...carrier, idempotentSends: false }, dispatch: { leaseMs: 1000 } });
    try {
      const template = await whatsappTemplate(own.db, own.userId);
      const rows = () =>
        own.db
          .select()
          .from(campaignRecipients)
          .where(eq(campaignRecipients.campaignId, id))
          .orderBy(campaignRecipients.id);
      const id = await insertCampaign(own.db, {
        userId: own.userId,
        templateId: template.id,
        templateName: template.name,
        numbers: ordinaryNumbers(3, 80_000),
        holdPaise: 1000,
        status: "paused",
      });
      const [first] = await rows();
      await own.db.execute(
        sql`update campaign_recipients set state = 'sending', lease_until = now() - interval '1 second', attempts = 1 where id = ${first.id}`,
      );
      await transition(own.db, id, "running");
      await until(
        async () => (await own.db.select().from(campaigns).where(eq(campaigns.id, id)))[0],
        (c) => c.status === "completed",
      );
      expect((await rows())[0].state).toBe("unknown");
      expect(carrier.sends.get(String(first.id)) ?? 0).toBe(0);
      carrier.inject({
        type: "receipt",
        providerMessageId: "late-1",
        messageId: String(first.id),
        status: "delivered",
        at: new Date(),
      });
      const reconciled = await until(rows, (rs) => rs[0].state === "delivered");
      expect(reconciled[0].providerMessageId).toBe("late-1");
    } finally {
      await own.close();
    }
  });

  it("progress goes to the owner's sockets only, throttled, with a final push at completion", async () => {
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = server.app.server.address() as AddressInfo;
    const socketOf = async (name: "user" | "manager") => {
      const socket = connect(`http://127.0.0.1:${port}`, {
        transports: ["websocket"],
        auth: { token: await server.token(name) },
      });
      await new Promise<void>((resolve, reject) => socket.on("connect", resolve).on("connect_error", reject));
      return socket;
    };
    const mine = await socketOf("user");
    const other = await socketOf("manager");
    const pushed: ProgressUpdate[] = [];
    const leaked: ProgressUpdate[] = [];
    mine.on(PROGRESS_EVENT, (u: ProgressUpdate) => pushed.push(u));
    other.on(PROGRESS_EVENT, (u: ProgressUpdate) => leaked.push(u));
    try {
      const template = await whatsappTemplate(db(), userId);
      const id = await insertCampaign(db(), {
        userId,
        templateId: template.id,
        templateName: template.name,
        numbers: ordinaryNumbers(500, 90_000),
        holdPaise: 100_000,
        status: "running",
      });
      await finished(id);
      // The failed receipts' charges come back after completion, and a push says so: the last one has the final spend.
      const rows = await until(
        () => recipientsOf(id),
        (rs) => rs.every((r) => r.state !== "failed" || r.costPaise === 0),
      );
      const spent = rows.filter((r) => r.state !== "failed").length * DEFAULT_RATES_PAISE.whatsapp_utility;
      const last = await until(
        async () => pushed.filter((u) => u.campaignId === id).at(-1),
        (u) => u?.status === "completed" && u.spent === spent / 100,
      );
      expect(last).toMatchObject({ campaignId: id, channel: "whatsapp", total: 500, percent: 100, statusReason: null });
      const mineForIt = pushed.filter((u) => u.campaignId === id);
      const span = (Date.parse(mineForIt.at(-1)?.at ?? "") - Date.parse(mineForIt[0]?.at ?? "")) / 1000;
      expect(mineForIt.length).toBeLessThanOrEqual(Math.ceil((span + 1) * 4) + 1);
      expect(leaked).toEqual([]);
    } finally {
      mine.close();
      other.close();
    }
  });
});
