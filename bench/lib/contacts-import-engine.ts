// The engine's floor beside bench/lib/contacts-import-floor.ts, in a process of its own: as many contacts as the file
// holds, of the same shape (number, name, email, two labels, two attributes), made inside the database by
// generate_series and written in batches of the same size, one transaction each, into the same table with its indexes
// and trigger. No file, no reader, no parameters, no client: what PGlite itself takes to write these rows. An import
// cannot be faster than this; the goal is judged against it.
import { sql } from "drizzle-orm";
import { startFileRun } from "./file-run";

const [csv, batch, rowsArg] = process.argv.slice(2);
const batchSize = Number(batch);
const rows = Number(rowsArg);
const { database, user } = await startFileRun(csv, `contacts/engine-${Date.now()}/import`, "manager");
const { db } = database;

const started = performance.now();
const cpuBefore = process.cpuUsage();
for (let lo = 0; lo < rows; lo += batchSize) {
  const hi = Math.min(rows, lo + batchSize) - 1;
  await db.transaction((tx) =>
    tx.execute(sql`insert into contacts (user_id, number, name, email, labels, attributes, source)
      select ${user.id}::uuid, '+91' || (9000000000 + g)::text, 'Person ' || g, 'p' || g || '@example.com',
        array['customer', 'batch ' || (g % 7)], jsonb_build_object('city', 'City ' || (g % 100), 'orders', g % 1000),
        'import'
      from generate_series(${lo}::bigint, ${hi}::bigint) g`),
  );
}
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
await database.close();
process.stdout.write(`${JSON.stringify({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, rowsRead: rows })}\n`);
