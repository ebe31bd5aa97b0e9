// The workflow engine's loop: claims due steps (queued, a wait whose time came, or a running one whose worker died and
// whose lease ended) with FOR UPDATE SKIP LOCKED, no more per account than its concurrency allows, runs them, and
// writes each outcome with the next step in one statement; the finished steps of a batch that end together share that
// statement (coalesce.ts), each still with its own guard. A run therefore survives a restart at the step it was on,
// and a wait is only a due time in its row.
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { WorkflowGraph } from "../../contract/domain/workflow-graph";
import { nextOf } from "../../contract/domain/workflow-graph";
import { nodeSpec } from "../../contract/domain/workflow-nodes";
import { STEP_CAP_MESSAGE } from "../../contract/domain/workflow-runs";
import { fillDeep, type RunScope } from "../../contract/domain/workflow-vars";
import type { Db } from "../db/client";
import type { RunContact } from "../db/schema";
import { pgArray, rowsOf } from "../db/sql";
import { coalescer } from "../services/workflows/coalesce";
import { contactOf, contactWriter } from "../services/workflows/contacts";
import { executeStep, type EngineDeps, type Outcome } from "../services/workflows/execute";
import { graphOfVersion } from "../services/workflows/graph-cache";
import type { ClaimJob } from "../db/claim-loop";

export const WORKFLOW_STEPS_JOB = "workflow-steps";

export interface WorkflowStepsOptions {
  deps: EngineDeps;
  log: FastifyBaseLogger;
  leaseMs: number;
  maxStepsPerRun: number;
  accountConcurrency: number;
}

interface Claimed {
  id: number;
  run_id: string;
  owner_id: string;
  node_id: string;
  seq: number;
  state: Record<string, unknown>;
  attempts: number;
  workflow_id: string;
  version_id: string | null;
  test_graph: WorkflowGraph | null;
  run_status: string;
  trigger: Record<string, unknown>;
  contact: RunContact | null;
  vars: Record<string, unknown>;
  step_count: number;
  key_run_id: string;
  workflow_name: string;
}

/** A step that throws (not a step error: a bug, a lost database) is tried this often before its run fails. */
const MAX_ATTEMPTS = 5;

const json = (v: unknown) => JSON.stringify(v ?? null);

async function claimSteps(tx: Db, now: Date, limit: number, options: WorkflowStepsOptions): Promise<Claimed[][]> {
  const due = await rowsOf<{ id: number; owner_id: string }>(
    tx,
    sql`select id::float8 as id, owner_id::text as owner_id from workflow_steps
        where status in ('queued', 'waiting', 'running') and due_at <= ${now}
        order by due_at limit ${limit * 2} for update skip locked`,
  );
  if (due.length === 0) return [];
  const owners = [...new Set(due.map((d) => d.owner_id))];
  const busy = await rowsOf<{ owner_id: string; n: number }>(
    tx,
    sql`select owner_id::text as owner_id, count(*)::int as n from workflow_steps
        where status = 'running' and due_at > ${now} and owner_id = any(${pgArray(owners)}::uuid[]) group by owner_id`,
  );
  const room = new Map(
    owners.map((o) => [o, options.accountConcurrency - (busy.find((b) => b.owner_id === o)?.n ?? 0)]),
  );
  const picked: number[] = [];
  for (const d of due) {
    const left = room.get(d.owner_id) ?? 0;
    if (left <= 0 || picked.length >= limit) continue;
    room.set(d.owner_id, left - 1);
    picked.push(d.id);
  }
  if (picked.length === 0) return [];
  const lease = new Date(now.getTime() + options.leaseMs);
  const rows = await rowsOf<Claimed>(
    tx,
    sql`with c as (
          update workflow_steps s set status = 'running', due_at = ${lease}, attempts = s.attempts + 1, started_at = coalesce(s.started_at, ${now})
          where s.id = any(${pgArray(picked)}::bigint[])
          returning s.id, s.run_id, s.owner_id, s.node_id, s.seq, s.state, s.attempts
        )
        select c.id::float8 as id, c.run_id::text as run_id, c.owner_id::text as owner_id, c.node_id, c.seq, c.state, c.attempts,
          r.workflow_id::text as workflow_id, r.version_id::text as version_id, r.test_graph, r.status as run_status, r.trigger, r.contact,
          r.vars, r.step_count, r.key_run_id::text as key_run_id, w.name as workflow_name
        from c join workflow_runs r on r.id = c.run_id join workflows w on w.id = r.workflow_id`,
  );
  return rows.length ? [rows] : [];
}

