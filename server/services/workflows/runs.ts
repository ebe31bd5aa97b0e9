// Runs: starting them (many at once: a batch of trigger events is two statements), reading them for the history,
// replaying and cancelling. A run is a row; each step it takes is a row (server/jobs/workflow-steps.ts works them).
// The trigger's own step is written done when the run starts, with the next step queued behind it.
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Static } from "@sinclair/typebox";
import type { RunDetailRecord, RunRecord, StepRecord } from "../../../contract/calls/workflow-records";
import { nextOf, triggerOf, type WorkflowGraph } from "../../../contract/domain/workflow-graph";
import type { TriggerKind } from "../../../contract/domain/workflow-nodes";
import { FINAL_RUN_STATUSES, type ReplayFrom, type RunStatus } from "../../../contract/domain/workflow-runs";
import type { Db } from "../../db/client";
import {
  workflowRuns,
  workflows,
  workflowSteps,
  workflowVersions,
  type RunContact,
  type WorkflowRunRow,
  type WorkflowStepRow,
} from "../../db/schema";
import { conflict, notFound } from "../../http/errors";
import { isUuid } from "../caller";
import { pageWindow, totalPages } from "../paging";
import { graphOfVersion } from "./graph-cache";

export const RUN_NOT_FOUND = "Run not found";
export type RunOut = Static<typeof RunRecord>;
export type RunDetailOut = Static<typeof RunDetailRecord>;
type StepOut = Static<typeof StepRecord>;

export interface RunStart {
  workflowId: string;
  ownerId: string;
  versionId: string | null;
  /** A test run's graph (the draft); null for a published version's run. */
  testGraph: WorkflowGraph | null;
  graph: WorkflowGraph;
  triggerKind: TriggerKind;
  trigger: Record<string, unknown>;
  contact: RunContact | null;
  dedupeKey?: string | null;
  replayOf?: string | null;
  keyRunId?: string;
  /** Replay from a step: outputs of the steps before it, copied rows of them, and where to go on. */
  resume?: { vars: Record<string, unknown>; copied: WorkflowStepRow[]; nodeId: string; seq: number };
}

/**
 * Starts runs: one INSERT of the runs (a dedupe key already seen starts nothing) and one of their first steps. Returns
 * the ids of the runs that started, in the order given (null where the dedupe key was a repeat).
 */
