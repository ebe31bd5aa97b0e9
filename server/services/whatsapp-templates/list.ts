import { and, asc, desc, eq, inArray, or, lt, gt, type SQL } from "drizzle-orm";
import {
  WA_TEMPLATE_FIELDS,
  type WaTemplateField,
  type WaTemplateRow,
} from "../../../contract/calls/whatsapp-template-records";
import { WA_TEMPLATE_STATUSES, type WaTemplateStatus } from "../../../contract/domain/whatsapp-template";
import type { Db } from "../../db/client";
import { whatsappTemplates as t } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { filterValue } from "../paging";
import { decodeCursor, encodeCursor, type CursorKey } from "./cursor";
import { toRecord } from "./record";
import { requireWaba } from "./wabas";

export interface ListQuery {
  limit: number;
  waba_id?: string;
  fields?: string;
  status?: string;
  before?: string;
  after?: string;
}

export interface TemplatePage {
  success: true;
  data: WaTemplateRow[];
  paging: { cursors: { before?: string; after?: string }; hasBefore: boolean; hasAfter: boolean };
}

/** A comma list of allowed words (Graph API style), each checked; blank means none given. */
function wordList<T extends string>(
  raw: string | undefined,
  allowed: readonly T[],
  field: string,
  normalise: (s: string) => string,
): T[] | undefined {
  const value = filterValue(raw);
  if (!value) return undefined;
  const words = value
    .split(",")
    .map((w) => normalise(w.trim()))
    .filter(Boolean);
  const bad = words.filter((w) => !(allowed as readonly string[]).includes(w));
  if (bad.length) {
    const message = `must be one or more of ${allowed.join(", ")}; got ${bad.join(", ")}`;
    throw badRequest(`${field}: ${message}`, [{ field, message }]);
  }
  return words as T[];
}

// Newest first; the id breaks ties of rows created in the same instant.
const newerThan = (k: CursorKey) => or(gt(t.createdAt, k.createdAt), and(eq(t.createdAt, k.createdAt), gt(t.id, k.id)));
const olderThan = (k: CursorKey) => or(lt(t.createdAt, k.createdAt), and(eq(t.createdAt, k.createdAt), lt(t.id, k.id)));

export async function listTemplates(db: Db, userId: string, query: ListQuery): Promise<TemplatePage> {
  const statuses = wordList<WaTemplateStatus>(query.status, WA_TEMPLATE_STATUSES, "status", (s) => s.toUpperCase());
  const fields = wordList<WaTemplateField>(
    query.fields,
    [...WA_TEMPLATE_FIELDS, "id", "name"] as WaTemplateField[],
    "fields",
    (s) => s.toLowerCase(),
  );
  const wabaId = filterValue(query.waba_id);
  if (wabaId) await requireWaba(db, userId, wabaId);
  if (query.before && query.after)
    throw badRequest("before, after: give one cursor, not both", [
      { field: "before", message: "give one cursor, not both" },
    ]);
  const before = query.before ? decodeCursor(query.before, "before") : undefined;
  const after = query.after ? decodeCursor(query.after, "after") : undefined;

  const where: (SQL | undefined)[] = [eq(t.userId, userId)];
  if (wabaId) where.push(eq(t.wabaId, wabaId));
  if (statuses) where.push(inArray(t.status, statuses));
  if (after) where.push(olderThan(after));
  if (before) where.push(newerThan(before));
  // Going back (before) reads upwards from the cursor and flips the rows, so the page is still newest first.
  const order = before ? [asc(t.createdAt), asc(t.id)] : [desc(t.createdAt), desc(t.id)];
  const rows = await db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...order)
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  if (before) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const picked = fields ? new Set(fields) : undefined;
  return {
    success: true,
    data: page.map((row) => toRecord(row, picked)),
    paging: {
      cursors: first && last ? { before: encodeCursor(first), after: encodeCursor(last) } : {},
      hasBefore: before ? more : Boolean(after),
      hasAfter: before ? true : more,
    },
  };
}
