import { and, asc, count, eq, sql } from "drizzle-orm";
import type { ContactAttributeRecord } from "../../../contract/calls";
import {
  ATTRIBUTE_DEFINITIONS_MAX,
  CONTACT_MESSAGES,
  attributeValueError,
  type AttributeDefinition,
  type AttributeValue,
} from "../../../contract/domain/contacts";
import type { Static } from "@sinclair/typebox";
import type { SchemaBody } from "../../../schemas";
import type { Db } from "../../db/client";
import { contactAttributeDefs, contacts } from "../../db/schema";
import { badRequest, conflict, notFound, type FieldError } from "../../http/errors";
import { isUuid } from "../caller";

type DefRow = typeof contactAttributeDefs.$inferSelect;
export type AttributeRecord = Static<typeof ContactAttributeRecord>;

const toRecord = (r: DefRow): AttributeRecord => ({
  id: r.id,
  key: r.key,
  label: r.label,
  type: r.type,
  choices: r.choices,
  createdAt: r.createdAt.toISOString(),
});

export async function listAttributes(db: Db, ownerId: string): Promise<AttributeRecord[]> {
  const rows = await db
    .select()
    .from(contactAttributeDefs)
    .where(eq(contactAttributeDefs.userId, ownerId))
    .orderBy(asc(contactAttributeDefs.createdAt), asc(contactAttributeDefs.key));
  return rows.map(toRecord);
}

export async function createAttribute(
  db: Db,
  ownerId: string,
  body: SchemaBody<"contact-attribute">,
): Promise<AttributeRecord> {
  const choices = [...new Set((body.choices ?? []).map((c) => c.trim()).filter(Boolean))];
  if (body.type === "choice" && choices.length === 0)
    throw badRequest("choices: a choice attribute needs at least one choice", [
      { field: "choices", message: "a choice attribute needs at least one choice" },
    ]);
  const [{ n }] = await db
    .select({ n: count() })
    .from(contactAttributeDefs)
    .where(eq(contactAttributeDefs.userId, ownerId));
  if (n >= ATTRIBUTE_DEFINITIONS_MAX) throw badRequest(CONTACT_MESSAGES.attributesFull);
  const [row] = await db
    .insert(contactAttributeDefs)
    .values({
      userId: ownerId,
      key: body.key,
      label: body.label.trim(),
      type: body.type,
      choices: body.type === "choice" ? choices : [],
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(CONTACT_MESSAGES.attributeDuplicate(body.key));
  return toRecord(row);
}

/** Removes the definition and, in the same transaction, its values from every contact of the account. */
export async function deleteAttribute(db: Db, ownerId: string, id: string): Promise<string> {
  if (!isUuid(id)) throw notFound(CONTACT_MESSAGES.attributeNotFound);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(contactAttributeDefs)
      .where(and(eq(contactAttributeDefs.id, id), eq(contactAttributeDefs.userId, ownerId)))
      .returning();
    if (!row) throw notFound(CONTACT_MESSAGES.attributeNotFound);
    await tx
      .update(contacts)
      .set({ attributes: sql`${contacts.attributes} - ${row.key}::text` })
      .where(and(eq(contacts.userId, ownerId), sql`${contacts.attributes} ? ${row.key}::text`));
    return row.label;
  });
}

/** The account's definitions by key, to check a contact's values. */
export async function definitionsOf(db: Db, ownerId: string): Promise<Map<string, AttributeDefinition>> {
  const rows = await db.select().from(contactAttributeDefs).where(eq(contactAttributeDefs.userId, ownerId));
  return new Map(rows.map((r) => [r.key, { key: r.key, type: r.type, choices: r.choices }]));
}

/** Each value checked against its definition; a key the account has not defined is refused, not dropped. */
export function attributeErrors(
  defs: ReadonlyMap<string, AttributeDefinition>,
  values: Readonly<Record<string, AttributeValue>>,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(values)) {
    const def = defs.get(key);
    const why = def ? attributeValueError(def, value) : "is not an attribute of this account";
    if (why) errors.push({ field: `attributes.${key}`, message: why });
  }
  return errors;
}
