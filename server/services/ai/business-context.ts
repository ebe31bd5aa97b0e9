import { and, asc, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { SchemaBody } from "../../../schemas";
import type { CallQuery } from "../../../contract/calls";
import type { ValidationResult } from "../../../contract/calls/ai-records";
import type { Db } from "../../db/client";
import { aiAgents, aiBusinessContexts } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../http/errors";
import { isUuid } from "../caller";
import { filterValue, pageWindow, totalPages } from "../paging";
import { toContextRecord, type AgentRow, type ContextRow } from "./records";
import { agentField, agentNames } from "./tenant";

type ContextInput = SchemaBody<"ai-business-context-update">;
export const CONTEXT_NOT_FOUND = "Business context not found";

/** What a complete context has: each filled field counts the same. */
const RECOMMENDED: ((r: ContextRow) => boolean)[] = [
  (r) => Boolean(r.companyName),
  (r) => Boolean(r.industry),
  (r) => r.description.length >= 20,
  (r) => Boolean(r.website || r.email || r.phone),
  (r) => Boolean(r.address),
  (r) => Boolean(r.hours),
  (r) => r.products.length > 0,
  (r) => Boolean(r.policies),
  (r) => Boolean(r.tone),
  (r) => r.languages.length > 0,
];

export const completenessOf = (r: ContextRow) =>
  Math.round((100 * RECOMMENDED.filter((check) => check(r)).length) / RECOMMENDED.length);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const list = (items: readonly string[] | undefined) => [...new Set((items ?? []).map((s) => s.trim()).filter(Boolean))];

function changes(input: ContextInput) {
  const text = (v: string | undefined) => (v === undefined ? undefined : v.trim());
  const out = {
    companyName: text(input.companyName),
    industry: text(input.industry),
    description: text(input.description),
    website: text(input.website),
    email: text(input.email),
    phone: text(input.phone),
    address: text(input.address),
    hours: text(input.hours),
    products: input.products === undefined ? undefined : list(input.products),
    policies: text(input.policies),
    tone: text(input.tone),
    languages: input.languages === undefined ? undefined : list(input.languages),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as Partial<typeof out>;
}

export async function ownContext(db: Db, ownerId: string, id: string): Promise<ContextRow> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(aiBusinessContexts)
        .where(and(eq(aiBusinessContexts.id, id), eq(aiBusinessContexts.userId, ownerId)))
    : [];
  if (!row) throw notFound(CONTEXT_NOT_FOUND);
  return row;
}

export async function contextRecord(db: Db, ownerId: string, row: ContextRow) {
  const names = await agentNames(db, ownerId, [row.agentId]);
  return toContextRecord(row, row.agentId ? (names.get(row.agentId) ?? null) : null, completenessOf(row));
}

async function records(db: Db, ownerId: string, rows: ContextRow[]) {
  const names = await agentNames(
    db,
    ownerId,
    rows.map((r) => r.agentId),
  );
  return rows.map((r) => toContextRecord(r, r.agentId ? (names.get(r.agentId) ?? null) : null, completenessOf(r)));
}

const AGENT_HAS_ONE = "This agent already has a business context: edit that one";

function uniqueAgent<T>(work: () => Promise<T>): Promise<T> {
  return work().catch((err: unknown) => {
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code === "23505") throw conflict(AGENT_HAS_ONE);
    throw err;
  });
}

export async function createContext(
  db: Db,
  ownerId: string,
  input: SchemaBody<"ai-business-context">,
): Promise<ContextRow> {
  const agent = await agentField(db, ownerId, input.agentId);
  const values = { ...changes(input), companyName: input.companyName.trim(), industry: input.industry.trim() };
  return uniqueAgent(async () => {
    const [row] = await db
      .insert(aiBusinessContexts)
      .values({ ...values, userId: ownerId, agentId: agent?.id ?? null })
      .returning();
    return row;
  });
}

export async function updateContext(
  db: Db,
  ownerId: string,
  row: ContextRow,
  input: ContextInput,
): Promise<ContextRow> {
  const agent = input.agentId !== undefined ? await agentField(db, ownerId, input.agentId) : undefined;
  const next = { ...changes(input), ...(agent !== undefined ? { agentId: agent?.id ?? null } : {}) };
  for (const field of ["companyName", "industry"] as const) {
    if (next[field] === "") throw badRequest(`${field}: is required`, [{ field, message: "is required" }]);
  }
  return uniqueAgent(async () => {
    const [updated] = await db
      .update(aiBusinessContexts)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(aiBusinessContexts.id, row.id))
      .returning();
    return updated;
  });
}

