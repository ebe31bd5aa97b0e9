// What each campaign recipient was given back (issue 37): the message log shows, per recipient, the charge kept and
// the refund, and over a campaign the refunds add up to the ledger's release, when the hold was exactly the charges.
// End to end on the dispatching server and the sandbox carrier, with the settlement's short cut-off.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATES } from "../../contract/domain/charging";
import type { Database } from "../db/client";
import { balanceLedger, campaigns } from "../db/schema";
import {
  dispatchServer,
  fastSandbox,
  insertCampaign,
  setBalance,
  until,
  whatsappTemplate,
  type DispatchServer,
} from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

// The sandbox's numbers (contract/domain/sandbox-numbers.ts).
const DELIVERED = ["+919000000001", "+919000000002"];
const FAILS = ["+919000000041", "+919000000042"]; // sent, then a failed receipt
const SILENT = ["+919000000071"]; // sent, then nothing: given back at the cut-off
const WINDOW_MS = 2500;
const RATE = DEFAULT_RATES.whatsapp_marketing;

let database: Database;
let server: DispatchServer;
let userId = "";
const db = () => database.db;

beforeAll(async () => {
  database = await freshDatabase();
  server = await dispatchServer(database, {
    carrier: fastSandbox("refunds"),
    dispatch: { settleWindowMs: WINDOW_MS, settleEveryMs: 300 },
  });
  userId = await server.id("user");
  // The seed's ended campaigns settle first, so their releases are not mistaken for this test's.
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

interface LogRow {
  to: string;
  status: string;
  chargedPaise: number | null;
  refundedPaise: number | null;
}

async function logOf(campaignId: string): Promise<LogRow[]> {
  const token = await server.token("user");
  const res = await server.app.inject({
    method: "GET",
    url: `/api/v1/message-log?campaignId=${campaignId}&limit=200`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: LogRow[] }).data;
}

describe("a campaign's refunds per recipient", () => {
  it("shows charged and refunded per recipient; the refunds add up to the ledger's release", async () => {
    const numbers = [...DELIVERED, ...FAILS, ...SILENT];
    const t = await whatsappTemplate(db(), userId, { category: "MARKETING" });
    const id = await insertCampaign(db(), {
      userId,
      templateId: t.id,
      templateName: t.name,
      numbers,
      // Exactly every message's charge: whatever comes back is a refund, not an unspent estimate.
      holdPaise: numbers.length * RATE,
      sender: "phone-1",
    });
    const [{ name }] = await until(
      () => db().select().from(campaigns).where(eq(campaigns.id, id)),
      ([c]) => c.settledAt !== null,
      WINDOW_MS * 6,
    );
    const rows = await logOf(id);
    const by = Object.fromEntries(rows.map((r) => [r.to, r]));
    for (const n of DELIVERED) expect(by[n], n).toMatchObject({ chargedPaise: RATE, refundedPaise: 0 });
    for (const n of [...FAILS, ...SILENT]) expect(by[n], n).toMatchObject({ chargedPaise: 0, refundedPaise: RATE });
    for (const n of FAILS) expect(by[n].status).toBe("failed");

    const released = await db()
      .select({ amount: balanceLedger.amount })
      .from(balanceLedger)
      .where(
        and(
          eq(balanceLedger.userId, userId),
          eq(balanceLedger.kind, "campaign_release"),
          eq(balanceLedger.note, `Campaign "${name}"`),
        ),
      );
    const refunded = rows.reduce((s, r) => s + (r.refundedPaise ?? 0), 0);
    expect(refunded).toBe((FAILS.length + SILENT.length) * RATE);
    expect(released.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0)).toBe(refunded);
  });
});
