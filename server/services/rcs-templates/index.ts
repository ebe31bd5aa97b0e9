import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { RcsTemplateRecord } from "../../../contract/calls";
import type { RcsTemplateType } from "../../../contract/domain/rcs";
import { type Caller, isUuid } from "../caller";
import { isUniqueViolation, type Db } from "../../db/client";
import { rcsBots, rcsTemplates } from "../../db/schema";
import { badRequest, HttpError, notFound } from "../../http/errors";
import { filterValue, totalPages, type pageWindow } from "../paging";
import { assertValidDraft, toDraft, type RcsTemplateBody } from "./draft";

export { toDraft, type RcsTemplateBody } from "./draft";

type Page = ReturnType<typeof pageWindow>;
type Row = typeof rcsTemplates.$inferSelect;

const NOT_FOUND = "RCS template not found";
const DUPLICATE = "You already have a template with this name";
const NOT_YOUR_BOT = "Choose one of your bots";

/** Whether the bot belongs to the account: the one check every template write makes (a template names its sender). */
export async function ownsBot(db: Db, userId: string, botId: string): Promise<boolean> {
  if (!isUuid(botId)) return false;
  const [row] = await db
    .select({ id: rcsBots.id })
    .from(rcsBots)
    .where(and(eq(rcsBots.id, botId), eq(rcsBots.userId, userId)));
  return Boolean(row);
}

export async function listBots(db: Db, caller: Caller) {
  const rows = await db.select().from(rcsBots).where(eq(rcsBots.userId, caller.id)).orderBy(rcsBots.name);
  return rows.map((b) => ({ _id: b.id, name: b.name, status: b.status }));
}

function toRecord(r: Row, botName: string): RcsTemplateRecord {
  return {
    _id: r.id,
    botId: r.botId,
    botName,
    name: r.name,
    type: r.type as RcsTemplateType,
    fromLibrary: r.fromLibrary,
    libraryId: r.libraryId,
    status: r.status,
    draft: r.draft,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Tenancy: an account sees its own templates, an admin everyone's. */
const scopeOf = (caller: Caller): SQL | undefined =>
  caller.role === "admin" ? undefined : eq(rcsTemplates.userId, caller.id);

const LIKE_SPECIALS = /[\\%_]/g;

export interface ListFilter {
  search?: string;
  botId?: string;
  type?: string;
}

export async function listTemplates(db: Db, caller: Caller, { page, limit, offset }: Page, filter: ListFilter) {
  const search = filterValue(filter.search);
  const botId = filterValue(filter.botId);
  const type = filterValue(filter.type);
  const pattern = search ? `%${search.replace(LIKE_SPECIALS, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    scopeOf(caller),
    pattern ? or(ilike(rcsTemplates.name, pattern), ilike(rcsBots.name, pattern)) : undefined,
    botId ? (isUuid(botId) ? eq(rcsTemplates.botId, botId) : sql`false`) : undefined,
    type ? eq(rcsTemplates.type, type) : undefined,
  );
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(rcsTemplates)
    .innerJoin(rcsBots, eq(rcsBots.id, rcsTemplates.botId))
    .where(where);
  const rows = await db
    .select({ t: rcsTemplates, botName: rcsBots.name })
    .from(rcsTemplates)
    .innerJoin(rcsBots, eq(rcsBots.id, rcsTemplates.botId))
    .where(where)
    .orderBy(desc(rcsTemplates.updatedAt), desc(rcsTemplates.id))
    .limit(limit)
    .offset(offset);
  return {
    success: true as const,
    count,
    page,
    limit,
    totalPages: totalPages(count, limit),
    data: rows.map(({ t, botName }) => toRecord(t, botName)),
  };
}

async function findTemplate(db: Db, caller: Caller, id: string) {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const [found] = await db
    .select({ t: rcsTemplates, botName: rcsBots.name })
    .from(rcsTemplates)
    .innerJoin(rcsBots, eq(rcsBots.id, rcsTemplates.botId))
    .where(and(eq(rcsTemplates.id, id), scopeOf(caller)));
  if (!found) throw notFound(NOT_FOUND);
  return found;
}

export async function getTemplate(db: Db, caller: Caller, id: string): Promise<RcsTemplateRecord> {
  const { t, botName } = await findTemplate(db, caller, id);
  return toRecord(t, botName);
}

/** Rules, then the bot, then the name: every refusal before the one write, so a refused request writes nothing. */
async function checkedDraft(db: Db, ownerId: string, body: RcsTemplateBody) {
  const draft = toDraft(body);
  assertValidDraft(draft);
  if (!(await ownsBot(db, ownerId, draft.botId)))
    throw badRequest(`botId: ${NOT_YOUR_BOT}`, [{ field: "botId", message: NOT_YOUR_BOT }]);
  return draft;
}

const duplicate = () => new HttpError(409, DUPLICATE, [{ field: "name", message: DUPLICATE }]);

async function botName(db: Db, botId: string): Promise<string> {
  const [bot] = await db.select({ name: rcsBots.name }).from(rcsBots).where(eq(rcsBots.id, botId));
  return bot?.name ?? "";
}

export async function createTemplate(db: Db, caller: Caller, body: RcsTemplateBody): Promise<RcsTemplateRecord> {
  const draft = await checkedDraft(db, caller.id, body);
  const fromLibrary = body.fromLibrary ?? false;
  try {
    const [row] = await db
      .insert(rcsTemplates)
      .values({
        userId: caller.id,
        botId: draft.botId,
        name: draft.name,
        type: draft.type,
        draft,
        fromLibrary,
        libraryId: fromLibrary ? (body.libraryId ?? null) : null,
      })
      .returning();
    return toRecord(row, await botName(db, row.botId));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function updateTemplate(
  db: Db,
  caller: Caller,
  id: string,
  body: RcsTemplateBody,
): Promise<RcsTemplateRecord> {
  const { t } = await findTemplate(db, caller, id);
  // The template stays its owner's: an admin editing it picks among the owner's bots.
  const draft = await checkedDraft(db, t.userId, body);
  const fromLibrary = body.fromLibrary ?? false;
  try {
    const [row] = await db
      .update(rcsTemplates)
      .set({
        botId: draft.botId,
        name: draft.name,
        type: draft.type,
        draft,
        fromLibrary,
        libraryId: fromLibrary ? (body.libraryId ?? t.libraryId) : null,
        updatedAt: new Date(),
      })
      .where(eq(rcsTemplates.id, t.id))
      .returning();
    return toRecord(row, await botName(db, row.botId));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function deleteTemplate(db: Db, caller: Caller, id: string): Promise<string> {
  const { t } = await findTemplate(db, caller, id);
  await db.delete(rcsTemplates).where(eq(rcsTemplates.id, t.id));
  return t.name;
}