export async function deleteContext(db: Db, row: ContextRow): Promise<void> {
  await db.delete(aiBusinessContexts).where(eq(aiBusinessContexts.id, row.id));
}

/** The agent's own context, or else the account's (one without an agent): what the agent is told about the business. */
export async function contextForAgent(db: Db, agent: Pick<AgentRow, "id" | "userId">): Promise<ContextRow | null> {
  const rows = await db
    .select()
    .from(aiBusinessContexts)
    .where(
      and(
        eq(aiBusinessContexts.userId, agent.userId),
        or(eq(aiBusinessContexts.agentId, agent.id), isNull(aiBusinessContexts.agentId)),
      ),
    )
    .orderBy(sql`${aiBusinessContexts.agentId} is null`, asc(aiBusinessContexts.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

export async function agentOwnContext(db: Db, agent: AgentRow): Promise<ContextRow | null> {
  const [row] = await db.select().from(aiBusinessContexts).where(eq(aiBusinessContexts.agentId, agent.id));
  return row ?? null;
}

/** PUT /agent/:id: writes the agent's own context, creating it on first write (then name and industry are required). */
export async function upsertAgentContext(db: Db, agent: AgentRow, input: ContextInput): Promise<ContextRow> {
  const existing = await agentOwnContext(db, agent);
  if (existing) return updateContext(db, agent.userId, existing, { ...input, agentId: undefined });
  const missing = (["companyName", "industry"] as const).filter((f) => !input[f]?.trim());
  if (missing.length)
    throw badRequest(
      missing.map((f) => `${f}: is required`).join(", "),
      missing.map((field) => ({ field, message: "is required" })),
    );
  return createContext(db, agent.userId, {
    ...input,
    companyName: input.companyName ?? "",
    industry: input.industry ?? "",
    agentId: agent.id,
  });
}

const page = <T>(rows: T[], total: number, p: { page: number; limit: number }) => ({
  success: true as const,
  count: total,
  page: p.page,
  limit: p.limit,
  totalPages: totalPages(total, p.limit),
  data: rows,
});

export async function listContexts(db: Db, ownerId: string, query: CallQuery<"ai.businessContext.list">) {
  const p = pageWindow(query);
  const where = eq(aiBusinessContexts.userId, ownerId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(aiBusinessContexts)
      .where(where)
      .orderBy(desc(aiBusinessContexts.updatedAt))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ total: count() }).from(aiBusinessContexts).where(where),
  ]);
  return page(await records(db, ownerId, rows), total, p);
}

export async function searchContexts(db: Db, ownerId: string, query: CallQuery<"ai.businessContext.search">) {
  const p = pageWindow(query);
  const words = filterValue(query.query);
  const industry = filterValue(query.industry);
  const company = filterValue(query.companyName);
  const like = (v: string) => `%${escapeLike(v)}%`;
  const where = and(
    eq(aiBusinessContexts.userId, ownerId),
    industry ? ilike(aiBusinessContexts.industry, like(industry)) : undefined,
    company ? ilike(aiBusinessContexts.companyName, like(company)) : undefined,
    words
      ? or(
          sql`to_tsvector('english', ${aiBusinessContexts.companyName} || ' ' || ${aiBusinessContexts.industry} || ' ' || ${aiBusinessContexts.description} || ' ' || ${aiBusinessContexts.policies}) @@ plainto_tsquery('english', ${words})`,
          ilike(aiBusinessContexts.companyName, like(words)),
        )
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(aiBusinessContexts)
      .where(where)
      .orderBy(asc(aiBusinessContexts.companyName))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ total: count() }).from(aiBusinessContexts).where(where),
  ]);
  return page(await records(db, ownerId, rows), total, p);
}

