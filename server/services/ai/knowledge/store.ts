import { and, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { SchemaBody } from "../../../../schemas";
import type { CallQuery } from "../../../../contract/calls";
import type { KnowledgeKind } from "../../../../contract/domain/ai";
import type { Db } from "../../../db/client";
import { aiKnowledge, aiPassages, type FaqPair } from "../../../db/schema";
import { badRequest, notFound } from "../../../http/errors";
import { isUuid } from "../../caller";
import { rowsOf, type Tx } from "../../../db/sql";
import { filterValue, pageWindow, totalPages } from "../../paging";
import { toKnowledgeRecord, type KnowledgeRow } from "../records";
import { agentField, agentNames } from "../tenant";
import { splitFaqs, splitText, type PassageDraft } from "./split";

export const KNOWLEDGE_NOT_FOUND = "Knowledge entry not found";

export interface KnowledgeInput {
  title: string;
  kind: KnowledgeKind;
  content: string;
  faqs: FaqPair[];
  agentId?: string;
  intent?: string;
  file?: { name: string; mimeType: string; size: number };
}

/** Whether new passages wait for an embedding (an embeddings endpoint is configured). */
export interface EmbedPolicy {
  embed: boolean;
}

const INSERT_CHUNK = 500;

function draftsOf(kind: KnowledgeKind, title: string, content: string, faqs: readonly FaqPair[]): PassageDraft[] {
  const fromFaqs = splitFaqs(faqs);
  const fromText = content.trim() ? splitText(title, content) : [];
  return kind === "faq" ? fromFaqs : [...fromText, ...fromFaqs];
}

/** Writes an entry's passages (replacing any it had), in chunks so a long file is a few statements. */
async function writePassages(
  tx: Db | Tx,
  entry: KnowledgeRow,
  drafts: readonly PassageDraft[],
  policy: EmbedPolicy,
): Promise<void> {
  await tx.delete(aiPassages).where(eq(aiPassages.knowledgeId, entry.id));
  const embedAfter = policy.embed ? new Date() : null;
  for (let i = 0; i < drafts.length; i += INSERT_CHUNK) {
    await tx.insert(aiPassages).values(
      drafts.slice(i, i + INSERT_CHUNK).map((d, j) => ({
        knowledgeId: entry.id,
        userId: entry.userId,
        agentId: entry.agentId,
        intent: entry.intent,
        position: i + j + 1,
        title: d.title,
        content: d.content,
        embedAfter,
      })),
    );
  }
}

export async function createKnowledge(
  db: Db,
  ownerId: string,
  input: KnowledgeInput,
  policy: EmbedPolicy,
): Promise<KnowledgeRow> {
  const agent = await agentField(db, ownerId, input.agentId);
  const title = input.title.trim();
  const faqs = input.faqs.map((f) => ({ question: f.question.trim(), answer: f.answer.trim() }));
  if (input.kind === "text" && !input.content.trim())
    throw badRequest("content: write the text to learn from", [
      { field: "content", message: "is required for a text entry" },
    ]);
  if (input.kind === "faq" && faqs.length === 0)
    throw badRequest("faqs: add at least one question and answer", [
      { field: "faqs", message: "add at least one question and answer" },
    ]);
  const drafts = draftsOf(input.kind, title, input.content, faqs);
  if (drafts.length === 0)
    throw badRequest("content: there is no text to learn from", [
      { field: "content", message: "there is no text to learn from" },
    ]);
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .insert(aiKnowledge)
      .values({
        userId: ownerId,
        agentId: agent?.id ?? null,
        title,
        kind: input.kind,
        intent: input.intent ?? null,
        content: input.kind === "faq" ? "" : input.content.trim(),
        faqs,
        sourceName: input.file?.name ?? null,
        mimeType: input.file?.mimeType ?? null,
        size: input.file?.size ?? null,
      })
      .returning();
    await writePassages(tx, entry, drafts, policy);
    return entry;
  });
}

export async function ownKnowledge(db: Db, ownerId: string, id: string): Promise<KnowledgeRow> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(aiKnowledge)
        .where(and(eq(aiKnowledge.id, id), eq(aiKnowledge.userId, ownerId)))
    : [];
  if (!row) throw notFound(KNOWLEDGE_NOT_FOUND);
  return row;
}

