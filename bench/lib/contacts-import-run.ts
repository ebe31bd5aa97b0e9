// One contacts import for bench/contacts-import.mjs, in a process of its own so its peak memory is the import's alone:
// node --import tsx bench/lib/contacts-import-run.ts <csv> <batch>. The product's path below the HTTP layer: the file
// stored, its head read (createImport), the mapping checked and queued (startImport), and the job's run (runImport).
import { statSync } from "node:fs";
import { contactAttributeDefs, contactImports } from "../../server/db/schema";
import { createImport, startImport } from "../../server/services/contacts/imports";
import { runImport } from "../../server/services/contacts/import-run";
import { startFileRun } from "./file-run";
import { eq } from "drizzle-orm";

const [csv, batch] = process.argv.slice(2);
const { database, storage, key, user } = await startFileRun(csv, `contacts/bench-${Date.now()}/import`, "manager");
const { db } = database;
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