export async function contextStats(db: Db, ownerId: string) {
  const rows = await db.select().from(aiBusinessContexts).where(eq(aiBusinessContexts.userId, ownerId));
  const industries = new Map<string, number>();
  for (const r of rows) industries.set(r.industry, (industries.get(r.industry) ?? 0) + 1);
  return {
    total: rows.length,
    linkedAgents: rows.filter((r) => r.agentId).length,
    averageCompleteness: rows.length ? Math.round(rows.reduce((n, r) => n + completenessOf(r), 0) / rows.length) : 0,
    industries: [...industries]
      .map(([industry, n]) => ({ industry, count: n }))
      .sort((a, b) => b.count - a.count || a.industry.localeCompare(b.industry)),
  };
}

/** The paragraph an agent is given about the business (its prompt's context, and the summary call). */
export function describeBusiness(r: ContextRow): string {
  const parts = [
    `${r.companyName} is a ${r.industry} business.`,
    r.description,
    r.products.length ? `Products and services: ${r.products.join(", ")}.` : "",
    r.hours ? `Opening hours: ${r.hours}.` : "",
    r.address ? `Address: ${r.address}.` : "",
    [r.phone && `phone ${r.phone}`, r.email && `email ${r.email}`, r.website && `website ${r.website}`].filter(Boolean)
      .length
      ? `Contact: ${[r.phone && `phone ${r.phone}`, r.email && `email ${r.email}`, r.website && `website ${r.website}`].filter(Boolean).join(", ")}.`
      : "",
    r.policies ? `Policies: ${r.policies}` : "",
    r.languages.length ? `Languages: ${r.languages.join(", ")}.` : "",
  ];
  return parts
    .filter(Boolean)
    .map((p) => p.trim())
    .join(" ")
    .replace(/\.\./g, ".");
}

export async function contextSummaries(db: Db, ownerId: string) {
  const rows = await db
    .select()
    .from(aiBusinessContexts)
    .where(eq(aiBusinessContexts.userId, ownerId))
    .orderBy(asc(aiBusinessContexts.companyName));
  const names = await agentNames(
    db,
    ownerId,
    rows.map((r) => r.agentId),
  );
  return rows.map((r) => ({
    _id: r.id,
    companyName: r.companyName,
    industry: r.industry,
    agentName: r.agentId ? (names.get(r.agentId) ?? null) : null,
    completeness: completenessOf(r),
    summary: describeBusiness(r),
  }));
}

const domainOf = (value: string) =>
  value
    .replace(/^https?:\/\//, "")
    .split(/[/@]/)
    .pop()
    ?.split("/")[0]
    ?.replace(/^www\./, "")
    .toLowerCase() ?? "";

/** What the context misses (errors block nothing but say what the agent cannot answer) or contradicts. */
export async function validateContext(db: Db, row: ContextRow): Promise<ValidationResult> {
  const issues: ValidationResult["issues"] = [];
  const warn = (field: string, message: string) => issues.push({ field, level: "warning", message });
  if (row.description.length < 20)
    warn("description", "Say in a sentence or two what the business does: agents introduce it with this");
  if (!row.website && !row.email && !row.phone)
    issues.push({
      field: "email",
      level: "error",
      message: "No way to contact the business: add a phone, an email or a website",
    });
  if (!row.hours) warn("hours", "No opening hours: customers often ask when you are open");
  if (!row.address) warn("address", "No address: agents cannot say where you are");
  if (!row.products.length) warn("products", "No products or services listed");
  if (!row.policies) warn("policies", "No policies: returns, delivery and cancellation questions will be handed over");
  if (!row.tone) warn("tone", "No tone of voice: agents answer in a neutral tone");
  if (!row.languages.length) warn("languages", "No languages: agents reply in the customer's language");
  if (row.email && row.website && domainOf(row.email) !== domainOf(row.website)) {
    warn("email", `The email's domain (${domainOf(row.email)}) differs from the website's (${domainOf(row.website)})`);
  }
  if (row.agentId) {
    const [agent] = await db.select({ handoff: aiAgents.handoff }).from(aiAgents).where(eq(aiAgents.id, row.agentId));
    if (agent?.handoff.businessHours.enabled && !row.hours) {
      issues.push({
        field: "hours",
        level: "error",
        message:
          "The agent hands over within business hours, but the context gives no opening hours: customers are not told when you are open",
      });
    }
  }
  return { valid: !issues.some((i) => i.level === "error"), completeness: completenessOf(row), issues };
}

export async function contextsForAgentRecord(db: Db, agent: AgentRow) {
  const row = await agentOwnContext(db, agent);
  return row ? toContextRecord(row, agent.name, completenessOf(row)) : null;
}