/** A finished step's write: the step, its run moved on (vars, step count, status) and the next step queued. */
interface DoneWrite {
  id: number;
  attempts: number;
  runId: string;
  ownerId: string;
  nodeId: string;
  status: "succeeded" | "skipped";
  input: Record<string, unknown>;
  output: Record<string, unknown> | null;
  handle: string | null;
  runStatus: "running" | "failed" | "succeeded";
  runFinished: boolean;
  error: string | null;
  next: { id: string; type: string; seq: number } | null;
  at: string;
}

function doneWrite(
  step: Claimed,
  graph: WorkflowGraph,
  outcome: Extract<Outcome, { type: "done" }>,
  input: Record<string, unknown>,
  cap: number,
  now: Date,
): DoneWrite {
  const next = outcome.handle ? nextOf(graph, step.node_id, outcome.handle) : null;
  const capped = next !== null && step.step_count + 1 >= cap;
  const runStatus = next && !capped ? "running" : capped ? "failed" : "succeeded";
  return {
    id: step.id,
    attempts: step.attempts,
    runId: step.run_id,
    ownerId: step.owner_id,
    nodeId: step.node_id,
    status: outcome.skipped ? "skipped" : "succeeded",
    input,
    output: outcome.output ?? null,
    handle: outcome.handle,
    runStatus,
    runFinished: runStatus !== "running",
    error: capped ? STEP_CAP_MESSAGE(cap) : null,
    next: next && !capped ? { id: next.id, type: next.type, seq: step.seq + 1 } : null,
    at: now.toISOString(),
  };
}

/**
 * Writes finished steps (of different runs) in one statement: each step only if it is still this worker's (running,
 * with the attempt it was claimed at: a step another worker took over writes nothing, and neither does its run), its
 * run only if still going, and the next step only behind a run that moved.
 */
