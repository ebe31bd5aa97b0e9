import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Static } from "@sinclair/typebox";
import type { CannedResponseRecord } from "../../../contract/calls/canned-responses";
import {
  CANNED_MAX,
  CANNED_MESSAGES,
  followsDltTemplate,
  unknownCannedKeys,
} from "../../../contract/domain/canned-responses";
import type { ChatChannel } from "../../../contract/domain/chats";
import type { SchemaBody } from "../../../schemas";
import type { Db } from "../../db/client";
import { cannedResponses, smsAccounts, smsTemplates } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import { badRequest, conflict, forbidden, notFound, type FieldError } from "../../http/errors";
import { isUuid } from "../caller";
import { definitionsOf } from "../contacts/attributes";
import { contactsOwnerOfAccount, contactsOwnerSql } from "../contacts/owner";
import { likeEscape } from "../chats/conversations";
import type { ChatWorkspace } from "../chats/workspace";

// Canned responses belong to the account that holds the contacts (a manager's users and agents share the manager's),
// so the `{{name}}` they name is looked up where those contacts live. A live agent reads them; only the account's
// own people (its owner and sub-users signed in as themselves) change them.

export type CannedOut = Static<typeof CannedResponseRecord>;
export type CannedBody = SchemaBody<"canned-response">;

/** Whose canned responses a person works with: its inbox owner's contacts owner. */
export const cannedAccount = (db: Db, ws: ChatWorkspace): Promise<string> => contactsOwnerOfAccount(db, ws.ownerId);

const recordColumns = {
  id: cannedResponses.id,
  code: cannedResponses.code,
  title: cannedResponses.title,
  body: cannedResponses.body,
  channel: cannedResponses.channel,
  smsTemplateId: cannedResponses.smsTemplateId,
  dltTemplateId: smsTemplates.dltTemplateId,
  updatedAt: cannedResponses.updatedAt,
};
type RecordRow = { [K in keyof typeof recordColumns]: (typeof recordColumns)[K]["_"]["data"] | null };

const toRecord = (r: RecordRow): CannedOut => ({
  _id: r.id ?? "",
  code: r.code ?? "",
  title: r.title ?? "",
  body: r.body ?? "",
  channel: (r.channel as ChatChannel | null) ?? null,
  smsTemplateId: r.smsTemplateId ?? null,
  dltTemplateId: r.dltTemplateId ?? null,
  updatedAt: (r.updatedAt ?? new Date(0)).toISOString(),
});

export async function listCanned(db: Db, account: string, q = ""): Promise<CannedOut[]> {
  const text = q.trim();
  const search = text
    ? sql`(${cannedResponses.code} ilike ${likeEscape(text)} or ${cannedResponses.title} ilike ${likeEscape(text)}
        or ${cannedResponses.body} ilike ${likeEscape(text)})`
    : undefined;
  const rows = await db
    .select(recordColumns)
    .from(cannedResponses)
    .leftJoin(smsTemplates, eq(smsTemplates.id, cannedResponses.smsTemplateId))
    .where(and(eq(cannedResponses.userId, account), search))
    .orderBy(asc(cannedResponses.code));
  return rows.map(toRecord);
}

async function oneRecord(db: Db, account: string, id: string): Promise<CannedOut> {
  const [row] = await db
    .select(recordColumns)
    .from(cannedResponses)
    .leftJoin(smsTemplates, eq(smsTemplates.id, cannedResponses.smsTemplateId))
    .where(and(eq(cannedResponses.id, id), eq(cannedResponses.userId, account)));
  if (!row) throw notFound(CANNED_MESSAGES.notFound);
  return toRecord(row);
}

