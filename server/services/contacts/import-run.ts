// The import job's work on one claimed import: the stored file read row by row (the audience readers), each row decided
// by the mapping (import-rows.ts), duplicates of an earlier row rejected (the first row wins), and batches written
// set-based with the counts and the lease renewed after each, so the console's progress bar follows the job row.
//
// Each batch's contacts, rejected rows and counts are written in one transaction, so what the import row counts is
// exactly what was written. A re-run (the lease lapsed: the process died) reads the file again from the start but only
// rebuilds its duplicate check over the rows already counted, and writes from the first row after them: the counts
// read as one run's, and nothing is written twice.
import { and, eq, inArray } from "drizzle-orm";
import {
  IMPORT_MAX_ROWS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MESSAGES,
  IMPORT_REJECT,
} from "../../../contract/domain/contact-import";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/sql";
import { contactImports } from "../../db/schema";
import type { Storage } from "../../storage";
import { E164Set } from "../campaigns/audience/number-set";
import { JunkError } from "../campaigns/audience/rows";
import { definitionsOf } from "./attributes";
import { rowReader, type ImportedContact } from "./import-rows";
import { filled, openRows } from "./import-source";
import { writeContacts, writeRejects, type RejectedImportRow } from "./import-write";

type Row = typeof contactImports.$inferSelect;

export interface ImportRunOptions {
  db: Db;
  storage: Storage;
  leaseMs: number;
  /** Rows per write (and per progress update). */
  batchSize?: number;
  maxRows?: number;
  signal?: AbortSignal;
}

class ImportFailure extends Error {}
/** The import was taken over (its lease lapsed) or ended elsewhere: the batch's transaction is rolled back. */
class NotOurs extends Error {}

const CELL_MAX = 1000;

export async function runImport(options: ImportRunOptions, claimed: Row): Promise<void> {
  const { db, storage, leaseMs } = options;
  const batchSize = options.batchSize ?? 5000;
  const maxRows = options.maxRows ?? IMPORT_MAX_ROWS;
  const lease = () => new Date(Date.now() + leaseMs);
  const [current] = await db
    .update(contactImports)
    .set({ status: "running", nextRunAt: lease() })
    .where(and(eq(contactImports.id, claimed.id), inArray(contactImports.status, ["queued", "running"])))
    .returning();
  if (!current?.mapping || !current.mode) return;
  const { mapping, mode } = current;

  const read = rowReader(mapping, await definitionsOf(db, current.userId));
  const seen = new E164Set();
  /** Data rows already counted by an earlier run: read again for the duplicate check only. */
  const counted = current.rowsRead;
  let position = 0;
  const counts = {
    rowsRead: current.rowsRead,
    created: current.created,
    updated: current.updated,
    skipped: current.skipped,
    rejected: current.rejected,
  };
  let contacts: ImportedContact[] = [];
  let rejects: RejectedImportRow[] = [];
  const source = await openRows(storage, { kind: current.sourceKind, key: current.sourceKey });

  /** Writes the batch with its counts in one transaction (renewing the lease); false when the import is not ours now. */
  const flush = async (): Promise<boolean> => {
    const batch = { contacts, rejects };
    contacts = [];
    rejects = [];
    try {
      const next = await db.transaction(async (tx: Tx) => {
        const written = await writeContacts(tx, current.userId, mode, batch.contacts);
        await writeRejects(tx, current.id, batch.rejects);
        const after = {
          ...counts,
          created: counts.created + written.created,
          updated: counts.updated + written.updated,
          skipped: counts.skipped + written.skipped,
        };
        const moved = await tx
          .update(contactImports)
          .set({ ...after, readBytes: source?.bytes() ?? 0, nextRunAt: lease() })
          .where(and(eq(contactImports.id, current.id), eq(contactImports.status, "running")))
          .returning({ id: contactImports.id });
        if (moved.length === 0) throw new NotOurs();
        return after;
      });
      Object.assign(counts, next);
      return true;
    } catch (error) {
      if (error instanceof NotOurs) return false;
      throw error;
    }
  };

  const finish = async (set: Partial<Row>) => {
    await db
      .update(contactImports)
      .set({ ...set, nextRunAt: null, finishedAt: new Date() })
      .where(and(eq(contactImports.id, current.id), eq(contactImports.status, "running")));
    // The rows and the reasons are in the tables now: the file is not needed again.
    await storage.delete(current.sourceKey).catch(() => undefined);
  };

  try {
    if (!source) throw new ImportFailure(IMPORT_MESSAGES.missingFile);
    let header = true;
    for (;;) {
      if (options.signal?.aborted) {
        // Shutting down: another process starts this import over at once (a re-run begins by clearing).
        await source.batches.return?.();
        await db.update(contactImports).set({ nextRunAt: new Date() }).where(eq(contactImports.id, current.id));
        return;
      }
      const next = await source.batches.next();
      if (next.done) break;
      for (const item of next.value) {
        // A full batch is written before the next row is taken: writes are batchSize rows, whatever the reader hands on.
        if ((contacts.length >= batchSize || rejects.length >= batchSize) && !(await flush())) {
          await source.batches.return?.();
          return;
        }
        if (!filled(item.cells)) continue;
        // The first row with a value is the header the mapping was made from.
        if (header) {
          header = false;
          continue;
        }
        const verdict = read(item.cells);
        if (++position <= counted) {
          if (verdict.ok) seen.add(verdict.contact.number);
          continue;
        }
        if (++counts.rowsRead > maxRows) throw new ImportFailure(IMPORT_MESSAGES.tooMany(maxRows));
        const reason = !verdict.ok
          ? verdict.reason
          : seen.has(verdict.contact.number)
            ? IMPORT_REJECT.duplicate(verdict.contact.number)
            : null;
        if (reason || !verdict.ok) {
          counts.rejected++;
          const cells = item.cells.slice(0, IMPORT_MAX_COLUMNS).map((c) => c.slice(0, CELL_MAX));
          rejects.push({ row: item.row, cells, reason: reason ?? "" });
          continue;
        }
        seen.add(verdict.contact.number);
        contacts.push(verdict.contact);
      }
    }
    if (!(await flush())) return;
    await finish({ status: "done", readBytes: current.totalBytes });
  } catch (error) {
    const reason = error instanceof ImportFailure || error instanceof JunkError ? error.message : undefined;
    if (!reason) throw error;
    await finish({ status: "failed", statusReason: reason, ...counts });
  }
}
