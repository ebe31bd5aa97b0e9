import { CONTACT_MESSAGES } from "../../../contract/domain/contacts";
import { callerOf } from "../../auth/guard";
import { forbidden } from "../../http/errors";
import { eraseContact } from "../../services/contacts/erase";
import { createAttribute, deleteAttribute, listAttributes } from "../../services/contacts/attributes";
import { contactsCsv } from "../../services/contacts/export";
import { contactLabels, contactPage, ownContact } from "../../services/contacts/list";
import { contactsOwner } from "../../services/contacts/owner";
import { toContact } from "../../services/contacts/records";
import { createContact, relabelContacts, removeContacts, updateContact } from "../../services/contacts/write";
import { sendDownload } from "../campaigns";
import type { Handlers } from "../context";

// Contacts (issue 39): every call first resolves the owner (the account that holds the campaigns), and every
// statement is scoped to it, so another account's contact answers 404 like a missing one.

const plural = (n: number) => `${n} ${n === 1 ? "contact" : "contacts"}`;

export const contactHandlers: Handlers = {
  "contacts.list": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const owner = await contactsOwner(db, caller);
    const { q, label, cursor, limit } = request.query;
    // The label filter's choices come with the first page only: later pages keep the ones the screen has.
    const [page, labels] = await Promise.all([
      contactPage(db, owner, { q, label, cursor, limit }),
      cursor ? Promise.resolve([]) : contactLabels(db, owner),
    ]);
    return { success: true, data: page.rows, nextCursor: page.nextCursor, labels, mayErase: owner === caller.id };
  },

  "contacts.export": async (request, reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const { q, label } = request.query;
    const name = `contacts-${new Date().toISOString().slice(0, 10)}.csv`;
    return sendDownload(reply, contactsCsv(db, owner, { q, label }), "text/csv; charset=utf-8", name);
  },

  "contacts.get": async (request, _reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    return { success: true, data: toContact(await ownContact(db, owner, request.params.id)) };
  },

  "contacts.create": async (request, reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const data = await createContact(db, owner, request.body, "console");
    reply.status(201);
    return { success: true, message: `${data.number} added to your contacts`, data };
  },

  "contacts.update": async (request, _reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const data = await updateContact(db, owner, request.params.id, request.body);
    return { success: true, message: `${data.number} saved`, data };
  },

  "contacts.labels": async (request, _reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const count = await relabelContacts(db, owner, request.body);
    return { success: true, message: `Labels changed on ${plural(count)}`, count };
  },

  "contacts.remove": async (request, _reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const count = await removeContacts(db, owner, request.body.ids);
    return { success: true, message: `${plural(count)} deleted`, count };
  },

  "contacts.erase": async (request, _reply, { db, storage }) => {
    const caller = callerOf(request);
    const owner = await contactsOwner(db, caller);
    // A manager's users work on its contacts but may not erase a person: that is the owner's decision.
    if (owner !== caller.id) throw forbidden(CONTACT_MESSAGES.eraseNotOwner);
    const contact = await ownContact(db, owner, request.params.id);
    const tables = await eraseContact(db, { storage, log: request.log }, owner, contact.id, request.body.confirm);
    return { success: true, message: CONTACT_MESSAGES.erased(contact.number), data: { tables } };
  },

  "contacts.attributes.list": async (request, _reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    return { success: true, data: await listAttributes(db, owner) };
  },

  "contacts.attributes.create": async (request, reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const data = await createAttribute(db, owner, request.body);
    reply.status(201);
    return { success: true, message: `Attribute ${data.label} added`, data };
  },

  "contacts.attributes.delete": async (request, _reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const label = await deleteAttribute(db, owner, request.params.id);
    return { success: true, message: `Attribute ${label} removed` };
  },
};
