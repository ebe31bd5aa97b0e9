// The details panel's customer card (issue 40 item 7): the saved contact behind the conversation's number (name,
// language, custom attributes), and its consent per channel from the ledger. Reach is the caller's
// (chats/conversations.ts); the contact is the account's contacts owner's (a manager's users share their manager's).
// What a live agent sees: name, language and the custom attributes (what answering needs); not the email, which only
// those who may edit contacts (the owner with the campaign module) read and change on the Contacts screens.
import { and, asc, eq } from "drizzle-orm";
import type { Static } from "@sinclair/typebox";
import type { CustomerCardRecord } from "../../../contract/calls/chat-card";
import type { Db } from "../../db/client";
import { contactAttributeDefs, contacts } from "../../db/schema";
import type { Caller } from "../caller";
import { consentState } from "../consent/records";
import { contactsOwner, contactsOwnerOfAccount } from "../contacts/owner";
import type { ConversationRow } from "./records";
import type { ChatWorkspace } from "./workspace";

export type CustomerCardOut = Static<typeof CustomerCardRecord>;

/** Whether the caller may change the account's contacts: the account itself (not an agent), in the campaign module. */
async function mayEdit(db: Db, caller: Caller, ws: ChatWorkspace, owner: string): Promise<boolean> {
  if (ws.agentId || !caller.modules.includes("campaign")) return false;
  return (await contactsOwner(db, caller)) === owner;
}

export async function customerCard(
  db: Db,
  caller: Caller,
  ws: ChatWorkspace,
  conversation: Pick<ConversationRow, "userId" | "customerNumber" | "customerName">,
): Promise<CustomerCardOut> {
  const owner = await contactsOwnerOfAccount(db, conversation.userId);
  const number = conversation.customerNumber;
  const [[contact], defs, consent, editable] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(and(eq(contacts.userId, owner), eq(contacts.number, number))),
    db
      .select()
      .from(contactAttributeDefs)
      .where(eq(contactAttributeDefs.userId, owner))
      .orderBy(asc(contactAttributeDefs.createdAt), asc(contactAttributeDefs.key)),
    // The ledger is the conversation's account's, as the inbound STOP writes it (chats/inbound.ts).
    consentState(db, conversation.userId, number),
    mayEdit(db, caller, ws, owner),
  ]);
  const values = contact?.attributes ?? {};
  return {
    number,
    contactId: contact?.id ?? null,
    name: contact?.name || conversation.customerName || "",
    email: editable ? (contact?.email ?? "") : null,
    language: contact?.language ?? "",
    // In the definitions' order; a value whose definition was deleted is not shown (the Contacts screen drops it too).
    attributes: defs.flatMap((d) =>
      values[d.key] === undefined ? [] : [{ key: d.key, label: d.label, type: d.type, value: values[d.key]! }],
    ),
    editable,
    consent,
  };
}
