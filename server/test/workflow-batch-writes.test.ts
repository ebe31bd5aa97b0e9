// The step loop writes a claimed batch's outcomes with few statements (finished steps together, contact writes
// together). Each step's write is still its own: a step another worker took over (claimed again after its lease
// ended) writes nothing while the rest of its batch writes; a run cancelled meanwhile does not move on; two runs of one
// contact in one batch both write that contact, one after the other, in the batch's order.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WorkflowEdge, WorkflowGraph, WorkflowNode } from "../../contract/domain/workflow-graph";
import type { NodeType } from "../../contract/domain/workflow-nodes";
import type { Db } from "../db/client";
import { contactAttributes, workflowRuns, workflows, workflowSteps } from "../db/schema";
import { workflowStepsJob } from "../jobs/workflow-steps";
import { defaultAiBridge } from "../services/workflows/ai-bridge";
import { startRuns } from "../services/workflows/runs";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    jobIntervalMs: 100,
    workflows: { maxStepsPerRun: 20, accountConcurrency: 20, allowPrivateHttp: false },
  });
  // The app's own step loop is stopped: the claims below are the only ones (the loops start when the app is ready).
  await server.app.ready();
  const loop = server.app.jobs.get("workflow-steps");
  expect(loop).toBeDefined();
  await loop?.stop();
});
afterAll(async () => server?.close());

const node = (id: string, type: NodeType, data: Record<string, unknown> = {}): WorkflowNode => ({
  id,
  type,
  data,
  position: { x: 0, y: 0 },
});
const edge = (source: string, target: string): WorkflowEdge => ({
  id: `${source}-${target}`,
  source,
  target,
  sourceHandle: null,
});

