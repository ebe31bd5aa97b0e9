// Contact attributes: tags and fields of one customer number of an account. Workflows set them (Tag contact, Set
// contact field) and read them ({{contact.fields.city}}, the Contact field condition).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactAttributes } from "../../db/schema";
import { coalescer } from "./coalesce";

export interface ContactAttributes {
  number: string;
  tags: string[];
  fields: Record<string, string>;
}

export async function contactOf(db: Db, ownerId: string, number: string): Promise<ContactAttributes> {
  const [row] = await db
    .select()
    .from(contactAttributes)
    .where(and(eq(contactAttributes.ownerId, ownerId), eq(contactAttributes.number, number)));
  return { number, tags: row?.tags ?? [], fields: row?.fields ?? {} };
}

/** Adds or removes a tag (each tag once); answers the tags after. */
export async function tagContact(
  db: Db,
  ownerId: string,
  number: string,
  tag: string,
  remove: boolean,
): Promise<string[]> {
  if (!remove) return (await addTags(db, [{ ownerId, number, tag }]))[0] ?? [];
  const [row] = await db
    .insert(contactAttributes)
    .values({ ownerId, number, tags: [] })
    .onConflictDoUpdate({
      target: [contactAttributes.ownerId, contactAttributes.number],
      set: { tags: sql`array_remove(${contactAttributes.tags}, ${tag})`, updatedAt: new Date() },
    })
    .returning({ tags: contactAttributes.tags });
  return row?.tags ?? [];
}

export async function setContactField(
  db: Db,
  ownerId: string,
  number: string,
  field: string,
  value: string,
): Promise<void> {
  await setFields(db, [{ ownerId, number, field, value }]);
}

export interface TagAdd {
  ownerId: string;
  number: string;
  tag: string;
}

export interface FieldSet {
  ownerId: string;
  number: string;
  field: string;
  value: string;
}

const contactKey = (c: { ownerId: string; number: string }) => `${c.ownerId}|${c.number}`;

/**
 * Adds a tag to each of many contacts (each contact once, each tag once) in one statement; answers each one's tags
 * after.
 */
export async function addTags(db: Db, items: readonly TagAdd[]): Promise<string[][]> {
  const rows = JSON.stringify(items.map((i) => ({ o: i.ownerId, n: i.number, t: i.tag })));
  const result = (await db.execute(sql`
    insert into contact_attributes as c (owner_id, number, tags)
    select v.o, v.n, array[v.t] from jsonb_to_recordset(${rows}::jsonb) as v(o uuid, n text, t text)
    on conflict (owner_id, number) do update
      set tags = case when excluded.tags[1] = any(c.tags) then c.tags else array_append(c.tags, excluded.tags[1]) end, updated_at = now()
    returning c.owner_id::text as owner_id, c.number, c.tags`)) as unknown as {
    rows: { owner_id: string; number: string; tags: string[] }[];
  };
  const after = new Map(result.rows.map((r) => [contactKey({ ownerId: r.owner_id, number: r.number }), r.tags]));
  return items.map((i) => after.get(contactKey(i)) ?? []);
}

/** Sets one field on each of many contacts (each contact once) in one statement. */
export async function setFields(db: Db, items: readonly FieldSet[]): Promise<void[]> {
  const rows = JSON.stringify(items.map((i) => ({ o: i.ownerId, n: i.number, f: { [i.field]: i.value } })));
  await db.execute(sql`
    insert into contact_attributes as c (owner_id, number, fields)
    select v.o, v.n, v.f from jsonb_to_recordset(${rows}::jsonb) as v(o uuid, n text, f jsonb)
    on conflict (owner_id, number) do update set fields = c.fields || excluded.fields, updated_at = now()`);
  return items.map(() => undefined);
}

/** The step loop's contact writes: those asked for in one turn go as one statement (see coalesce.ts). */
export interface ContactWriter {
  addTag(item: TagAdd): Promise<string[]>;
  setField(item: FieldSet): Promise<void>;
}

export function contactWriter(db: Db): ContactWriter {
  return {
    addTag: coalescer<TagAdd, string[]>((items) => addTags(db, items), contactKey),
    setField: coalescer<FieldSet, void>((items) => setFields(db, items), contactKey),
  };
}
