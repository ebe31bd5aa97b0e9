// What a one-file bench child (ingest-run.ts, contacts-import-run.ts) starts from: the bench's database and disk
// storage under BENCH_DATA_DIR, the CSV stored under `key` as an upload would be, and a fresh account to own it.
import { createReadStream } from "node:fs";
import { join } from "node:path";
import { openDatabase, type Database } from "../../server/db/client";
import { users } from "../../server/db/schema";
import { diskStorage } from "../../server/storage/disk";
import type { Storage } from "../../server/storage";

export interface FileRun {
  database: Database;
  storage: Storage;
  key: string;
  user: typeof users.$inferSelect;
}

export async function startFileRun(csv: string, key: string, role: "user" | "manager"): Promise<FileRun> {
  const dataDir = process.env.BENCH_DATA_DIR as string;
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: join(dataDir, "db"),
  });
  const storage = diskStorage(join(dataDir, "uploads"));
  await storage.putStream(key, createReadStream(csv), "text/csv");
  const [user] = await database.db
    .insert(users)
    .values({
      username: `bench-${Date.now()}`,
      email: `bench-${Date.now()}@example.com`,
      passwordHash: "x",
      role,
      name: "Bench",
    })
    .returning();
  return { database, storage, key, user };
}
