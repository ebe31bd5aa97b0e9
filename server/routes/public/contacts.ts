import { PUBLIC_API_HEADERS, PUBLIC_ERRORS } from "../../../contract/domain/api-keys";
import { apiCallerOf } from "../../auth/api-key-guard";
import { HttpError } from "../../http/errors";
import { consentNumber, consentState, recordConsent } from "../../services/consent/records";
import { contactByNumber, contactPage, ownContact } from "../../services/contacts/list";
import { contactsOwnerOfAccount } from "../../services/contacts/owner";
import { toContact } from "../../services/contacts/records";
import { upsertContacts } from "../../services/contacts/upsert";
import { createContact, removeContacts, updateContact } from "../../services/contacts/write";
import { publicError } from "../../services/public-api/caller";
import type { Handlers } from "../context";
import { earlierAnswer, idempotencyOf, rememberAnswer } from "./idempotency";

// The public contacts and consent calls (issue 39, item 6). Contacts are the key's account's (a manager's users work
// on their manager's, as in the console); consent is the key's own account's, as the console's consent calls are.
// The services' refusals get the public API's stable codes here.

const CODES: Readonly<Record<number, string>> = {
  400: PUBLIC_ERRORS.invalidRequest.code,
  404: PUBLIC_ERRORS.notFound.code,
  409: PUBLIC_ERRORS.contactExists.code,
};

/** A service's refusal with the public API's code (an HttpError that has one keeps it). */
async function coded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && !error.code && CODES[error.statusCode])
      throw new HttpError(error.statusCode, error.message, error.errors, CODES[error.statusCode], error.headers);
    throw error;
  }
}

const ownerOf = (request: Parameters<typeof apiCallerOf>[0], db: Parameters<typeof contactsOwnerOfAccount>[0]) =>
  contactsOwnerOfAccount(db, apiCallerOf(request).userId);

export const publicContactHandlers: Handlers = {
  "public.contacts.list": (request, _reply, { db }) =>
    coded(async () => {
      const page = await contactPage(db, await ownerOf(request, db), request.query);
      return { success: true as const, data: page.rows, nextCursor: page.nextCursor };
    }),

  "public.contacts.get": (request, _reply, { db }) =>
    coded(async () => ({
      success: true as const,
      data: toContact(await ownContact(db, await ownerOf(request, db), request.params.id)),
    })),

  "public.contacts.byNumber": (request, _reply, { db }) =>
    coded(async () => ({
      success: true as const,
      data: toContact(await contactByNumber(db, await ownerOf(request, db), consentNumber(request.params.number))),
    })),

  "public.contacts.create": (request, reply, { db }) =>
    coded(async () => {
      const data = await createContact(db, await ownerOf(request, db), request.body, "api");
      reply.status(201);
      return { success: true as const, data };
    }),

  "public.contacts.update": (request, _reply, { db }) =>
    coded(async () => ({
      success: true as const,
      data: await updateContact(db, await ownerOf(request, db), request.params.id, request.body, "api"),
    })),

  "public.contacts.delete": (request, _reply, { db }) =>
    coded(async () => {
      const removed = await removeContacts(db, await ownerOf(request, db), [request.params.id], "api");
      if (!removed) throw publicError("notFound", "Contact not found");
      return { success: true as const, data: { id: request.params.id } };
    }),

  "public.contacts.upsert": (request, reply, ctx) =>
    coded(async () => {
      const caller = apiCallerOf(request);
      const idempotency = idempotencyOf(request);
      const earlier = idempotency ? await earlierAnswer(ctx, caller, idempotency) : null;
      if (earlier?.kind === "conflict") throw publicError("idempotencyConflict");
      if (earlier?.kind === "replay") {
        reply.status(earlier.status).header(PUBLIC_API_HEADERS.replayed, "true");
        return earlier.body as { success: true; data: Awaited<ReturnType<typeof upsertContacts>> };
      }
      const owner = await contactsOwnerOfAccount(ctx.db, caller.userId);
      const data = await upsertContacts(ctx.db, owner, request.body.contacts, async (tx, answer) => {
        if (idempotency)
          await rememberAnswer(tx, caller, idempotency, { status: 200, body: { success: true, data: answer } });
      });
      return { success: true as const, data };
    }),

  "public.consent.get": (request, _reply, { db }) =>
    coded(async () => ({
      success: true as const,
      data: await consentState(db, apiCallerOf(request).userId, consentNumber(request.params.number)),
    })),

  "public.consent.record": (request, reply, { db }) =>
    coded(async () => {
      const caller = apiCallerOf(request);
      const number = consentNumber(request.params.number);
      const data = await recordConsent(db, caller.userId, null, number, { ...request.body, method: "api" });
      reply.status(201);
      return { success: true as const, data };
    }),
};
