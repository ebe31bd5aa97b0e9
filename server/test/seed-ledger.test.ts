import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceLedger, campaigns, rateCardAudit, rateCards, supportTicketMessages, users } from "../db/schema";
import { DEMO_RESELLER_COST } from "../seed-ledger";
import { DEMO_ACCOUNTS } from "../seed";
import { startServer, type TestServer } from "./harness";
import { expectLedgerBalanced, ledgerMismatches } from "./ledger-invariant";

// A fresh install's demo: its seeded campaigns spent money, so the ledger says so, and every account's money adds up.

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => s?.close());
const db = () => s.database.db;

describe("the seeded demo's money", () => {
  it("balance = ledger, and the ledger = the campaigns' and messages' charges, for every account", async () => {
    await expectLedgerBalanced(db());
  });

  it("the invariant sees a balance changed without a ledger row", async () => {
    const id = await s.id("globex");
    const [{ balance }] = await db().select({ balance: users.balance }).from(users).where(eq(users.id, id));
    await db()
      .update(users)
      .set({ balance: (Number(balance) + 1).toFixed(2) })
      .where(eq(users.id, id));
    try {
      const globex = (await ledgerMismatches(db())).filter((line) => line.startsWith("globex:"));
      expect(globex).toEqual([
        `globex: balance ₹${(Number(balance) + 1).toFixed(2)} ≠ sum of its 1 ledger rows ₹${Number(balance).toFixed(2)}`,
      ]);
    } finally {
      await db().update(users).set({ balance }).where(eq(users.id, id));
    }
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.username, a.balance] as const))(
    "%s has the documented balance ₹%d",
    async (username, rupees) => {
      const [row] = await db().select({ balance: users.balance }).from(users).where(eq(users.username, username));
      expect(Number(row.balance)).toBe(rupees);
    },
  );

  it("each started campaign's hold is in its owner's ledger; a ready one holds nothing", async () => {
    const seeded = await db().select().from(campaigns);
    expect(seeded.length).toBeGreaterThan(0);
    for (const c of seeded) {
      const rows = await db()
        .select()
        .from(balanceLedger)
        .where(and(eq(balanceLedger.userId, c.userId), eq(balanceLedger.note, `Campaign "${c.name}"`)));
      const holds = rows.filter((r) => r.kind === "campaign_hold").map((r) => Number(r.amount));
      const releases = rows.filter((r) => r.kind === "campaign_release").map((r) => Number(r.amount));
      if (c.status === "ready")
        expect({ name: c.name, holds, releases, held: c.heldPaise }).toEqual({
          name: c.name,
          holds: [],
          releases: [],
          held: 0,
        });
      else if (c.status === "paused") {
        // Paused with recipients still queued: the whole estimate stays held, part of it spent.
        expect({ name: c.name, holds, releases, held: c.heldPaise }).toEqual({
          name: c.name,
          holds: [-c.estimatedPaise / 100],
          releases: [],
          held: c.estimatedPaise,
        });
        expect(c.spentPaise).toBeGreaterThan(0);
        expect(c.spentPaise).toBeLessThan(c.heldPaise);
      } else {
        expect({ name: c.name, status: c.status, holds, releases, held: c.heldPaise }).toEqual({
          name: c.name,
          status: "completed",
          holds: [-c.estimatedPaise / 100],
          releases: [(c.estimatedPaise - c.spentPaise) / 100],
          held: c.spentPaise,
        });
      }
    }
  });

  it("the manager's quota (last 7 days) shows as held what its accounts' campaigns show as held", async () => {
    const res = await s.call({ method: "GET", url: "/api/quota/summary", as: "manager" });
    expect(res.statusCode, res.body).toBe(200);
    const { held, released } = res.json().data.totals as { held: number; released: number };
    const manager = await s.id("manager");
    const reach = await db().select({ id: users.id }).from(users).where(eq(users.parentId, manager));
    const ids = new Set([manager, ...reach.map((u) => u.id)]);
    const shown = (await db().select().from(campaigns))
      .filter((c) => ids.has(c.userId))
      .reduce((sum, c) => sum + c.heldPaise, 0);
    expect(shown).toBeGreaterThan(0);
    expect(Math.round((held - released) * 100)).toBe(shown);
  });
});

describe("the seeded operator's ledger (issue 37)", () => {
  it("gives the reseller a cost below the global rates, audited, and a margin over its customers' campaigns", async () => {
    const reseller = await s.id("reseller");
    const cards = await db().select().from(rateCards).where(eq(rateCards.accountId, reseller));
    expect(Object.fromEntries(cards.map((c) => [c.key, c.paise]))).toEqual(DEMO_RESELLER_COST);
    const audit = await db().select().from(rateCardAudit).where(eq(rateCardAudit.accountId, reseller));
    expect(audit).toHaveLength(cards.length);
    // The last 60 days: every seeded campaign (the oldest started days ago).
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const res = await s.call({ method: "GET", url: `/api/v1/rate-margins?from=${from}`, as: "reseller" });
    expect(res.statusCode, res.body).toBe(200);
    const { total } = res.json() as { total: { charged: number; cost: number; margin: number } };
    expect(total.charged).toBeGreaterThan(0);
    expect(total.margin).toBeGreaterThan(0);
    expect(Math.round((total.charged - total.cost) * 100)).toBe(Math.round(total.margin * 100));
  });

  it("files one support ticket of the reseller's with the admin's answer", async () => {
    const res = await s.call({ method: "GET", url: "/api/v1/support/tickets", as: "reseller" });
    expect(res.statusCode, res.body).toBe(200);
    const tickets = (res.json() as { data: { _id: string; status: string; subject: string }[] }).data;
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ status: "answered", subject: "How do I set a customer's rates?" });
    const thread = await db()
      .select()
      .from(supportTicketMessages)
      .where(eq(supportTicketMessages.ticketId, tickets[0]._id));
    expect(thread.map((m) => m.authorId).sort()).toEqual([await s.id("admin"), await s.id("reseller")].sort());
  });
});
