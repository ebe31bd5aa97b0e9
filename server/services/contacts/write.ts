import { and, eq, inArray, sql } from "drizzle-orm";
import { CONTACT_MESSAGES, cleanLabels, type ContactSource } from "../../../contract/domain/contacts";
import type { SchemaBody } from "../../../schemas";
import type { Db } from "../../db/client";
import { contacts } from "../../db/schema";
import { pgArray } from "../../db/sql";
import { badRequest, conflict, joinFieldErrors, notFound } from "../../http/errors";
import { isUuid } from "../caller";
import { attributeErrors, definitionsOf } from "./attributes";
import { ownContact } from "./list";
import type { ContactChangeSource } from "../../../contract/domain/webhooks";
import { refuseErased } from "./erased";
import { enqueueContactChanges, enqueueContactDeletions } from "./events";
import { contactNumber, toContact, unlessDuplicate, type ContactOut } from "./records";

type Fields = SchemaBody<"contact-update">;
type Attributes = Record<string, string | number | boolean>;

/** The attributes of a body, checked against the account's definitions before anything is written. */
async function checkedAttributes(db: Db, ownerId: string, value: unknown): Promise<Attributes | undefined> {
  if (value === undefined) return undefined;
  const attributes = value as Attributes;
  const errors = attributeErrors(await definitionsOf(db, ownerId), attributes);
  if (errors.length) throw badRequest(joinFieldErrors(errors), errors);
  return attributes;
}

const text = (value: string | undefined) => value?.trim();

export async function createContact(
  db: Db,
  ownerId: string,
  body: SchemaBody<"contact-create">,
  source: ContactSource,
): Promise<ContactOut> {
  const number = contactNumber(body.number);
  const attributes = (await checkedAttributes(db, ownerId, body.attributes)) ?? {};
  await refuseErased(db, ownerId, number);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(contacts)
      .values({
        userId: ownerId,
        number,
        name: text(body.name) ?? "",
        email: text(body.email) ?? "",
        language: text(body.language) ?? "",
        labels: cleanLabels(body.labels ?? []),
        attributes,
        source,
      })
      .onConflictDoNothing()
      .returning();
    // The unique index answered: nothing was written.
    if (!inserted) throw conflict(CONTACT_MESSAGES.duplicate(number));
    await enqueueContactChanges(tx, ownerId, changeSource(source), [{ action: "created", row: inserted }]);
    return inserted;
  });
  return toContact(row);
}

/** A contact's source as a change event names it (a campaign file's contacts arrive like an import's). */
const changeSource = (source: ContactSource): ContactChangeSource => (source === "campaign_file" ? "import" : source);

export async function updateContact(
  db: Db,
  ownerId: string,
  id: string,
  body: Fields,
  source: ContactChangeSource = "console",
): Promise<ContactOut> {
  const current = await ownContact(db, ownerId, id);
  const number = body.number === undefined ? current.number : contactNumber(body.number);
  const attributes = await checkedAttributes(db, ownerId, body.attributes);
  if (number !== current.number) await refuseErased(db, ownerId, number);
  const [row] = await unlessDuplicate(number, () =>
    db.transaction(async (tx) => {
      const rows = await tx
        .update(contacts)
        .set({
          number,
          ...(body.name !== undefined && { name: body.name.trim() }),
          ...(body.email !== undefined && { email: body.email.trim() }),
          ...(body.language !== undefined && { language: body.language.trim() }),
          ...(body.labels !== undefined && { labels: cleanLabels(body.labels) }),
          ...(attributes !== undefined && { attributes }),
          updatedAt: sql`now()`,
        })
        .where(and(eq(contacts.id, current.id), eq(contacts.userId, ownerId)))
        .returning();
      await enqueueContactChanges(
        tx,
        ownerId,
        source,
        rows.map((row) => ({ action: "updated" as const, row })),
      );
      return rows;
    }),
  );
  if (!row) throw notFound(CONTACT_MESSAGES.notFound);
  return toContact(row);
}

/** Ids that are not uuids cannot be the owner's: they are left out (as another account's ids are). */
const uuids = (ids: readonly string[]) => ids.filter(isUuid);

/**
 * Adds then removes labels on the owner's contacts among `ids`, in one statement; answers how many changed. A label
 * both added and removed ends removed.
 */
export async function relabelContacts(db: Db, ownerId: string, body: SchemaBody<"contact-labels">): Promise<number> {
  const add = cleanLabels(body.add ?? []);
  const remove = cleanLabels(body.remove ?? []);
  if (!add.length && !remove.length)
    throw badRequest("Name labels to add or to remove", [{ field: "add", message: "or remove is required" }]);
  const ids = uuids(body.ids);
  if (!ids.length) return 0;
  // array(select distinct ...) keeps each label once; the order is the labels' own, stable for the screen.
  const next = sql`array(
    select distinct l from unnest(${contacts.labels} || ${pgArray(add)}::text[]) as l
    where l <> all(${pgArray(remove)}::text[]) order by 1)`;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(contacts)
      .set({ labels: next, updatedAt: sql`now()` })
      .where(
        and(eq(contacts.userId, ownerId), inArray(contacts.id, ids), sql`${contacts.labels} is distinct from ${next}`),
      )
      .returning();
    await enqueueContactChanges(
      tx,
      ownerId,
      "console",
      changed.map((row) => ({ action: "updated" as const, row })),
    );
    return changed.length;
  });
}

export async function removeContacts(
  db: Db,
  ownerId: string,
  ids: readonly string[],
  source: ContactChangeSource = "console",
): Promise<number> {
  const valid = uuids(ids);
  if (!valid.length) return 0;
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(contacts)
      .where(and(eq(contacts.userId, ownerId), inArray(contacts.id, valid)))
      .returning({ id: contacts.id, number: contacts.number });
    await enqueueContactDeletions(tx, ownerId, source, removed);
    return removed.length;
  });
}
