// One ingest for bench/ingest.mjs, in a process of its own so its peak memory is the ingest's alone:
// node --import tsx bench/lib/ingest-run.ts <csv> <batch>
import { statSync } from "node:fs";
import { campaigns } from "../../server/db/schema";
import { ingestCampaign } from "../../server/services/campaigns/audience/ingest";
import { startFileRun } from "./file-run";

const [csv, batch] = process.argv.slice(2);
const { database, storage, key, user } = await startFileRun(csv, `campaigns/bench-${Date.now()}/audience`, "user");
const { db } = database;
const [campaign] = await db
  .insert(campaigns)
  .values({
    userId: user.id,
    channel: "sms",
    name: "Bench",
    templateId: user.id,
    templateName: "bench",
    variables: ["{{name}}"],
    sourceKind: "csv",
    sourceKey: key,
    totalBytes: statSync(csv).size,
    nextRunAt: new Date(),
  })
  .returning();

const started = performance.now();
const cpuBefore = process.cpuUsage();
const done = await ingestCampaign({ db, storage, leaseMs: 600_000, batchSize: Number(batch) }, campaign);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
await database.close();
process.stdout.write(
  `${JSON.stringify({
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    status: done?.status,
    rowsRead: done?.rowsRead,
    valid: done?.validCount,
    invalid: done?.invalidCount,
    duplicates: done?.duplicateCount,
    peakRssKb: process.resourceUsage().maxRSS,
  })}\n`,
);
