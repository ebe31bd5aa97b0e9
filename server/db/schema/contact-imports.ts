import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ImportMode, ImportStatus } from "../../../contract/domain/contact-import";
import { users } from "./accounts";
import { createdAt } from "./columns";

/**
 * A contacts import (issue 39, item 2): the uploaded file (in Storage under `source_key`), its headers and first rows
 * for the mapping step, then the mapping and mode it was started with, and the counts the job writes as it reads (the
 * console's progress bar polls them). `next_run_at` is the claim loop's due time and lease, null when nothing is due.
 */
export const contactImports = pgTable(
  "contact_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The account that holds the contacts (a manager for its users and department heads). */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").notNull(),
    fileName: text("file_name").notNull(),
    sourceKind: text("source_kind").$type<"csv" | "xlsx">().notNull(),
    sourceKey: text("source_key").notNull(),
    totalBytes: bigint("total_bytes", { mode: "number" }).notNull(),
    headers: text("headers").array().notNull(),
    preview: jsonb("preview").$type<string[][]>().notNull(),
    /** One target per column: a field, `attributes.<key>` or `skip`; null until started. */
    mapping: text("mapping").array(),
    mode: text("mode").$type<ImportMode>(),
    status: text("status").$type<ImportStatus>().notNull().default("uploaded"),
    statusReason: text("status_reason"),
    readBytes: bigint("read_bytes", { mode: "number" }).notNull().default(0),
    rowsRead: integer("rows_read").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("contact_imports_user_idx").on(t.userId, t.createdAt.desc()),
    index("contact_imports_due_idx").on(t.nextRunAt),
  ],
);

/** The rows an import refused, with the file's own cells and the reason: the rejected-rows CSV. */
export const contactImportRejects = pgTable(
  "contact_import_rejects",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => contactImports.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    cells: text("cells").array().notNull(),
    reason: text("reason").notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);
