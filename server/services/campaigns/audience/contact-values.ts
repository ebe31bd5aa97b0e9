// `{{contact.x}}` values for an audience (issue 39, item 5): each batch of rows looks its numbers up in the campaign
// owner's contacts with one statement (number = any(array), on the (user_id, number) unique index), never a query per
// row: a million-row file is a thousand lookups, not a million.
import { and, eq, sql } from "drizzle-orm";
import type { Role } from "../../../../contract/roles";
import type { AttributeValue } from "../../../../contract/domain/contacts";
import type { Db } from "../../../db/client";
import { contacts, users } from "../../../db/schema";
import { pgArray } from "../../../db/sql";
import { contactsOwner } from "../../contacts/owner";
import type { AudienceRow } from "./rows";
import { normalizeNumber } from "./phone";

/** One contact's fields and attributes by the key `{{contact.key}}` names. */
export type ContactValues = Readonly<Record<string, AttributeValue>>;

/** Lookups made (one per batch); tests read it to hold the ingest to set-based lookups. */
export const contactLookupStats = { queries: 0 };

/**
 * Whose contacts a campaign reads: those its creator works on (a manager's users and department heads share their
 * manager's), the same owner the create check validated the attribute keys against.
 */
export async function campaignContactsOwner(
  db: Db,
  campaign: { userId: string; createdBy: string | null },
): Promise<string> {
  const id = campaign.createdBy ?? campaign.userId;
  const [user] = await db.select({ role: users.role, parentId: users.parentId }).from(users).where(eq(users.id, id));
  return user ? contactsOwner(db, { id, role: user.role as Role, parentId: user.parentId }) : campaign.userId;
}

/** The contacts among `numbers` (E.164), by number; numbers without a contact are absent. */
export async function contactValuesOf(
  db: Db,
  ownerId: string,
  numbers: readonly string[],
): Promise<Map<string, ContactValues>> {
  const found = new Map<string, ContactValues>();
  if (!numbers.length) return found;
  contactLookupStats.queries++;
  const rows = await db
    .select({
      number: contacts.number,
      name: contacts.name,
      email: contacts.email,
      language: contacts.language,
      attributes: contacts.attributes,
    })
    .from(contacts)
    .where(and(eq(contacts.userId, ownerId), sql`${contacts.number} = any(${pgArray([...new Set(numbers)])}::text[])`));
  for (const r of rows) found.set(r.number, { ...r.attributes, name: r.name, email: r.email, language: r.language });
  return found;
}

/** A batch's numbers as the contacts hold them (E.164), to look their contacts up in one statement. */
export function batchNumbers(items: readonly AudienceRow[], from: number, phone: number, region: string): string[] {
  const numbers: string[] = [];
  for (let i = from; i < items.length; i++) {
    const verdict = normalizeNumber(items[i].cells[phone] ?? "", region);
    if (verdict.ok) numbers.push(verdict.e164);
  }
  return numbers;
}
