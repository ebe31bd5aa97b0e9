import { sql, type SQL } from "drizzle-orm";
import { conversations } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { isUuid } from "../caller";

/** Where the inbox's order left off: the last row's activity time (to the microsecond, as stored) and id. */
export interface ListCursor {
  at: string;
  id: string;
}

/** The time as PostgreSQL stores it (microseconds, UTC): a JavaScript Date would round it and skip or repeat rows. */
export const cursorTime = sql<string>`to_char(${conversations.lastMessageAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const DB_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export const encodeListCursor = (cursor: ListCursor) =>
  Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");

const badCursor = () => badRequest("The cursor is not valid", [{ field: "cursor", message: "is not valid" }]);

export function decodeListCursor(raw: string): ListCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw badCursor();
  const [at, id] = parsed as unknown[];
  if (typeof at !== "string" || !DB_TIME.test(at) || Number.isNaN(Date.parse(at))) throw badCursor();
  if (!isUuid(id)) throw badCursor();
  return { at, id };
}

/** Rows after the cursor in the list's order (newest first, id breaking ties): one range of the inbox indexes. */
export const afterCursor = (cursor: ListCursor): SQL =>
  sql`(${conversations.lastMessageAt}, ${conversations.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;

/**
 * Where the "SLA due soonest" order left off: in the running clocks by due instant (`due`), or past them in the
 * conversations without one, newest first (`rest`). Three elements, so the newest-first order refuses it and this one
 * refuses that order's cursor.
 */
export interface SlaListCursor {
  part: "due" | "rest";
  at: string;
  id: string;
}

export const slaDueTime = sql<string>`to_char(${conversations.slaNextDue} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const encodeSlaCursor = (cursor: SlaListCursor) =>
  Buffer.from(JSON.stringify([cursor.part, cursor.at, cursor.id])).toString("base64url");

export function decodeSlaCursor(raw: string): SlaListCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw badCursor();
  const [part, at, id] = parsed as unknown[];
  if (part !== "due" && part !== "rest") throw badCursor();
  if (typeof at !== "string" || !DB_TIME.test(at) || Number.isNaN(Date.parse(at))) throw badCursor();
  if (!isUuid(id)) throw badCursor();
  return { part, at, id };
}
