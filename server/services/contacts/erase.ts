// Erase (issue 39, DPDP/GDPR style): a person's number and what they wrote or were sent leave every table of the
// account (the owner and its users), in one transaction. What money needs stays: the ledger's rows, and the campaign
// recipients' and public-API messages' rows that costs and counts hang on, with the number replaced and the content
// gone. What stays of the person is SHA-256(pepper || number) in erased_numbers, which the pre-send check and the
// public API refuse. docs/contacts.md lists the tables.
import { sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { CONTACT_MESSAGES, eraseConfirmed } from "../../../contract/domain/contacts";
import type { Db } from "../../db/client";
import type { Storage } from "../../storage";
import { rowsOf } from "../../db/sql";
import { badRequest } from "../../http/errors";
import { erasedHash } from "./erased";
import { enqueueContactDeletions } from "./events";
import { ownContact } from "./list";

/** The accounts whose rows hold the owner's people: the owner and the users under it. */
const accounts = (owner: string) => sql`(select id from users where id = ${owner} or parent_id = ${owner})`;

interface Target {
  owner: string;
  number: string;
  /** The number's digits, and its national digits: how a raw cell of a rejected file row may hold it. */
  digits: string[];
  /** What replaces the number where a row must stay. */
  placeholder: string;
}

/** A raw text (a file's cell) holds the number when its digits are the number's, with or without the country code. */
const rawIs = (column: SQL, t: Target) =>
  sql`regexp_replace(${column}, '[^0-9]', '', 'g') = any(${`{${t.digits.join(",")}}`}::text[])`;

/** Each table's statement, by name: it deletes or scrubs the person's rows and returns one row per row touched. */
const STATEMENTS: readonly { table: string; run: (t: Target) => SQL }[] = [
  {
    table: "contacts",
    run: (t) => sql`delete from contacts where user_id = ${t.owner} and number = ${t.number} returning 1`,
  },
  {
    table: "campaign_recipients",
    run: (
      t,
    ) => sql`update campaign_recipients r set number = ${t.placeholder} || '-' || r.id::text, variables = null, name = null
      from campaigns c where c.id = r.campaign_id and c.user_id in ${accounts(t.owner)} and r.number = ${t.number} returning 1`,
  },
  {
    table: "campaign_rejected_rows",
    run: (t) => sql`delete from campaign_rejected_rows x using campaigns c
      where c.id = x.campaign_id and c.user_id in ${accounts(t.owner)} and ${rawIs(sql`x.value`, t)} returning 1`,
  },
  {
    table: "contact_import_rejects",
    run: (t) => sql`delete from contact_import_rejects x using contact_imports i
      where i.id = x.import_id and i.user_id in ${accounts(t.owner)}
        and exists (select 1 from unnest(x.cells) as cell where ${rawIs(sql`cell`, t)}) returning 1`,
  },
  {
    table: "inbound_messages",
    run: (t) =>
      sql`delete from inbound_messages where user_id in ${accounts(t.owner)} and from_number = ${t.number} returning 1`,
  },
  {
    // The files of their conversations: the rows here, the stored bytes once the transaction has committed.
    table: "chat_files",
    run: (t) => sql`delete from chat_files f using conversations c
      where c.id = f.conversation_id and c.user_id in ${accounts(t.owner)} and c.customer_number = ${t.number}
      returning f.storage_key as key`,
  },
  {
    // Their chat messages go with them (chat_messages cascades).
    table: "conversations",
    run: (t) =>
      sql`delete from conversations where user_id in ${accounts(t.owner)} and customer_number = ${t.number} returning 1`,
  },
  {
    table: "rcs_conversations",
    run: (t) =>
      sql`delete from rcs_conversations where user_id in ${accounts(t.owner)} and number = ${t.number} returning 1`,
  },
  {
    table: "api_messages",
    run: (t) => sql`update api_messages set to_number = ${t.placeholder},
        steps = (select coalesce(jsonb_agg(s - 'content'), '[]'::jsonb) from jsonb_array_elements(steps) as s),
        reference = null
      where user_id in ${accounts(t.owner)} and to_number = ${t.number} returning 1`,
  },
  {
    table: "messages",
    run: (t) => sql`update messages set recipient = ${t.placeholder}
      where user_id in ${accounts(t.owner)} and recipient = ${t.number} returning 1`,
  },
  {
    table: "consent_events",
    run: (t) =>
      sql`delete from consent_events where user_id in ${accounts(t.owner)} and number = ${t.number} returning 1`,
  },
  {
    table: "suppressions",
    run: (t) =>
      sql`delete from suppressions where user_id in ${accounts(t.owner)} and number = ${t.number} returning 1`,
  },
  {
    table: "dnd_numbers",
    run: (t) => sql`delete from dnd_numbers where user_id in ${accounts(t.owner)} and number = ${t.number} returning 1`,
  },
  {
    table: "contact_attributes",
    run: (t) =>
      sql`delete from contact_attributes where owner_id in ${accounts(t.owner)} and number = ${t.number} returning 1`,
  },
  {
    // Runs started by or for the person (their steps go with them).
    table: "workflow_runs",
    run: (t) => sql`delete from workflow_runs where owner_id in ${accounts(t.owner)}
      and (contact->>'number' = ${t.number} or trigger::text like ${`%${t.number}%`} or vars::text like ${`%${t.number}%`})
      returning 1`,
  },
  {
    table: "workflow_events",
    run: (t) => sql`delete from workflow_events where owner_id in ${accounts(t.owner)}
      and payload::text like ${`%${t.number}%`} returning 1`,
  },
  {
    // Deliveries already made or waiting: their bodies carry the number.
    table: "webhook_deliveries",
    run: (t) => sql`delete from webhook_deliveries where user_id in ${accounts(t.owner)}
      and body like ${`%${t.number}%`} returning 1`,
  },
  {
    // The API request log keeps each request's body: the request stays (counts, codes), its body goes.
    table: "ums_requests",
    run: (t) => sql`update ums_requests set request_body = null where user_id in ${accounts(t.owner)}
      and request_body::text like ${`%${t.number.slice(1)}%`} returning 1`,
  },
  {
    // Ledger rows stay with their amounts; a note that names the number (an API message's) names the placeholder.
    table: "balance_ledger",
    run: (t) => sql`update balance_ledger set note = replace(note, ${t.number}, ${t.placeholder})
      where user_id in ${accounts(t.owner)} and note like ${`%${t.number}%`} returning 1`,
  },
  {
    // Submits an SMSC never answered, kept at most 48 hours to settle a late receipt: on the account's own SMPP
    // channels they go (such a receipt then settles nothing). A shared channel's rows may be another account's
    // message to the same person, so they are left to expire.
    table: "smpp_unanswered",
    run: (t) => sql`delete from smpp_unanswered u using carrier_channels c
      where c.id = u.channel_id and c.user_id in ${accounts(t.owner)}
        and u.handset = any(${`{${t.digits.join(",")}}`}::text[]) returning 1`,
  },
  {
    table: "api_idempotency",
    run: (t) => sql`delete from api_idempotency where user_id in ${accounts(t.owner)}
      and response::text like ${`%${t.number}%`} returning 1`,
  },
];

/** The tables erase touches, for its tests and docs. */
export const ERASED_TABLES = STATEMENTS.map((s) => s.table);

/**
 * Erases the contact's person from the owner's account after checking the typed confirmation; answers the rows
 * touched per table. The contact.updated event (action deleted, source erase) carries no number.
 */
export async function eraseContact(
  db: Db,
  files: { storage: Pick<Storage, "delete">; log: Pick<FastifyBaseLogger, "error"> },
  ownerId: string,
  contactId: string,
  confirm: string,
): Promise<{ table: string; rows: number }[]> {
  const contact = await ownContact(db, ownerId, contactId);
  if (!eraseConfirmed(contact.number, confirm.trim()))
    throw badRequest(CONTACT_MESSAGES.eraseUnconfirmed, [{ field: "confirm", message: "is not the contact's number" }]);
  const parsed = parsePhoneNumberFromString(contact.number);
  const digits = [contact.number.slice(1), ...(parsed ? [String(parsed.nationalNumber)] : [])];
  const hash = await erasedHash(db, contact.number);
  const target: Target = { owner: ownerId, number: contact.number, digits, placeholder: `erased:${hash.slice(0, 12)}` };
  const keys: string[] = [];
  const touched = await db.transaction(async (tx) => {
    const touched: { table: string; rows: number }[] = [];
    for (const s of STATEMENTS) {
      const rows = await rowsOf<{ key?: string }>(tx, s.run(target));
      keys.push(...rows.flatMap((r) => (r.key ? [r.key] : [])));
      touched.push({ table: s.table, rows: rows.length });
    }
    await tx.execute(
      sql`insert into erased_numbers (user_id, hash) values (${ownerId}, ${hash}) on conflict do nothing`,
    );
    await enqueueContactDeletions(tx, ownerId, "erase", [{ id: contact.id, number: contact.number }]);
    return touched;
  });
  // After the commit, so a rolled-back erase keeps its files. A failed delete leaves an object no row names and no
  // link reaches; it is logged with its key for the operator to remove.
  for (const key of keys)
    await files.storage
      .delete(key)
      .catch((err: unknown) =>
        files.log.error({ err, key }, "an erased person's chat file was not removed from storage"),
      );
  return touched;
}