describe("a claimed batch's writes", () => {
  it("writes each step only if it is still this worker's, and one contact's writes in the batch's order", async () => {
    const db = server.database.db;
    const ownerId = await server.id("user");
    const graph: WorkflowGraph = {
      nodes: [
        node("start", "trigger.webhook"),
        node("field", "action.set_field", { field: "plan", value: "{{trigger.plan}}" }),
        node("tag", "action.tag", { tag: "{{trigger.tag}}" }),
      ],
      edges: [edge("start", "field"), edge("field", "tag")],
    };
    const [wf] = await db
      .insert(workflows)
      .values({ ownerId, name: "Batch writes", draft: graph, webhookSecret: "s" })
      .returning();
    const contact = (number: string) => ({ channel: "whatsapp", address: "batch-bot", number });
    const plans = [
      { number: "+919800000001", plan: "gold", tag: "t1" },
      { number: "+919800000001", plan: "silver", tag: "t2" },
      { number: "+919800000002", plan: "gold", tag: "t3" },
      { number: "+919800000003", plan: "bronze", tag: "t4" },
      { number: "+919800000004", plan: "tin", tag: "t5" },
    ];
    const ids = (await startRuns(
      db,
      plans.map((p) => ({
        workflowId: wf?.id ?? "",
        ownerId,
        versionId: null,
        testGraph: graph,
        graph,
        triggerKind: "webhook" as const,
        trigger: { plan: p.plan, tag: p.tag },
        contact: contact(p.number),
      })),
    )) as string[];
    const [same1, same2, takenOver, other, cancelled] = ids as [string, string, string, string, string];
    const job = workflowStepsJob({
      deps: {
        db,
        carrier: server.app.carrier,
        storage: server.app.storage,
        io: server.app.io,
        ai: defaultAiBridge,
        allowPrivateHttp: false,
        now: () => new Date(),
      },
      log: server.app.log,
      leaseMs: 60_000,
      maxStepsPerRun: 20,
      accountConcurrency: 20,
    });
    const claim = () =>
      db
        .transaction((tx) => job.claim(tx as unknown as Db, new Date(), 50))
        .then((b) => b.flat().filter((s) => s.owner_id === ownerId));
    const later = (batch: { run_id: string }[], a: string, b: string) =>
      batch.findIndex((s) => s.run_id === a) > batch.findIndex((s) => s.run_id === b) ? a : b;
    const stepsOf = (runId: string) =>
      db.select().from(workflowSteps).where(eq(workflowSteps.runId, runId)).orderBy(workflowSteps.seq);
    const runOf = async (runId: string) => (await db.select().from(workflowRuns).where(eq(workflowRuns.id, runId)))[0];
    const contactRow = async (number: string) =>
      (
        await db
          .select()
          .from(contactAttributes)
          .where(and(eq(contactAttributes.ownerId, ownerId), eq(contactAttributes.number, number)))
      )[0];

    const first = await claim();
    expect(first.map((s) => s.node_id)).toEqual(["field", "field", "field", "field", "field"]);
    // Meanwhile another worker took one step over (its lease ended: claimed again, one attempt more), and one run was
    // cancelled.
    const stolen = first.find((s) => s.run_id === takenOver);
    await db
      .update(workflowSteps)
      .set({ attempts: (stolen?.attempts ?? 0) + 1 })
      .where(eq(workflowSteps.id, stolen?.id ?? 0));
    await db
      .update(workflowRuns)
      .set({ status: "cancelled", error: "Cancelled" })
      .where(eq(workflowRuns.id, cancelled));
    await job.process(first, new AbortController().signal);

    for (const runId of [same1, same2, other]) {
      const [trigger, field, tag] = await stepsOf(runId);
      const plan = plans[ids.indexOf(runId)]?.plan;
      expect(trigger?.status).toBe("succeeded");
      expect(field).toMatchObject({
        status: "succeeded",
        output: { value: plan },
        input: { field: "plan", value: plan },
        handle: "next",
        error: null,
      });
      expect(field?.finishedAt).not.toBeNull();
      expect(tag).toMatchObject({ nodeId: "tag", nodeType: "action.tag", seq: 3, status: "queued" });
      expect(await runOf(runId)).toMatchObject({
        status: "running",
        stepCount: 2,
        vars: { field: { value: plan } },
        finishedAt: null,
      });
    }
    // The step taken over: nothing written, its run not moved, no next step (the other worker writes it).
    const [, mine] = await stepsOf(takenOver);
    expect(mine).toMatchObject({ status: "running", attempts: 2, output: null, finishedAt: null });
    expect(await stepsOf(takenOver)).toHaveLength(2);
    expect(await runOf(takenOver)).toMatchObject({ status: "running", stepCount: 1, vars: {} });
    // The cancelled run: its step is written, the run stays cancelled and goes no further.
    expect(await stepsOf(cancelled)).toHaveLength(2);
    expect(await runOf(cancelled)).toMatchObject({ status: "cancelled", stepCount: 1, finishedAt: null });
    // One contact, two runs in the batch: both set the field, the later in the batch last.
    const lastSet = later(first, same1, same2);
    expect((await contactRow("+919800000001"))?.fields).toEqual({ plan: plans[ids.indexOf(lastSet)]?.plan });
    expect((await contactRow("+919800000003"))?.fields).toEqual({ plan: "bronze" });

    const second = await claim();
    expect(second.map((s) => s.run_id).sort()).toEqual([same1, same2, other].sort());
    await job.process(second, new AbortController().signal);
    const tagsOf = async (runId: string) => ((await stepsOf(runId))[2]?.output as { tags: string[] }).tags;
    const [firstTag, secondTag] = later(second, same1, same2) === same2 ? [same1, same2] : [same2, same1];
    const t = (runId: string) => plans[ids.indexOf(runId)]?.tag ?? "";
    // Each tag step answers the contact's tags after its own write: the second sees the first's tag too.
    expect(await tagsOf(firstTag)).toEqual([t(firstTag)]);
    expect(await tagsOf(secondTag)).toEqual([t(firstTag), t(secondTag)]);
    expect(await tagsOf(other)).toEqual(["t4"]);
    expect((await contactRow("+919800000001"))?.tags).toEqual([t(firstTag), t(secondTag)]);
    const runs = await db
      .select()
      .from(workflowRuns)
      .where(inArray(workflowRuns.id, [same1, same2, other]));
    expect(runs.map((r) => [r.status, r.stepCount, r.finishedAt !== null])).toEqual([
      ["succeeded", 3, true],
      ["succeeded", 3, true],
      ["succeeded", 3, true],
    ]);
    expect(await claim()).toHaveLength(0);
  });
});
