import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceLedger, campaigns, users } from "../db/schema";
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
