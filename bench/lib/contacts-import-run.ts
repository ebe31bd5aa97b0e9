// One contacts import for bench/contacts-import.mjs, in a process of its own so its peak memory is the import's alone:
// node --import tsx bench/lib/contacts-import-run.ts <csv> <batch>. The product's path below the HTTP layer: the file
// stored, its head read (createImport), the mapping checked and queued (startImport), and the job's run (runImport).
import { createReadStream, statSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../server/db/client";
import { contactAttributeDefs, contactImports, users } from "../../server/db/schema";
import { createImport, startImport } from "../../server/services/contacts/imports";
import { runImport } from "../../server/services/contacts/import-run";
import { diskStorage } from "../../server/storage/disk";
import { eq } from "drizzle-orm";

const [csv, batch] = process.argv.slice(2);
const dataDir = process.env.BENCH_DATA_DIR as string;
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: join(dataDir, "db"),
});
const { db } = database;
const storage = diskStorage(join(dataDir, "uploads"));
const key = `contacts/bench-${Date.now()}/import`;
await storage.putStream(key, createReadStream(csv), "text/csv");

const [user] = await db
  .insert(users)
  .values({
    username: `bench-${Date.now()}`,
    email: `bench-${Date.now()}@example.com`,
    passwordHash: "x",
    role: "manager",
    name: "Bench",
  })
  .returning();
await db.insert(contactAttributeDefs).values([
  { userId: user.id, key: "city", label: "City", type: "text" },
  { userId: user.id, key: "orders", label: "Orders", type: "number" },
]);

const started = performance.now();
const cpuBefore = process.cpuUsage();
const uploaded = await createImport(db, storage, user.id, user.id, {
  kind: "csv",
  key,
  name: "bench.csv",
  bytes: statSync(csv).size,
});
await startImport(db, user.id, uploaded.id, { mapping: uploaded.suggested, mode: "update" });
const [queued] = await db.select().from(contactImports).where(eq(contactImports.id, uploaded.id));
await runImport({ db, storage, leaseMs: 600_000, batchSize: Number(batch) }, queued);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const [done] = await db.select().from(contactImports).where(eq(contactImports.id, uploaded.id));
await database.close();
process.stdout.write(
  `${JSON.stringify({
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    mapping: uploaded.suggested,
    status: done.status,
    rowsRead: done.rowsRead,
    created: done.created,
    updated: done.updated,
    rejected: done.rejected,
    peakRssKb: process.resourceUsage().maxRSS,
  })}\n`,
);
