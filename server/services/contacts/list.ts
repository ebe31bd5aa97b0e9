import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { CONTACT_LIMIT_DEFAULT, CONTACT_MESSAGES } from "../../../contract/domain/contacts";
import type { Db } from "../../db/client";
import { contactLabelColors, contacts } from "../../db/schema";
import { pgArray } from "../../db/sql";
import { badRequest, notFound } from "../../http/errors";
import { escapeLike } from "../campaigns/list";
import { isUuid } from "../caller";
import { toContact, type ContactOut, type ContactRow } from "./records";

export interface ContactFilters {
  q?: string;
  label?: string;
}

/** Where a page ends: the last row's updated_at as PostgreSQL prints it (microseconds kept) and its id. */
interface Cursor {
  at: string;
  id: string;
}

const badCursor = () => badRequest("The cursor is not valid", [{ field: "cursor", message: "is not valid" }]);

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString("base64url");

function decodeCursor(text: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value.length !== 2) throw badCursor();
  const [at, id] = value as unknown[];
  if (typeof at !== "string" || Number.isNaN(Date.parse(at)) || !isUuid(id)) throw badCursor();
  return { at, id };
}

/** The search and label filter of one owner's contacts (list and export share it). */
export function contactsWhere(ownerId: string, filters: ContactFilters): SQL | undefined {
  const term = filters.q?.trim();
  const digits = term?.replace(/\D/g, "") ?? "";
  // One text per contact, the expression contacts_search_trgm_idx indexes: a fragment of 3 characters or more that
  // few contacts hold is found through the index instead of by reading every contact of the owner.
  const haystack = sql`(${contacts.number} || ' ' || lower(${contacts.name}) || ' ' || lower(${contacts.email}))`;
  const lowered = term?.toLowerCase();
  // A typed number ("+91 98765-43210") is looked for by its digits; anything else as it is typed, in the number, the
  // name or the email. Either way one condition the index answers.
  const search = !lowered
    ? undefined
    : /^[\d\s+().-]+$/.test(lowered) && digits.length > 0
      ? sql`${haystack} like ${`%${digits}%`}`
      : sql`${haystack} like ${`%${escapeLike(lowered)}%`}`;
  const label = filters.label?.trim();
  return and(
    eq(contacts.userId, ownerId),
    search,
    label ? sql`${contacts.labels} @> ${pgArray([label])}::text[]` : undefined,
  );
}

const cursorAt = sql<string>`${contacts.updatedAt}::text`;

/** One page, last updated first, after the cursor: the (owner, updated_at desc, id desc) index walks it. */
export async function contactPage(
  db: Db,
  ownerId: string,
  filters: ContactFilters & { cursor?: string; limit?: number },
): Promise<{ rows: ContactOut[]; nextCursor: string | null }> {
  const limit = filters.limit ?? CONTACT_LIMIT_DEFAULT;
  const after = filters.cursor ? decodeCursor(filters.cursor) : undefined;
  const rows = await db
    .select({ row: contacts, at: cursorAt })
    .from(contacts)
    .where(
      and(
        contactsWhere(ownerId, filters),
        after
          ? sql`(${contacts.updatedAt}, ${contacts.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(contacts.updatedAt), desc(contacts.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page.map((r) => toContact(r.row)),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.at, id: last.row.id }) : null,
  };
}

/** The owner's labels, for the filter (at most 200, alphabetical): a row per label, whatever the number of contacts. */
export async function contactLabels(db: Db, ownerId: string): Promise<string[]> {
  const rows = await db
    .select({ name: contactLabelColors.name })
    .from(contactLabelColors)
    .where(eq(contactLabelColors.userId, ownerId))
    .orderBy(contactLabelColors.name)
    .limit(200);
  return rows.map((r) => r.name);
}

export async function ownContact(db: Db, ownerId: string, id: string): Promise<ContactRow> {
  if (!isUuid(id)) throw notFound(CONTACT_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.userId, ownerId)));
  if (!row) throw notFound(CONTACT_MESSAGES.notFound);
  return row;
}

export async function contactByNumber(db: Db, ownerId: string, number: string): Promise<ContactRow> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.number, number), eq(contacts.userId, ownerId)));
  if (!row) throw notFound(CONTACT_MESSAGES.notFound);
  return row;
}