/** New text or FAQ pairs replace the passages; a new title, agent or intent is carried to them too. */
export async function updateKnowledge(
  db: Db,
  ownerId: string,
  row: KnowledgeRow,
  input: SchemaBody<"ai-knowledge-update">,
  policy: EmbedPolicy,
): Promise<KnowledgeRow> {
  if (input.content !== undefined && row.kind === "faq")
    throw badRequest("content: an FAQ entry changes through its questions and answers", [
      { field: "content", message: "send faqs for an FAQ entry" },
    ]);
  if (input.faqs !== undefined && row.kind === "text")
    throw badRequest("faqs: a text entry changes through its text", [
      { field: "faqs", message: "send content for a text entry" },
    ]);
  const agent = input.agentId !== undefined ? await agentField(db, ownerId, input.agentId || undefined) : undefined;
  const next = {
    ...(input.title !== undefined ? { title: input.title.trim() } : {}),
    ...(input.content !== undefined ? { content: input.content.trim() } : {}),
    ...(input.faqs !== undefined
      ? { faqs: input.faqs.map((f) => ({ question: f.question.trim(), answer: f.answer.trim() })) }
      : {}),
    ...(agent !== undefined ? { agentId: agent?.id ?? null } : {}),
    ...(input.intent !== undefined ? { intent: input.intent || null } : {}),
  };
  const merged = { ...row, ...next };
  const rewrite =
    input.content !== undefined || input.faqs !== undefined || (input.title !== undefined && row.kind !== "faq");
  const drafts = rewrite ? draftsOf(row.kind, merged.title, merged.content, merged.faqs) : [];
  if (rewrite && drafts.length === 0)
    throw badRequest("content: there is no text to learn from", [
      { field: input.faqs !== undefined ? "faqs" : "content", message: "there is no text to learn from" },
    ]);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(aiKnowledge)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(aiKnowledge.id, row.id))
      .returning();
    if (rewrite) await writePassages(tx, updated, drafts, policy);
    else if (agent !== undefined || input.intent !== undefined) {
      await tx
        .update(aiPassages)
        .set({ agentId: updated.agentId, intent: updated.intent })
        .where(eq(aiPassages.knowledgeId, row.id));
    }
    return updated;
  });
}

export async function deleteKnowledge(db: Db, row: KnowledgeRow): Promise<void> {
  await db.delete(aiKnowledge).where(eq(aiKnowledge.id, row.id));
}

async function passageCounts(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { passages: number; embedded: number }>> {
  if (!ids.length) return new Map();
  const rows = await rowsOf<{ id: string; passages: number; embedded: number }>(
    db,
    sql`select knowledge_id as id, count(*)::int as passages, count(embedding)::int as embedded from ai_passages
        where knowledge_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) group by knowledge_id`,
  );
  return new Map(rows.map((r) => [r.id, { passages: r.passages, embedded: r.embedded }]));
}

export async function knowledgeRecords(db: Db, ownerId: string, rows: KnowledgeRow[]) {
  const [names, counts] = await Promise.all([
    agentNames(
      db,
      ownerId,
      rows.map((r) => r.agentId),
    ),
    passageCounts(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) =>
    toKnowledgeRecord(
      r,
      r.agentId ? (names.get(r.agentId) ?? null) : null,
      counts.get(r.id) ?? { passages: 0, embedded: 0 },
    ),
  );
}

export async function knowledgeDetail(db: Db, ownerId: string, row: KnowledgeRow) {
  const [record] = await knowledgeRecords(db, ownerId, [row]);
  const passages = await db
    .select()
    .from(aiPassages)
    .where(eq(aiPassages.knowledgeId, row.id))
    .orderBy(aiPassages.position)
    .limit(500);
  return {
    ...record,
    content: row.content,
    faqs: row.faqs,
    passageList: passages.map((p) => ({ _id: String(p.id), position: p.position, title: p.title, content: p.content })),
  };
}

export async function listKnowledge(db: Db, ownerId: string, query: CallQuery<"ai.knowledge.list">) {
  const p = pageWindow(query);
  const agent = await agentField(db, ownerId, query.agentId);
  const q = filterValue(query.q);
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : "";
  const where = and(
    eq(aiKnowledge.userId, ownerId),
    agent ? or(eq(aiKnowledge.agentId, agent.id), sql`${aiKnowledge.agentId} is null`) : undefined,
    query.kind ? eq(aiKnowledge.kind, query.kind) : undefined,
    q ? or(ilike(aiKnowledge.title, like), ilike(aiKnowledge.sourceName, like)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(aiKnowledge)
      .where(where)
      .orderBy(desc(aiKnowledge.createdAt), desc(aiKnowledge.id))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ total: count() }).from(aiKnowledge).where(where),
  ]);
  return {
    success: true as const,
    count: total,
    page: p.page,
    limit: p.limit,
    totalPages: totalPages(total, p.limit),
    data: await knowledgeRecords(db, ownerId, rows),
  };
}

export async function knowledgeStats(db: Db, ownerId: string, hybrid: boolean) {
  const [row] = await rowsOf<{
    entries: number;
    text: number;
    faq: number;
    file: number;
    passages: number;
    embedded: number;
  }>(
    db,
    sql`select (select count(*)::int from ai_knowledge where user_id = ${ownerId}) as entries,
               (select count(*)::int from ai_knowledge where user_id = ${ownerId} and kind = 'text') as text,
               (select count(*)::int from ai_knowledge where user_id = ${ownerId} and kind = 'faq') as faq,
               (select count(*)::int from ai_knowledge where user_id = ${ownerId} and kind = 'file') as file,
               (select count(*)::int from ai_passages where user_id = ${ownerId}) as passages,
               (select count(embedding)::int from ai_passages where user_id = ${ownerId}) as embedded`,
  );
  return {
    entries: row.entries,
    passages: row.passages,
    embedded: row.embedded,
    byKind: { text: row.text, faq: row.faq, file: row.file },
    hybrid,
  };
}
