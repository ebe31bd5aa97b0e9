// Segments CRUD: every statement scoped to the owner (the account that holds the campaigns, services/contacts/owner);
// another account's segment answers 404 like a missing one. A definition is checked against the owner's attributes
// before anything is written, so a refused save changes nothing.
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type { SchemaBody } from "../../../schemas";
import {
  parseSegmentDefinition,
  SEGMENT_MESSAGES,
  SEGMENTS_MAX,
  type SegmentDefinition,
} from "../../../contract/domain/segments";
import type { Db } from "../../db/client";
import { segments } from "../../db/schema";
import { badRequest, conflict, joinFieldErrors, notFound } from "../../http/errors";
import { isUuid } from "../caller";
import { definitionsOf } from "../contacts/attributes";

export type SegmentRow = typeof segments.$inferSelect;
export interface SegmentOut {
  id: string;
  name: string;
  description: string;
  definition: SegmentDefinition;
  createdAt: string;
  updatedAt: string;
}

export const toSegment = (r: SegmentRow): SegmentOut => ({
  id: r.id,
  name: r.name,
  description: r.description,
  definition: r.definition,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The definition as kept, or a 400 naming every field it refuses. */
export async function checkedDefinition(db: Db, ownerId: string, raw: unknown): Promise<SegmentDefinition> {
  const attributes = [...(await definitionsOf(db, ownerId)).values()];
  const parsed = parseSegmentDefinition(raw, attributes);
  if (!parsed.ok) throw badRequest(joinFieldErrors(parsed.errors), parsed.errors);
  return parsed.definition;
}

export async function listSegments(db: Db, ownerId: string): Promise<SegmentOut[]> {
  const rows = await db
    .select()
    .from(segments)
    .where(eq(segments.userId, ownerId))
    .orderBy(desc(segments.updatedAt))
    .limit(SEGMENTS_MAX);
  return rows.map(toSegment);
}

export async function ownSegment(db: Db, ownerId: string, id: string): Promise<SegmentRow> {
  if (!isUuid(id)) throw notFound(SEGMENT_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(segments)
    .where(and(eq(segments.id, id), eq(segments.userId, ownerId)));
  if (!row) throw notFound(SEGMENT_MESSAGES.notFound);
  return row;
}

type Body = SchemaBody<"segment-save">;

async function nameTaken(db: Db, ownerId: string, name: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: segments.id })
    .from(segments)
    .where(and(eq(segments.userId, ownerId), eq(segments.name, name), except ? ne(segments.id, except) : undefined));
  return Boolean(row);
}

export async function createSegment(db: Db, ownerId: string, body: Body): Promise<SegmentOut> {
  const definition = await checkedDefinition(db, ownerId, body.definition);
  const name = body.name.trim();
  const [{ n }] = await db.select({ n: count() }).from(segments).where(eq(segments.userId, ownerId));
  if (n >= SEGMENTS_MAX) throw badRequest(SEGMENT_MESSAGES.tooMany);
  if (await nameTaken(db, ownerId, name)) throw conflict(SEGMENT_MESSAGES.duplicateName);
  const [row] = await db
    .insert(segments)
    .values({ userId: ownerId, name, description: (body.description ?? "").trim(), definition })
    .onConflictDoNothing()
    .returning();
  // The unique index answered (a save at the same moment): nothing was written.
  if (!row) throw conflict(SEGMENT_MESSAGES.duplicateName);
  return toSegment(row);
}

export async function updateSegment(db: Db, ownerId: string, id: string, body: Body): Promise<SegmentOut> {
  await ownSegment(db, ownerId, id);
  const definition = await checkedDefinition(db, ownerId, body.definition);
  const name = body.name.trim();
  if (await nameTaken(db, ownerId, name, id)) throw conflict(SEGMENT_MESSAGES.duplicateName);
  const [row] = await db
    .update(segments)
    .set({ name, description: (body.description ?? "").trim(), definition, updatedAt: sql`now()` })
    .where(and(eq(segments.id, id), eq(segments.userId, ownerId)))
    .returning();
  if (!row) throw notFound(SEGMENT_MESSAGES.notFound);
  return toSegment(row);
}

/** Deletes it; campaigns that read from it keep their recipients (their segment_id becomes null). */
export async function deleteSegment(db: Db, ownerId: string, id: string): Promise<string> {
  const row = await ownSegment(db, ownerId, id);
  await db.delete(segments).where(and(eq(segments.id, id), eq(segments.userId, ownerId)));
  return row.name;
}
