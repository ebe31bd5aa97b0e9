// Contact attributes: tags and fields of one customer number of an account. Workflows set them (Tag contact, Set
// contact field) and read them ({{contact.fields.city}}, the Contact field condition).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactAttributes } from "../../db/schema";

export interface ContactAttributes {
  number: string;
  tags: string[];
  fields: Record<string, string>;
}

export async function contactOf(db: Db, ownerId: string, number: string): Promise<ContactAttributes> {
  const [row] = await db.select().from(contactAttributes).where(and(eq(contactAttributes.ownerId, ownerId), eq(contactAttributes.number, number)));
  return { number, tags: row?.tags ?? [], fields: row?.fields ?? {} };
}

/** Adds or removes a tag (each tag once); answers the tags after. */
export async function tagContact(db: Db, ownerId: string, number: string, tag: string, remove: boolean): Promise<string[]> {
  const [row] = await db
    .insert(contactAttributes)
    .values({ ownerId, number, tags: remove ? [] : [tag] })
    .onConflictDoUpdate({
      target: [contactAttributes.ownerId, contactAttributes.number],
      set: {
        tags: remove
          ? sql`array_remove(${contactAttributes.tags}, ${tag})`
          : sql`case when ${tag} = any(${contactAttributes.tags}) then ${contactAttributes.tags} else array_append(${contactAttributes.tags}, ${tag}) end`,
        updatedAt: new Date(),
      },
    })
    .returning({ tags: contactAttributes.tags });
  return row?.tags ?? [];
}

export async function setContactField(db: Db, ownerId: string, number: string, field: string, value: string): Promise<void> {
  const one = JSON.stringify({ [field]: value });
  await db
    .insert(contactAttributes)
    .values({ ownerId, number, fields: { [field]: value } })
    .onConflictDoUpdate({
      target: [contactAttributes.ownerId, contactAttributes.number],
      set: { fields: sql`${contactAttributes.fields} || ${one}::jsonb`, updatedAt: new Date() },
    });
}
