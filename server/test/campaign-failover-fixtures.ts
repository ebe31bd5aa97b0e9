// The set-up the WhatsApp and RCS failover tests share: one dispatching server on the fast sandbox with a send log,
// the user with money, and the reads each test makes of its campaign, its recipients and the SMS sends.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Database } from "../db/client";
import { campaignRecipients, campaigns } from "../db/schema";
import { dispatchServer, fastSandbox, setBalance, until, type DispatchServer } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

export interface FailoverSuite {
  readonly server: DispatchServer;
  readonly userId: string;
  db(): Database["db"];
  campaignOf(id: string): Promise<typeof campaigns.$inferSelect>;
  recipientsOf(id: string): Promise<(typeof campaignRecipients.$inferSelect)[]>;
  finished(id: string): Promise<typeof campaigns.$inferSelect>;
  /** What the SMS sends of recipient `id` reached: accepted (delivered once) and retried (deduplicated) lines. */
  smsLog(id: number): { first: number; again: number };
}

/** Registers the file's beforeAll/afterAll; `seed` names the sandbox's seed and the send log's folder. */
export function failoverSuite(seed: string, failoverTtlMs: number): FailoverSuite {
  let database: Database | undefined;
  let server: DispatchServer | undefined;
  let userId = "";
  const sendLog = join(mkdtempSync(join(tmpdir(), `${seed}-`)), "sends.log");
  beforeAll(async () => {
    database = await freshDatabase();
    server = await dispatchServer(database, {
      carrier: fastSandbox(seed, { sendLog }),
      dispatch: { failoverTtlMs, leaseMs: 1000 },
    });
    userId = await server.id("user");
    await setBalance(database.db, userId, "100000.00");
  });
  // Both messages of a failed-over recipient settle against the campaign's hold: balance = ledger after each test.
  afterEach(async () => {
    if (database) await expectLedgerBalanced(database.db);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });
  const db = () => {
    if (!database) throw new Error("the failover suite's database is opened in beforeAll");
    return database.db;
  };
  const campaignOf = async (id: string) => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0];
  return {
    get server() {
      if (!server) throw new Error("the failover suite's server starts in beforeAll");
      return server;
    },
    get userId() {
      return userId;
    },
    db,
    campaignOf,
    recipientsOf: (id) =>
      db()
        .select()
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, id))
        .orderBy(campaignRecipients.id),
    finished: (id) =>
      until(
        () => campaignOf(id),
        (c) => c.status === "completed",
      ),
    smsLog: (id) => {
      const lines = readFileSync(sendLog, "utf8")
        .split("\n")
        .filter((l) => l.startsWith(`${id}:sms `));
      return {
        first: lines.filter((l) => !l.endsWith(" again")).length,
        again: lines.filter((l) => l.endsWith(" again")).length,
      };
    },
  };
}