export async function startRuns(db: Db, starts: readonly RunStart[], now = new Date()): Promise<(string | null)[]> {
  if (starts.length === 0) return [];
  const rows = starts.map((s) => ({ id: randomUUID(), s }));
  const inserted = await db
    .insert(workflowRuns)
    .values(
      rows.map(({ id, s }) => ({
        id,
        workflowId: s.workflowId,
        versionId: s.versionId,
        testGraph: s.testGraph,
        ownerId: s.ownerId,
        status: "running" as const,
        triggerKind: s.triggerKind,
        trigger: s.trigger,
        contact: s.contact,
        vars: s.resume?.vars ?? {},
        stepCount: 1 + (s.resume?.copied.length ?? 0),
        replayOf: s.replayOf ?? null,
        keyRunId: s.keyRunId ?? id,
        dedupeKey: s.dedupeKey ?? null,
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: workflowRuns.id });
  const started = new Set(inserted.map((r) => r.id));
  const steps: (typeof workflowSteps.$inferInsert)[] = [];
  const finished: string[] = [];
  for (const { id, s } of rows) {
    if (!started.has(id)) continue;
    const trigger = triggerOf(s.graph);
    if (!trigger) continue;
    steps.push({
      runId: id,
      ownerId: s.ownerId,
      nodeId: trigger.id,
      nodeType: trigger.type,
      seq: 1,
      status: "succeeded",
      input: s.trigger,
      output: s.trigger,
      handle: "next",
      queuedAt: now,
      startedAt: now,
      finishedAt: now,
      dueAt: now,
    });
    if (s.resume) {
      for (const c of s.resume.copied) {
        steps.push({
          runId: id,
          ownerId: s.ownerId,
          nodeId: c.nodeId,
          nodeType: c.nodeType,
          seq: c.seq,
          status: "skipped",
          input: c.input,
          output: c.output,
          handle: c.handle,
          error: null,
          queuedAt: now,
          startedAt: now,
          finishedAt: now,
          dueAt: now,
          state: { copiedFrom: c.runId },
        });
      }
      const node = s.graph.nodes.find((n) => n.id === s.resume?.nodeId);
      if (node)
        steps.push({
          runId: id,
          ownerId: s.ownerId,
          nodeId: node.id,
          nodeType: node.type,
          seq: s.resume.seq,
          status: "queued",
          queuedAt: now,
          dueAt: now,
        });
      continue;
    }
    const next = nextOf(s.graph, trigger.id, "next");
    if (next)
      steps.push({
        runId: id,
        ownerId: s.ownerId,
        nodeId: next.id,
        nodeType: next.type,
        seq: 2,
        status: "queued",
        queuedAt: now,
        dueAt: now,
      });
    else finished.push(id);
  }
  if (steps.length) await db.insert(workflowSteps).values(steps);
  if (finished.length)
    await db
      .update(workflowRuns)
      .set({ status: "succeeded", finishedAt: now })
      .where(inArray(workflowRuns.id, finished));
  return rows.map(({ id }) => (started.has(id) ? id : null));
}

/** The graph a run follows: its version's, or the draft its test ran. */
export async function graphOfRun(db: Db, run: Pick<WorkflowRunRow, "versionId" | "testGraph">): Promise<WorkflowGraph> {
  if (run.testGraph) return run.testGraph;
  if (!run.versionId) throw new Error("a run without a version or a test graph");
  return graphOfVersion(db, run.versionId);
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const ms = (a: Date | null, b: Date | null) => (a && b ? Math.max(0, b.getTime() - a.getTime()) : null);

function runRecord(
  run: WorkflowRunRow,
  workflowName: string,
  versionNumber: number | null,
  currentNode: string | null,
): RunOut {
  return {
    _id: run.id,
    workflowId: run.workflowId,
    workflowName,
    versionNumber,
    test: run.testGraph !== null,
    status: run.status,
    triggerKind: run.triggerKind,
    contact: run.contact?.number ?? null,
    stepCount: run.stepCount,
    currentNode,
    error: run.error,
    replayOf: run.replayOf,
    createdAt: run.createdAt.toISOString(),
    finishedAt: iso(run.finishedAt),
    durationMs: ms(run.createdAt, run.finishedAt),
  };
}

function stepRecord(s: WorkflowStepRow): StepOut {
  return {
    _id: String(s.id),
    nodeId: s.nodeId,
    nodeType: s.nodeType,
    seq: s.seq,
    status: s.status,
    handle: s.handle,
    input: s.input ?? null,
    output: s.output ?? null,
    error: s.error,
    attempts: s.attempts,
    queuedAt: s.queuedAt.toISOString(),
    startedAt: iso(s.startedAt),
    finishedAt: iso(s.finishedAt),
    dueAt: s.dueAt.toISOString(),
    durationMs: ms(s.startedAt, s.finishedAt),
  };
}

const lastNode = sql<
  string | null
>`(select s.node_id from workflow_steps s where s.run_id = ${workflowRuns.id} order by s.seq desc, s.id desc limit 1)`;

export async function listRuns(
  db: Db,
  ownerId: string,
  query: {
    page: number;
    limit: number;
    workflowId?: string;
    status?: RunStatus;
    trigger?: TriggerKind;
    test?: boolean;
  },
) {
  const { limit, offset } = pageWindow(query);
  if (query.workflowId !== undefined && !isUuid(query.workflowId)) return { data: [], total: 0, totalPages: 0 };
  const where = and(
    eq(workflowRuns.ownerId, ownerId),
    query.workflowId ? eq(workflowRuns.workflowId, query.workflowId) : undefined,
    query.status ? eq(workflowRuns.status, query.status) : undefined,
    query.trigger ? eq(workflowRuns.triggerKind, query.trigger) : undefined,
    query.test === undefined
      ? undefined
      : query.test
        ? sql`${workflowRuns.testGraph} is not null`
        : sql`${workflowRuns.testGraph} is null`,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ run: workflowRuns, name: workflows.name, number: workflowVersions.number, node: lastNode })
      .from(workflowRuns)
      .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
      .leftJoin(workflowVersions, eq(workflowVersions.id, workflowRuns.versionId))
      .where(where)
      .orderBy(desc(workflowRuns.createdAt), desc(workflowRuns.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(workflowRuns).where(where),
  ]);
  return {
    data: rows.map((r) => runRecord(r.run, r.name, r.number, r.node)),
    total: n,
    totalPages: totalPages(n, limit),
  };
}

export async function findRun(
  db: Db,
  ownerId: string,
  id: string,
): Promise<{ run: WorkflowRunRow; name: string; number: number | null }> {
  if (!isUuid(id)) throw notFound(RUN_NOT_FOUND);
  const [row] = await db
    .select({ run: workflowRuns, name: workflows.name, number: workflowVersions.number })
    .from(workflowRuns)
    .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
    .leftJoin(workflowVersions, eq(workflowVersions.id, workflowRuns.versionId))
    .where(and(eq(workflowRuns.id, id), eq(workflowRuns.ownerId, ownerId)));
  if (!row) throw notFound(RUN_NOT_FOUND);
  return row;
}

const stepsOf = (db: Db, runId: string) =>
  db.select().from(workflowSteps).where(eq(workflowSteps.runId, runId)).orderBy(workflowSteps.seq, workflowSteps.id);

export async function runDetail(db: Db, ownerId: string, id: string): Promise<RunDetailOut> {
  const { run, name, number } = await findRun(db, ownerId, id);
  const [steps, graph] = await Promise.all([stepsOf(db, run.id), graphOfRun(db, run)]);
  return {
    ...runRecord(run, name, number, steps.at(-1)?.nodeId ?? null),
    trigger: run.trigger,
    graph,
    steps: steps.map(stepRecord),
  };
}

export async function runOut(db: Db, ownerId: string, id: string): Promise<RunOut> {
  const { run, name, number } = await findRun(db, ownerId, id);
  const [last] = await db
    .select({ node: workflowSteps.nodeId })
    .from(workflowSteps)
    .where(eq(workflowSteps.runId, id))
    .orderBy(desc(workflowSteps.seq), desc(workflowSteps.id))
    .limit(1);
  return runRecord(run, name, number, last?.node ?? null);
}

/**
 * Replays a finished run with its version (or test graph): from the start, or from the step that failed with the
 * outputs of the steps before it. Step keys stay the original run's, so a send it already made is skipped, not sent
 * again, unless `redo` asks for everything to be done again.
 */
export async function replayRun(
  db: Db,
  ownerId: string,
  id: string,
  input: { from: ReplayFrom; payload?: Record<string, unknown>; redo?: boolean; version?: "original" | "latest" },
): Promise<string> {
  const { run } = await findRun(db, ownerId, id);
  if (!FINAL_RUN_STATUSES.includes(run.status))
    throw conflict("The run is still going: cancel it first, or wait for it to end");
  let versionId = run.versionId;
  let testGraph = run.testGraph;
  if (input.version === "latest") {
    const [wf] = await db
      .select({ versionId: workflows.publishedVersionId })
      .from(workflows)
      .where(eq(workflows.id, run.workflowId));
    if (!wf?.versionId) throw conflict("The workflow has no published version to replay with");
    versionId = wf.versionId;
    testGraph = null;
  }
  const graph = testGraph ?? (await graphOfVersion(db, versionId as string));
  const trigger = input.payload ?? run.trigger;
  const base: RunStart = {
    workflowId: run.workflowId,
    ownerId,
    versionId,
    testGraph,
    graph,
    triggerKind: run.triggerKind,
    trigger,
    contact: run.contact,
    replayOf: run.id,
    keyRunId: input.redo ? undefined : run.keyRunId,
  };
  if (input.from === "failed") {
    const steps = await stepsOf(db, run.id);
    const failed = steps.find((s) => s.status === "failed");
    if (!failed) throw conflict("The run has no failed step: replay it from the start");
    if (!graph.nodes.some((n) => n.id === failed.nodeId))
      throw conflict(`The version has no step "${failed.nodeId}" any more: replay from the start`);
    const before = steps.filter(
      (s) => s.seq < failed.seq && s.seq > 1 && (s.status === "succeeded" || s.status === "skipped"),
    );
    const vars = Object.fromEntries(before.map((s) => [s.nodeId, s.output ?? {}]));
    const [started] = await startRuns(db, [
      { ...base, resume: { vars, copied: before, nodeId: failed.nodeId, seq: failed.seq } },
    ]);
    if (!started) throw conflict("The replay could not start");
    return started;
  }
  const [started] = await startRuns(db, [base]);
  if (!started) throw conflict("The replay could not start");
  return started;
}

export async function cancelRun(db: Db, ownerId: string, id: string): Promise<void> {
  const { run } = await findRun(db, ownerId, id);
  if (FINAL_RUN_STATUSES.includes(run.status))
    throw conflict(`The run has already ${run.status === "cancelled" ? "been cancelled" : run.status}`);
  await db.transaction(async (tx) => {
    await tx
      .update(workflowRuns)
      .set({ status: "cancelled", finishedAt: new Date(), error: "Cancelled" })
      .where(eq(workflowRuns.id, run.id));
    await tx
      .update(workflowSteps)
      .set({ status: "skipped", finishedAt: new Date(), error: "Run cancelled" })
      .where(and(eq(workflowSteps.runId, run.id), inArray(workflowSteps.status, ["queued", "waiting", "running"])));
  });
}
