// One report generation for bench/report.mjs, in a process of its own so its peak memory is the report's alone: the
// real report job (claim, then write the file as a stream through Storage.putStream, then mark it ready) on the seeded
// data. node --import tsx bench/lib/report-run.ts <userId> <campaignId> <csv|xlsx> <batch>
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../server/db/client";
import { reports } from "../../server/db/schema";
import { reportGenerationJob } from "../../server/jobs/report-generation";
import { linkKeyOf } from "../../server/services/links/code";
import { diskStorage } from "../../server/storage/disk";

const [userId, campaignId, format, batch] = process.argv.slice(2);
const dataDir = process.env.BENCH_DATA_DIR as string;
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: join(dataDir, "db"),
});
const { db } = database;
const storage = diskStorage(join(dataDir, "uploads"));
const silent = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as Parameters<
  typeof reportGenerationJob
>[0]["log"];
let pushes = 0;
const job = reportGenerationJob({
  db,
  storage,
  batch: Number(batch),
  // A campaign report never renders short links; the message log's export would, with the server's key.
  linkKey: linkKeyOf("bench"),
  leaseMs: 600_000,
  ttlMs: 3_600_000,
  maxAttempts: 3,
  announce: () => (pushes += 1),
  log: silent,
});
const [queued] = await db
  .insert(reports)
  .values({
    userId,
    dateFrom: "2024-03-01",
    dateTo: "2024-03-31",
    channel: "whatsapp",
    campaignId,
    campaignName: "Bench report campaign",
    detailed: true,
    format: format as "csv" | "xlsx",
  })
  .returning();

const started = performance.now();
const cpuBefore = process.cpuUsage();
const [claimed] = await db.transaction((tx) => job.claim(tx as unknown as typeof db, new Date(), 1));
await job.process(claimed, new AbortController().signal);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const [done] = await db.select().from(reports).where(eq(reports.id, queued.id));
await database.close();
process.stdout.write(
  `${JSON.stringify({
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    status: done.status,
    rows: done.rowsDone,
    bytes: done.fileSize,
    pushes,
    peakRssKb: process.resourceUsage().maxRSS,
  })}\n`,
);
