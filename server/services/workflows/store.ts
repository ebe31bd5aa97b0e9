// Workflows of an account: the draft, publishing (checked, numbered versions), turning on and off, versions, rollback
// and diff. An account acts only on its own workflows (owner_id = the caller); anything else answers 404.
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Static } from "@sinclair/typebox";
import type {
  ProblemRecord,
  WorkflowDetailRecord,
  WorkflowRecord,
  WorkflowVersionRecord,
} from "../../../contract/calls/workflow-records";
import { diffGraphs, type GraphDiff } from "../../../contract/domain/workflow-diff";
import { checkGraph, triggerOf, type GraphProblem, type WorkflowGraph } from "../../../contract/domain/workflow-graph";
import { triggerKindOf } from "../../../contract/domain/workflow-nodes";
import { WORKFLOW_TEMPLATES } from "../../../contract/domain/workflow-templates";
import type { WorkflowStatus } from "../../../contract/domain/workflow-runs";
import type { Db } from "../../db/client";
import { users, workflowRuns, workflows, workflowVersions, type WorkflowRow } from "../../db/schema";
import { badRequest, conflict, HttpError, notFound } from "../../http/errors";
import { isUuid } from "../caller";
import { escapeLike } from "../campaigns/list";
import { pageWindow, totalPages } from "../paging";
import { validateSettings } from "./settings";
import { templateHeaderProblems } from "./template-header";
import { nextFireAt } from "./schedule-time";
import { FOR_ROW_LOCK } from "../../db/locks";

export const WORKFLOW_NOT_FOUND = "Workflow not found";
export const VERSION_NOT_FOUND = "That version does not exist";

type Version = typeof workflowVersions.$inferSelect;
export type WorkflowOut = Static<typeof WorkflowRecord>;
export type WorkflowDetailOut = Static<typeof WorkflowDetailRecord>;
export type VersionOut = Static<typeof WorkflowVersionRecord>;
export type ProblemOut = Static<typeof ProblemRecord>;

export const EMPTY_GRAPH: WorkflowGraph = { nodes: [], edges: [] };
const newSecret = () => randomBytes(24).toString("base64url");

export async function findWorkflow(db: Db, ownerId: string, id: string): Promise<WorkflowRow> {
  if (!isUuid(id)) throw notFound(WORKFLOW_NOT_FOUND);
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, id), eq(workflows.ownerId, ownerId)));
  if (!row) throw notFound(WORKFLOW_NOT_FOUND);
  return row;
}

interface Stats {
  runs: number;
  failed: number;
  last: Date | null;
}

async function statsOf(db: Db, ids: string[]): Promise<Map<string, Stats>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: workflowRuns.workflowId,
      runs: count(),
      failed: sql<number>`count(*) filter (where ${workflowRuns.status} = 'failed')::int`,
      last: sql<string | null>`max(${workflowRuns.createdAt})`,
    })
    .from(workflowRuns)
    .where(sql`${workflowRuns.workflowId} in ${ids}`)
    .groupBy(workflowRuns.workflowId);
  return new Map(rows.map((r) => [r.id, { runs: r.runs, failed: r.failed, last: r.last ? new Date(r.last) : null }]));
}

async function publishedGraph(db: Db, row: WorkflowRow): Promise<{ number: number; graph: WorkflowGraph } | null> {
  if (!row.publishedVersionId) return null;
  const [v] = await db
    .select({ number: workflowVersions.number, graph: workflowVersions.graph })
    .from(workflowVersions)
    .where(eq(workflowVersions.id, row.publishedVersionId));
  return v ?? null;
}

