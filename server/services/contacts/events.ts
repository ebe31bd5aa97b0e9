// contact.updated webhook events: built from the rows a write returned and enqueued with the write's transaction, in
// one statement however many rows (enqueue.ts). An account without an endpoint subscribed to contact.updated costs
// nothing beyond the in-memory check, so the import's hot path stays as it was for everyone else.
import type { ContactChangeSource, ContactSnapshot, ContactUpdatedData } from "../../../contract/domain/webhooks";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/sql";
import { enqueueWebhookEvents } from "../webhooks/enqueue";
import { webhooksWanted } from "../webhooks/subscribers";
import type { ContactRow } from "./records";

/** The fields of a contact an event carries (rows from drizzle or from raw SQL, whose dates may be text). */
export interface ContactEventRow {
  id: string;
  number: string;
  name: string;
  email: string;
  language: string;
  labels: string[];
  attributes: ContactRow["attributes"];
  updatedAt: Date | string;
}

const snapshot = (r: ContactEventRow): ContactSnapshot => ({
  id: r.id,
  number: r.number,
  name: r.name,
  email: r.email,
  language: r.language,
  labels: r.labels,
  attributes: r.attributes,
  updatedAt: new Date(r.updatedAt).toISOString(),
});

/** Whether this account's contact changes become events at all (read before building rows for them). */
export const contactEventsWanted = (ownerId: string): boolean => webhooksWanted(ownerId, "contact.updated");

/** Created or updated contacts as events, each with the contact after the change. */
export function enqueueContactChanges(
  db: Db | Tx,
  ownerId: string,
  source: ContactChangeSource,
  changes: readonly { action: "created" | "updated"; row: ContactEventRow }[],
): Promise<number> {
  if (!changes.length || !contactEventsWanted(ownerId)) return Promise.resolve(0);
  const at = new Date().toISOString();
  return enqueueWebhookEvents(
    db,
    changes.map(({ action, row }) => {
      const data: ContactUpdatedData = {
        action,
        source,
        contactId: row.id,
        number: row.number,
        contact: snapshot(row),
        at,
      };
      return { ownerId, type: "contact.updated" as const, data };
    }),
  );
}

/** Deleted contacts as events: their id and number (an erase sends no number: the person asked to be forgotten). */
export function enqueueContactDeletions(
  db: Db | Tx,
  ownerId: string,
  source: ContactChangeSource,
  rows: readonly { id: string; number: string }[],
): Promise<number> {
  if (!rows.length || !contactEventsWanted(ownerId)) return Promise.resolve(0);
  const at = new Date().toISOString();
  return enqueueWebhookEvents(
    db,
    rows.map((r) => {
      const data: ContactUpdatedData = {
        action: "deleted",
        source,
        contactId: r.id,
        number: source === "erase" ? null : r.number,
        contact: null,
        at,
      };
      return { ownerId, type: "contact.updated" as const, data };
    }),
  );
}

/** A contact the inbound statement made, as `to_jsonb` spells it. */
export interface ChatContactRow {
  id: string;
  user_id: string;
  number: string;
  name: string;
  email: string;
  language: string;
  labels: string[];
  attributes: ContactRow["attributes"];
  updated_at: string;
}

/** Contacts made from chats (customers whose first message opened a conversation), as events per owner. */
export async function enqueueChatContacts(db: Db | Tx, rows: readonly ChatContactRow[]): Promise<void> {
  const owners = new Map<string, ChatContactRow[]>();
  for (const r of rows) owners.set(r.user_id, [...(owners.get(r.user_id) ?? []), r]);
  for (const [owner, made] of owners)
    await enqueueContactChanges(
      db,
      owner,
      "chat",
      made.map((r) => ({ action: "created" as const, row: { ...r, updatedAt: r.updated_at } })),
    );
}