async function writeDone(db: Db, items: readonly DoneWrite[]): Promise<void[]> {
  const rows = JSON.stringify(
    items.map((w) => ({
      id: w.id,
      attempts: w.attempts,
      status: w.status,
      input: w.input,
      output: w.output,
      handle: w.handle,
      node_id: w.nodeId,
      run_status: w.runStatus,
      run_finished: w.runFinished,
      error: w.error,
      next_id: w.next?.id ?? null,
      next_type: w.next?.type ?? null,
      next_seq: w.next?.seq ?? null,
      owner_id: w.ownerId,
      at: w.at,
    })),
  );
  await db.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${rows}::jsonb) as v(id bigint, attempts int, status text, input jsonb, output jsonb, handle text, node_id text,
        run_status text, run_finished boolean, error text, next_id text, next_type text, next_seq int, owner_id uuid, at timestamptz)
    ), s as (
      update workflow_steps t set status = v.status, input = v.input, output = coalesce(v.output, 'null'::jsonb), handle = v.handle, finished_at = v.at, error = null, wait_for = null
      from v where t.id = v.id and t.status = 'running' and t.attempts = v.attempts
      returning t.id, t.run_id
    ), r as (
      update workflow_runs r set vars = r.vars || jsonb_build_object(v.node_id, v.output), step_count = r.step_count + 1,
        status = v.run_status, finished_at = case when v.run_finished then v.at end, error = v.error
      from s join v on v.id = s.id
      where r.id = s.run_id and r.status in ('running', 'waiting')
      returning r.id, s.id as step_id
    )
    insert into workflow_steps (run_id, owner_id, node_id, node_type, seq, status, due_at, created_at)
    select r.id, v.owner_id, v.next_id, v.next_type, v.next_seq, 'queued', v.at, v.at
    from r join v on v.id = r.step_id where v.next_id is not null`);
  return items.map(() => undefined);
}

async function writeOutcome(
  db: Db,
  step: Claimed,
  graph: WorkflowGraph,
  outcome: Outcome,
  input: Record<string, unknown>,
  options: Engine,
  now: Date,
): Promise<void> {
  const mine = sql`id = ${step.id} and status = 'running' and attempts = ${step.attempts}`;
  switch (outcome.type) {
    case "done":
      return options.writeDone(doneWrite(step, graph, outcome, input, options.maxStepsPerRun, now));
    case "wait":
      await db.execute(sql`
        with s as (
          update workflow_steps set status = 'waiting', due_at = ${outcome.until}, state = ${json(outcome.state)}::jsonb, input = ${json(input)}::jsonb,
            wait_for = ${outcome.waitFor ?? null}
          where ${mine} returning run_id
        )
        update workflow_runs set status = 'waiting' where id = (select run_id from s) and status in ('running', 'waiting')`);
      return;
    case "retry":
      await db.execute(sql`
        update workflow_steps set status = 'queued', due_at = ${outcome.at}, state = ${json(outcome.state)}::jsonb, error = ${outcome.error}, input = ${json(input)}::jsonb
        where ${mine}`);
      return;
    case "fail": {
      const label =
        graph.nodes.find((n) => n.id === step.node_id)?.label ||
        nodeSpec(graph.nodes.find((n) => n.id === step.node_id)?.type ?? "")?.label ||
        step.node_id;
      await db.execute(sql`
        with s as (
          update workflow_steps set status = 'failed', error = ${outcome.error}, finished_at = ${now}, input = ${json(input)}::jsonb, wait_for = null
          where ${mine} returning run_id
        )
        update workflow_runs set status = 'failed', error = ${`${label}: ${outcome.error}`}, finished_at = ${now}
        where id = (select run_id from s) and status in ('running', 'waiting')`);
      return;
    }
  }
}

/** What `{{contact.…}}` reads: loaded only for a step that uses it. */
async function scopeOf(db: Db, step: Claimed, data: Record<string, unknown>): Promise<RunScope> {
  const scope: RunScope = { trigger: step.trigger, steps: step.vars, run: { id: step.run_id } };
  if (step.contact?.number && JSON.stringify(data).includes("contact.")) {
    const c = await contactOf(db, step.owner_id, step.contact.number);
    scope.contact = { number: c.number, tags: c.tags, fields: c.fields };
  }
  return scope;
}

async function processStep(step: Claimed, options: Engine): Promise<void> {
  const { db, now } = options.deps;
  const graph =
    step.test_graph ?? (step.version_id ? await graphOfVersion(db, step.version_id) : { nodes: [], edges: [] });
  if (step.run_status !== "running" && step.run_status !== "waiting") {
    await db.execute(
      sql`update workflow_steps set status = 'skipped', finished_at = ${now()}, error = 'Run ended' where id = ${step.id} and status = 'running'`,
    );
    return;
  }
  const node = graph.nodes.find((n) => n.id === step.node_id);
  if (!node)
    return writeOutcome(
      db,
      step,
      graph,
      { type: "fail", error: `Step ${step.node_id} is not in the workflow's graph` },
      {},
      options,
      now(),
    );
  if (step.attempts > MAX_ATTEMPTS)
    return writeOutcome(
      db,
      step,
      graph,
      { type: "fail", error: `Gave up after ${MAX_ATTEMPTS} attempts` },
      {},
      options,
      now(),
    );
  const input = fillDeep(node.data ?? {}, await scopeOf(db, step, node.data ?? {}));
  let outcome: Outcome;
  try {
    outcome = await executeStep({
      deps: options.deps,
      ownerId: step.owner_id,
      runId: step.run_id,
      workflowName: step.workflow_name,
      contact: step.contact,
      node,
      input,
      state: step.state ?? {},
      key: `${step.key_run_id}:${node.id}:${step.seq}`,
    });
  } catch (err) {
    // Not the step's fault: it stays claimed until its lease ends and is tried again then.
    options.log.error({ err, step: step.id }, "workflow step threw; it will be retried");
    return;
  }
  // An error output that leads nowhere is the step's failure (the run shows it, and it can be replayed after a fix).
  if (outcome.type === "done" && outcome.handle === "error" && !nextOf(graph, node.id, "error")) {
    outcome = {
      type: "fail",
      error: typeof outcome.output.error === "string" ? outcome.output.error : "The step failed",
    };
  }
  await writeOutcome(db, step, graph, outcome, input, options, now());
}

/**
 * The job's options with its coalesced writes: a batch's finished steps, and its contact writes, go as few statements.
 */
interface Engine extends WorkflowStepsOptions {
  writeDone(write: DoneWrite): Promise<void>;
}

export function workflowStepsJob(settings: WorkflowStepsOptions): ClaimJob<Claimed[]> {
  const { db } = settings.deps;
  const options: Engine = {
    ...settings,
    deps: { ...settings.deps, contacts: settings.deps.contacts ?? contactWriter(db) },
    writeDone: coalescer(
      (items) => writeDone(db, items),
      (w) => w.runId,
    ),
  };
  return {
    name: WORKFLOW_STEPS_JOB,
    claim: (tx, now, limit) => claimSteps(tx, now, limit, options),
    // The batch's steps run side by side: an HTTP step waiting on its answer does not hold the others.
    process: async (batch) => {
      await Promise.all(
        batch.map((step) =>
          processStep(step, options).catch((err: unknown) =>
            options.log.error({ err, step: step.id }, "workflow step not written"),
          ),
        ),
      );
    },
  };
}
