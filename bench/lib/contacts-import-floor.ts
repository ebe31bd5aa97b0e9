// The floor beside bench/lib/contacts-import-run.ts, in a process of its own: the same file read by the same reader
// (openRows), each row taken as it stands (no mapping, number check, dedupe, rejects, counts or lease) and written by
// the import's own statement (writeContacts) in batches of the same size, one transaction each. What the import takes
// beyond this is its own work; what this takes is the reader's and the database's.
import { statSync } from "node:fs";
import { openRows } from "../../server/services/contacts/import-source";
import { writeContacts } from "../../server/services/contacts/import-write";
import type { ImportedContact } from "../../server/services/contacts/import-rows";
import { startFileRun } from "./file-run";

const [csv, batch] = process.argv.slice(2);
const batchSize = Number(batch);
const { database, storage, key, user } = await startFileRun(csv, `contacts/floor-${Date.now()}/import`, "manager");
const { db } = database;

const started = performance.now();
const cpuBefore = process.cpuUsage();
const open = await openRows(storage, { kind: "csv", key });
if (!open) throw new Error("the stored file is missing");
let pending: ImportedContact[] = [];
let rowsRead = 0;
let created = 0;
const flush = async () => {
  const rows = pending;
  pending = [];
  created += (await db.transaction((tx) => writeContacts(tx, user.id, "update", rows))).created;
};
let header = true;
let last = "";
for (let next = await open.batches.next(); !next.done; next = await open.batches.next()) {
  for (const { cells } of next.value) {
    if (header) {
      header = false;
      continue;
    }
    rowsRead++;
    const [number = "", name = "", email = "", tags = "", city = "", orders = ""] = cells;
    // The file repeats a row's number on the next row now and then, and its invalid numbers are all alike; one
    // statement cannot write a number twice.
    if (number === last || number.length !== 10) continue;
    last = number;
    pending.push({
      number: `+91${number}`,
      name,
      email,
      labels: tags.split(";").map((t) => t.trim()),
      attributes: { city, orders: Number(orders) },
    });
    if (pending.length >= batchSize) await flush();
  }
}
if (pending.length) await flush();
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
await database.close();
process.stdout.write(
  `${JSON.stringify({
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    rowsRead,
    created,
    bytes: statSync(csv).size,
    peakRssKb: process.resourceUsage().maxRSS,
  })}\n`,
);