/** The body's variables known to the account, and the SMS template one of its SMS accounts holds. */
async function bodyErrors(db: Db, account: string, body: CannedBody): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const defs = await definitionsOf(db, account);
  for (const key of unknownCannedKeys(body.body, new Set(defs.keys())))
    errors.push({ field: "body", message: CANNED_MESSAGES.unknownVariable(key) });
  const templateId = templateIdOf(body);
  if (templateId) {
    const [found] = await rowsOf<{ body: string; dltTemplateId: string | null }>(
      db,
      sql`select t.body, t.dlt_template_id as "dltTemplateId" from ${smsTemplates} t
          join ${smsAccounts} a on a.id = t.sms_account_id
          where t.id = ${templateId} and ${contactsOwnerSql(sql`a.user_id`)} = ${account}::uuid`,
    );
    if (!found) errors.push({ field: "smsTemplateId", message: CANNED_MESSAGES.smsTemplateNotFound });
    // Tied to a template, the response is sent as it on a DLT route: a body the scrub could never pass is refused now.
    else if (!followsDltTemplate(found.body, body.body))
      errors.push({ field: "body", message: CANNED_MESSAGES.bodyNotTemplate(found.dltTemplateId ?? "") });
  }
  return errors;
}

/** The schema types a nullable string with a pattern loosely; it is a uuid or null once validated. */
const templateIdOf = (body: CannedBody): string | null => (body.smsTemplateId as string | null | undefined) ?? null;

const valuesOf = (body: CannedBody) => ({
  code: body.code,
  title: body.title.trim(),
  body: body.body,
  channel: (body.channel ?? null) as ChatChannel | null,
  smsTemplateId: templateIdOf(body),
});

function refuseAgent(ws: ChatWorkspace): void {
  if (ws.agentId) throw forbidden(CANNED_MESSAGES.agentReadOnly);
}

async function checked(db: Db, account: string, body: CannedBody): Promise<void> {
  const errors = await bodyErrors(db, account, body);
  if (errors.length) throw badRequest(errors[0]?.message ?? "Invalid canned response", errors);
}

export async function createCanned(db: Db, ws: ChatWorkspace, body: CannedBody): Promise<CannedOut> {
  refuseAgent(ws);
  const account = await cannedAccount(db, ws);
  await checked(db, account, body);
  const [held] = await db.select({ n: count() }).from(cannedResponses).where(eq(cannedResponses.userId, account));
  if ((held?.n ?? 0) >= CANNED_MAX)
    throw badRequest(CANNED_MESSAGES.tooMany, [{ field: "code", message: "too many responses" }]);
  const [row] = await db
    .insert(cannedResponses)
    .values({ userId: account, ...valuesOf(body) })
    .onConflictDoNothing()
    .returning({ id: cannedResponses.id });
  if (!row) throw conflict(CANNED_MESSAGES.duplicate);
  return oneRecord(db, account, row.id);
}

export async function updateCanned(db: Db, ws: ChatWorkspace, id: string, body: CannedBody): Promise<CannedOut> {
  refuseAgent(ws);
  const account = await cannedAccount(db, ws);
  if (!isUuid(id)) throw notFound(CANNED_MESSAGES.notFound);
  await oneRecord(db, account, id);
  await checked(db, account, body);
  const [taken] = await db
    .select({ id: cannedResponses.id })
    .from(cannedResponses)
    .where(and(eq(cannedResponses.userId, account), eq(cannedResponses.code, body.code), ne(cannedResponses.id, id)));
  if (taken) throw conflict(CANNED_MESSAGES.duplicate);
  await db
    .update(cannedResponses)
    .set({ ...valuesOf(body), updatedAt: new Date() })
    .where(and(eq(cannedResponses.id, id), eq(cannedResponses.userId, account)));
  return oneRecord(db, account, id);
}

export async function deleteCanned(db: Db, ws: ChatWorkspace, id: string): Promise<void> {
  refuseAgent(ws);
  const account = await cannedAccount(db, ws);
  if (!isUuid(id)) throw notFound(CANNED_MESSAGES.notFound);
  const gone = await db
    .delete(cannedResponses)
    .where(and(eq(cannedResponses.id, id), eq(cannedResponses.userId, account)))
    .returning({ id: cannedResponses.id });
  if (!gone.length) throw notFound(CANNED_MESSAGES.notFound);
}