function toRecord(
  row: WorkflowRow,
  published: { number: number; graph: WorkflowGraph } | null,
  stats: Stats | undefined,
): WorkflowOut {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    triggerKind: row.triggerKind ?? null,
    publishedVersion: published?.number ?? null,
    unpublishedChanges: !published || JSON.stringify(published.graph) !== JSON.stringify(row.draft),
    runs: stats?.runs ?? 0,
    failedRuns: stats?.failed ?? 0,
    lastRunAt: stats?.last?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function workflowDetail(db: Db, row: WorkflowRow): Promise<WorkflowDetailOut> {
  const [published, stats] = await Promise.all([publishedGraph(db, row), statsOf(db, [row.id])]);
  return {
    ...toRecord(row, published, stats.get(row.id)),
    draft: row.draft,
    webhookPath: `/api/flow/v1/hooks/${row.id}/${row.webhookSecret}`,
    nextFireAt: row.nextFireAt?.toISOString() ?? null,
  };
}

/**
 * The draft's problems: the pure graph checks plus the settings' schemas and what only the server knows (a cron line, a
 * time zone).
 */
export function problemsOf(graph: WorkflowGraph): GraphProblem[] {
  return [...checkGraph(graph), ...validateSettings(graph)];
}

/** The same plus the checks against the owner's records (a template's header media). */
export async function ownerProblems(db: Db, ownerId: string, graph: WorkflowGraph): Promise<GraphProblem[]> {
  return [...problemsOf(graph), ...(await templateHeaderProblems(db, ownerId, graph))];
}

export async function listWorkflows(
  db: Db,
  ownerId: string,
  query: { page: number; limit: number; q?: string; status?: WorkflowStatus },
) {
  const { limit, offset } = pageWindow(query);
  const term = query.q?.trim();
  const where = and(
    eq(workflows.ownerId, ownerId),
    query.status ? eq(workflows.status, query.status) : undefined,
    term
      ? or(ilike(workflows.name, `%${escapeLike(term)}%`), ilike(workflows.description, `%${escapeLike(term)}%`))
      : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(workflows)
      .where(where)
      .orderBy(desc(workflows.updatedAt), desc(workflows.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(workflows).where(where),
  ]);
  const versionIds = rows.flatMap((r) => (r.publishedVersionId ? [r.publishedVersionId] : []));
  const versions = versionIds.length
    ? await db
        .select({ id: workflowVersions.id, number: workflowVersions.number, graph: workflowVersions.graph })
        .from(workflowVersions)
        .where(sql`${workflowVersions.id} in ${versionIds}`)
    : [];
  const byId = new Map(versions.map((v) => [v.id, v]));
  const stats = await statsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) =>
      toRecord(r, (r.publishedVersionId && byId.get(r.publishedVersionId)) || null, stats.get(r.id)),
    ),
    total: n,
    totalPages: totalPages(n, limit),
  };
}

export async function createWorkflow(
  db: Db,
  ownerId: string,
  input: { name: string; description?: string; templateId?: string; graph?: WorkflowGraph },
): Promise<WorkflowRow> {
  let graph = input.graph ?? EMPTY_GRAPH;
  if (input.templateId) {
    const template = WORKFLOW_TEMPLATES.find((t) => t.id === input.templateId);
    if (!template)
      throw badRequest("No such template", [{ field: "templateId", message: "is not a ready-made workflow" }]);
    graph = structuredClone(template.graph);
  }
  const [row] = await db
    .insert(workflows)
    .values({
      ownerId,
      name: input.name.trim(),
      description: input.description?.trim() ?? "",
      draft: graph,
      webhookSecret: newSecret(),
    })
    .returning();
  if (!row) throw new HttpError(500, "The workflow could not be created");
  return row;
}

export async function updateWorkflow(
  db: Db,
  row: WorkflowRow,
  input: { name?: string; description?: string; graph?: WorkflowGraph },
): Promise<WorkflowRow> {
  const [updated] = await db
    .update(workflows)
    .set({
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.description !== undefined ? { description: input.description.trim() } : {}),
      ...(input.graph ? { draft: input.graph } : {}),
      updatedAt: new Date(),
    })
    .where(eq(workflows.id, row.id))
    .returning();
  return updated ?? row;
}

export async function deleteWorkflow(db: Db, row: WorkflowRow): Promise<void> {
  await db.delete(workflows).where(eq(workflows.id, row.id));
}

function versionRecord(
  v: Pick<Version, "id" | "number" | "note" | "createdAt" | "graph">,
  createdBy: string | null,
  liveId: string | null,
): VersionOut {
  return {
    _id: v.id,
    number: v.number,
    note: v.note,
    createdAt: v.createdAt.toISOString(),
    createdBy,
    steps: v.graph.nodes.length,
    live: v.id === liveId,
  };
}

/** Publishes a graph as the next version and makes it the one that runs (schedule: its next time computed). */
async function publishGraph(
  db: Db,
  row: WorkflowRow,
  graph: WorkflowGraph,
  note: string,
  by: string,
): Promise<{ row: WorkflowRow; version: VersionOut }> {
  const errors = (await ownerProblems(db, row.ownerId, graph)).filter((p) => p.severity === "error");
  if (errors.length) {
    throw new HttpError(
      422,
      `The workflow has ${errors.length} problem${errors.length === 1 ? "" : "s"} to fix before publishing`,
      errors.map((p) => ({ field: p.nodeId ?? "graph", message: p.message })),
    );
  }
  const trigger = triggerOf(graph);
  const kind = trigger ? triggerKindOf(trigger.type) : null;
  const fireAt =
    trigger?.type === "trigger.schedule"
      ? nextFireAt(String(trigger.data.cron), String(trigger.data.timezone), new Date())
      : null;
  return db.transaction(async (tx) => {
    // The workflow row's lock orders two publishes of one workflow: numbers never collide.
    await tx.execute(sql`select 1 from workflows where id = ${row.id} ${FOR_ROW_LOCK}`);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${workflowVersions.number}), 0)::int + 1` })
      .from(workflowVersions)
      .where(eq(workflowVersions.workflowId, row.id));
    const [version] = await tx
      .insert(workflowVersions)
      .values({ workflowId: row.id, number: next, graph, note, createdBy: by })
      .returning();
    if (!version) throw new HttpError(500, "The version could not be stored");
    const [updated] = await tx
      .update(workflows)
      .set({
        publishedVersionId: version.id,
        triggerKind: kind,
        status: "active",
        draft: graph,
        nextFireAt: fireAt,
        updatedAt: new Date(),
      })
      .where(eq(workflows.id, row.id))
      .returning();
    const [who] = await tx.select({ username: users.username }).from(users).where(eq(users.id, by));
    return { row: updated ?? row, version: versionRecord(version, who?.username ?? null, version.id) };
  });
}

export const publishWorkflow = (db: Db, row: WorkflowRow, note: string, by: string) =>
  publishGraph(db, row, row.draft, note, by);

export async function setWorkflowActive(db: Db, row: WorkflowRow, active: boolean): Promise<WorkflowRow> {
  if (!row.publishedVersionId) throw conflict("Publish the workflow first: a draft cannot run");
  const published = await publishedGraph(db, row);
  const trigger = published ? triggerOf(published.graph) : undefined;
  const fireAt =
    active && trigger?.type === "trigger.schedule"
      ? nextFireAt(String(trigger.data.cron), String(trigger.data.timezone), new Date())
      : null;
  const [updated] = await db
    .update(workflows)
    .set({ status: active ? "active" : "paused", nextFireAt: fireAt, updatedAt: new Date() })
    .where(eq(workflows.id, row.id))
    .returning();
  return updated ?? row;
}

export async function rotateSecret(db: Db, row: WorkflowRow): Promise<WorkflowRow> {
  const [updated] = await db
    .update(workflows)
    .set({ webhookSecret: newSecret(), updatedAt: new Date() })
    .where(eq(workflows.id, row.id))
    .returning();
  return updated ?? row;
}

export async function listVersions(db: Db, row: WorkflowRow): Promise<VersionOut[]> {
  const rows = await db
    .select({ v: workflowVersions, by: users.username })
    .from(workflowVersions)
    .leftJoin(users, eq(users.id, workflowVersions.createdBy))
    .where(eq(workflowVersions.workflowId, row.id))
    .orderBy(desc(workflowVersions.number));
  return rows.map(({ v, by }) => versionRecord(v, by, row.publishedVersionId));
}

export async function findVersion(
  db: Db,
  row: WorkflowRow,
  number: number,
): Promise<{ version: Version; record: VersionOut }> {
  const [found] = await db
    .select({ v: workflowVersions, by: users.username })
    .from(workflowVersions)
    .leftJoin(users, eq(users.id, workflowVersions.createdBy))
    .where(and(eq(workflowVersions.workflowId, row.id), eq(workflowVersions.number, number)));
  if (!found) throw notFound(VERSION_NOT_FOUND);
  return { version: found.v, record: versionRecord(found.v, found.by, row.publishedVersionId) };
}

/** Rolling back publishes the old graph again as a new number, so the history stays a straight line. */
export async function rollbackWorkflow(db: Db, row: WorkflowRow, number: number, by: string) {
  const { version } = await findVersion(db, row, number);
  return publishGraph(db, row, version.graph, `Rolled back to version ${number}`, by);
}

export async function diffWorkflow(
  db: Db,
  row: WorkflowRow,
  from: number,
  to: number | undefined,
): Promise<GraphDiff & { from: number; to: number }> {
  const before = (await findVersion(db, row, from)).version.graph;
  const after = to === undefined ? row.draft : (await findVersion(db, row, to)).version.graph;
  return { from, to: to ?? 0, ...diffGraphs(before, after) };
}

export const problemRecords = (db: Db, row: WorkflowRow): Promise<ProblemOut[]> =>
  ownerProblems(db, row.ownerId, row.draft);
