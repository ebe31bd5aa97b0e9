// Workflow automation against the real server: drafts, checked publishing, numbered versions, diff and rollback; an
// inbound keyword from the simulated phone runs a published workflow that replies and assigns; replays never send
// twice unless asked; the HTTP step's SSRF guard; the step cap; campaign STOP replies, webhooks and schedules as
// triggers; per-account concurrency; tenancy.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { WorkflowEdge, WorkflowGraph, WorkflowNode } from "../../contract/domain/workflow-graph";
import type { NodeType } from "../../contract/domain/workflow-nodes";
import { STEP_CAP_MESSAGE } from "../../contract/domain/workflow-runs";
import type { Db } from "../db/client";
import {
  aiConversations,
  chatMessages,
  conversations,
  workflowRuns,
  workflows,
  workflowSteps,
  workflowVersions,
} from "../db/schema";
import { workflowStepsJob } from "../jobs/workflow-steps";
import { AI_AGENT_NOT_FOUND } from "../services/ai/workflow-bridge";
import { defaultAiBridge } from "../services/workflows/ai-bridge";
import { startRuns } from "../services/workflows/runs";
import { SSRF_REFUSED } from "../services/workflows/http-step";
import { insertCampaign, insertRecipients } from "./campaign-read-fixtures";
import { startServer, type DemoName, type TestServer } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

const CAP = 8;
let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    jobIntervalMs: 100,
    workflows: { maxStepsPerRun: CAP, accountConcurrency: 20, allowPrivateHttp: false },
  });
});
afterAll(async () => server?.close());
// Every flow leaves every account's money adding up: balance = ledger = the charges.
afterEach(async () => expectLedgerBalanced(server.database.db));

const FLOW = "/api/flow/v1";
const node = (id: string, type: NodeType, data: Record<string, unknown> = {}, y = 0): WorkflowNode => ({
  id,
  type,
  data,
  position: { x: 0, y },
});
const edge = (source: string, target: string, sourceHandle?: string): WorkflowEdge => ({
  id: `${source}-${sourceHandle ?? "next"}-${target}`,
  source,
  target,
  sourceHandle: sourceHandle ?? null,
});
const graphOf = (nodes: WorkflowNode[], edges: WorkflowEdge[]): WorkflowGraph => ({ nodes, edges });

interface Run {
  _id: string;
  status: string;
  error: string | null;
  steps: { nodeId: string; status: string; output: Record<string, unknown> | null; error: string | null }[];
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(value).slice(0, 800)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function create(
  as: DemoName,
  name: string,
  graph: WorkflowGraph,
  publish = true,
): Promise<{ id: string; webhookPath: string }> {
  const res = await server.call({ method: "POST", url: `${FLOW}/workflows`, as, payload: { name, graph } });
  expect(res.statusCode).toBe(201);
  const id = res.json().data._id as string;
  if (publish) {
    const pub = await server.call({ method: "POST", url: `${FLOW}/workflows/${id}/publish`, as, payload: {} });
    expect(pub.statusCode, pub.body).toBe(200);
  }
  return { id, webhookPath: res.json().data.webhookPath as string };
}

const run = async (as: DemoName, id: string): Promise<Run> =>
  (await server.call({ method: "GET", url: `${FLOW}/workflow-runs/${id}`, as })).json().data as Run;
const finished = (as: DemoName, id: string) =>
  until(
    () => run(as, id),
    (r) => ["succeeded", "failed", "cancelled"].includes(r.status),
  );
const runsOf = async (as: DemoName, workflowId: string) =>
  (await server.call({ method: "GET", url: `${FLOW}/workflow-runs?workflowId=${workflowId}&limit=100`, as })).json()
    .data as { _id: string; status: string }[];

async function whatsappAddress(as: DemoName): Promise<string> {
  const res = await server.call({ method: "GET", url: "/api/v1/sandbox/phone/addresses", as });
  return (
    (res.json().data as { channel: string; address: string }[]).find((a) => a.channel === "whatsapp")?.address ?? ""
  );
}

const phone = (as: DemoName, address: string, number: string, text: string) =>
  server.call({
    method: "POST",
    url: "/api/v1/sandbox/phone/messages",
    as,
    payload: { channel: "whatsapp", address, number, text },
  });

async function outgoing(db: Db, number: string, text: string): Promise<number> {
  const rows = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(
      and(eq(conversations.customerNumber, number), eq(chatMessages.direction, "out"), eq(chatMessages.text, text)),
    );
  return rows.length;
}

const KEYWORD = (agentId: string) =>
  graphOf(
    [
      node("start", "trigger.inbound", { channel: "any", match: "keyword", keywords: "order, track" }),
      node("is_wa", "condition.channel", { channels: ["whatsapp"] }, 100),
      node("reply", "action.send_text", { text: "Thanks! You wrote {{trigger.text}}" }, 200),
      node("assign", "action.assign", { agentId }, 300),
    ],
    [edge("start", "is_wa"), edge("is_wa", "reply", "yes"), edge("reply", "assign")],
  );

describe("drafts, publishing and versions", () => {
  it("refuses to publish a draft with errors and changes nothing; publishes, diffs and rolls back numbered versions", async () => {
    const { id } = await create("manager", "Versions", { nodes: [], edges: [] }, false);
    const got = await server.call({ method: "GET", url: `${FLOW}/workflows/${id}`, as: "manager" });
    expect(got.json().problems.map((p: { code: string }) => p.code)).toContain("no-trigger");
    const refused = await server.call({
      method: "POST",
      url: `${FLOW}/workflows/${id}/publish`,
      as: "manager",
      payload: {},
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].message).toMatch(/trigger/);
    expect(await server.database.db.select().from(workflowVersions).where(eq(workflowVersions.workflowId, id))).toEqual(
      [],
    );

    // A body the schema refuses (an unknown node type) is a 400 and leaves the draft as it was.
    const bad = await server.call({
      method: "PUT",
      url: `${FLOW}/workflows/${id}`,
      as: "manager",
      payload: { graph: { nodes: [node("x", "action.teleport" as NodeType)], edges: [] } },
    });
    expect(bad.statusCode).toBe(400);
    expect((await server.database.db.select().from(workflows).where(eq(workflows.id, id)))[0]?.draft).toEqual({
      nodes: [],
      edges: [],
    });

    const v1 = KEYWORD("");
    await server.call({ method: "PUT", url: `${FLOW}/workflows/${id}`, as: "manager", payload: { graph: v1 } });
    expect(
      (
        await server.call({
          method: "POST",
          url: `${FLOW}/workflows/${id}/publish`,
          as: "manager",
          payload: { note: "first" },
        })
      ).json().version.number,
    ).toBe(1);
    const v2 = structuredClone(v1);
    (v2.nodes[2] as WorkflowNode).data.text = "Hello again";
    await server.call({ method: "PUT", url: `${FLOW}/workflows/${id}`, as: "manager", payload: { graph: v2 } });
    const pub2 = await server.call({
      method: "POST",
      url: `${FLOW}/workflows/${id}/publish`,
      as: "manager",
      payload: {},
    });
    expect(pub2.json().version.number).toBe(2);
    expect(pub2.json().data).toMatchObject({
      status: "active",
      triggerKind: "inbound",
      publishedVersion: 2,
      unpublishedChanges: false,
    });

    const diff = (
      await server.call({ method: "GET", url: `${FLOW}/workflows/${id}/diff?from=1&to=2`, as: "manager" })
    ).json().data;
    expect(diff.changedNodes).toEqual([
      {
        id: "reply",
        type: "action.send_text",
        changes: [{ field: "text", before: "Thanks! You wrote {{trigger.text}}", after: "Hello again" }],
      },
    ]);

    const back = await server.call({
      method: "POST",
      url: `${FLOW}/workflows/${id}/versions/1/rollback`,
      as: "manager",
    });
    expect(back.json().version).toMatchObject({ number: 3, live: true, note: "Rolled back to version 1" });
    expect(back.json().data.draft).toEqual(v1);
    const versions = (
      await server.call({ method: "GET", url: `${FLOW}/workflows/${id}/versions`, as: "manager" })
    ).json().data as { number: number; live: boolean }[];
    expect(versions.map((v) => [v.number, v.live])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect(
      (await server.call({ method: "GET", url: `${FLOW}/workflows/${id}/versions/9`, as: "manager" })).statusCode,
    ).toBe(404);
    // Turned off, it starts nothing; the versions stay.
    const off = await server.call({
      method: "POST",
      url: `${FLOW}/workflows/${id}/status`,
      as: "manager",
      payload: { active: false },
    });
    expect(off.json().data.status).toBe("paused");
  });

  it("keeps each account's workflows and runs to itself", async () => {
    const { id, webhookPath } = await create(
      "user",
      "Private",
      graphOf([node("start", "trigger.webhook"), node("end", "action.end", {}, 100)], [edge("start", "end")]),
    );
    for (const [method, url] of [
      ["GET", `${FLOW}/workflows/${id}`],
      ["PUT", `${FLOW}/workflows/${id}`],
      ["DELETE", `${FLOW}/workflows/${id}`],
      ["POST", `${FLOW}/workflows/${id}/publish`],
      ["GET", `${FLOW}/workflows/${id}/versions`],
    ] as const) {
      const res = await server.call({
        method,
        url,
        as: "manager",
        payload: method === "PUT" ? { name: "Mine now" } : method === "POST" ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const hook = await server.call({ method: "POST", url: webhookPath, payload: { a: 1 } });
    expect(hook.statusCode).toBe(200);
    const runId = hook.json().runId as string;
    await finished("user", runId);
    expect(
      (await server.call({ method: "GET", url: `${FLOW}/workflow-runs/${runId}`, as: "manager" })).statusCode,
    ).toBe(404);
    expect(
      (
        await server.call({
          method: "POST",
          url: `${FLOW}/workflow-runs/${runId}/replay`,
          as: "manager",
          payload: { from: "start" },
        })
      ).statusCode,
    ).toBe(404);
    expect((await runsOf("manager", id)).length).toBe(0);
    expect(
      (await server.call({ method: "GET", url: `${FLOW}/workflows?limit=100`, as: "manager" }))
        .json()
        .data.some((w: { _id: string }) => w._id === id),
    ).toBe(false);
    // A wrong secret is a 404 and starts nothing.
    const wrong = await server.call({
      method: "POST",
      url: `${webhookPath.replace(/\/[^/]+$/, "/not-the-secret")}`,
      payload: { a: 1 },
    });
    expect(wrong.statusCode).toBe(404);
    expect((await runsOf("user", id)).length).toBe(1);
  });
});

describe("runs", () => {
  it("answers a keyword from the simulated phone: replies in the conversation and assigns the agent", async () => {
    const agentId =
      (
        (await server.call({ method: "GET", url: "/api/agents/search?searchTerm=Asha", as: "manager" })).json()
          .data as { _id: string }[]
      )[0]?._id ?? "";
    const { id } = await create("manager", "Keyword reply", KEYWORD(agentId));
    const address = await whatsappAddress("manager");
    const number = "+919811112222";
    expect((await phone("manager", address, number, "hello there")).statusCode).toBe(200);
    expect((await phone("manager", address, number, "ORDER")).statusCode).toBe(200);
    const [started] = await until(
      () => runsOf("manager", id),
      (r) => r.length === 1 && r[0]?.status === "succeeded",
    );
    const detail = await run("manager", started?._id ?? "");
    expect(detail.steps.map((s) => [s.nodeId, s.status])).toEqual([
      ["start", "succeeded"],
      ["is_wa", "succeeded"],
      ["reply", "succeeded"],
      ["assign", "succeeded"],
    ]);
    expect(await outgoing(server.database.db, number, "Thanks! You wrote ORDER")).toBe(1);
    const [conversation] = await server.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.customerNumber, number));
    expect(conversation?.assignedAgentId).toBe(agentId);
    // The text that matched no keyword started nothing.
    expect((await runsOf("manager", id)).length).toBe(1);
  });

  it("never sends twice when a partly done run is replayed, unless asked to redo", async () => {
    const { id } = await create(
      "manager",
      "Refund lookup",
      graphOf(
        [
          node("start", "trigger.inbound", { channel: "any", match: "regex", pattern: "^refund" }),
          node("ack", "action.send_text", { text: "Working on your refund" }, 100),
          node(
            "lookup",
            "action.http",
            { method: "GET", url: "http://127.0.0.1:9/refunds?q={{trigger.from}}", timeoutMs: 1000, retries: 0 },
            200,
          ),
        ],
        [edge("start", "ack"), edge("ack", "lookup")],
      ),
    );
    const number = "+919811113333";
    await phone("manager", await whatsappAddress("manager"), number, "refund please");
    const [first] = await until(
      () => runsOf("manager", id),
      (r) => r[0]?.status === "failed",
    );
    const failed = await run("manager", first?._id ?? "");
    expect(failed.error).toContain(SSRF_REFUSED);
    expect(failed.steps.find((s) => s.nodeId === "lookup")?.status).toBe("failed");
    expect(await outgoing(server.database.db, number, "Working on your refund")).toBe(1);

    for (const body of [
      { from: "start" },
      { from: "failed" },
      { from: "start", payload: { ...failedTrigger(failed), text: "refund again" } },
    ]) {
      const replay = await server.call({
        method: "POST",
        url: `${FLOW}/workflow-runs/${first?._id}/replay`,
        as: "manager",
        payload: body,
      });
      expect(replay.statusCode, replay.body).toBe(201);
      const again = await finished("manager", replay.json().data._id as string);
      expect(again.status).toBe("failed");
      if (body.from === "start") expect(again.steps.find((s) => s.nodeId === "ack")?.status).toBe("skipped");
      expect(await outgoing(server.database.db, number, "Working on your refund")).toBe(1);
    }
    const redo = await server.call({
      method: "POST",
      url: `${FLOW}/workflow-runs/${first?._id}/replay`,
      as: "manager",
      payload: { from: "start", redo: true },
    });
    await finished("manager", redo.json().data._id as string);
    expect(await outgoing(server.database.db, number, "Working on your refund")).toBe(2);
    // A run still going cannot be replayed; a finished one cannot be cancelled.
    expect(
      (await server.call({ method: "POST", url: `${FLOW}/workflow-runs/${first?._id}/cancel`, as: "manager" }))
        .statusCode,
    ).toBe(409);
  });

  it("stops a loop at the step cap, even one that waits", async () => {
    const { webhookPath } = await create(
      "manager",
      "Looper",
      graphOf(
        [
          node("start", "trigger.webhook"),
          node("mark", "action.set_field", { field: "loops", value: "{{run.id}}" }, 100),
          node("pause", "flow.wait", { amount: 1, unit: "seconds" }, 200),
        ],
        [edge("start", "mark"), edge("mark", "pause"), edge("pause", "mark")],
      ),
    );
    // No contact: set_field fails at once. The loop needs one, so the payload names it through the trigger.
    const res = await server.call({ method: "POST", url: webhookPath, payload: {} });
    const done = await finished("manager", res.json().runId as string);
    expect(done.status).toBe("failed");
    expect(done.error).toMatch(/no contact/i);

    const { webhookPath: path2 } = await create(
      "manager",
      "Looper with contact",
      graphOf(
        [
          node("start", "trigger.webhook", {
            contactChannel: "whatsapp",
            contactAddress: await whatsappAddress("manager"),
            contactNumber: "{{trigger.body.phone}}",
          }),
          node("mark", "action.tag", { tag: "looped" }, 100),
          node("pause", "flow.wait", { amount: 1, unit: "seconds" }, 200),
        ],
        [edge("start", "mark"), edge("mark", "pause"), edge("pause", "mark")],
      ),
    );
    const looped = await server.call({ method: "POST", url: path2, payload: { phone: "+919811114444" } });
    const capped = await finished("manager", looped.json().runId as string);
    expect(capped.status).toBe("failed");
    expect(capped.error).toBe(STEP_CAP_MESSAGE(CAP));
    expect(capped.steps.length).toBe(CAP);
  }, 30_000);

  it("starts runs on a campaign recipient's STOP (opt-out and reply triggers) and on a schedule", async () => {
    const db = server.database.db;
    const ownerId = await server.id("manager");
    const address = await whatsappAddress("manager");
    const number = "+919811115555";
    const campaignId = await insertCampaign(db, {
      userId: ownerId,
      channel: "whatsapp",
      status: "running",
      sender: address,
    });
    await insertRecipients(db, campaignId, ownerId, [{ number, state: "delivered" }]);
    const optOut = await create(
      "manager",
      "On STOP",
      graphOf(
        [node("start", "trigger.opt_out", { intent: "stop" }), node("tag", "action.tag", { tag: "opted-out" }, 100)],
        [edge("start", "tag")],
      ),
    );
    const reply = await create(
      "manager",
      "On reply",
      graphOf(
        [node("start", "trigger.campaign_reply", { campaignId }), node("tag", "action.tag", { tag: "replied" }, 100)],
        [edge("start", "tag")],
      ),
    );
    await phone("manager", address, number, "STOP");
    const [stopRun] = await until(
      () => runsOf("manager", optOut.id),
      (r) => r[0]?.status === "succeeded",
    );
    expect((await run("manager", stopRun?._id ?? "")).steps.at(-1)?.output).toEqual({
      tags: expect.arrayContaining(["opted-out"]),
    });
    await until(
      () => runsOf("manager", reply.id),
      (r) => r[0]?.status === "succeeded",
    );

    // Next fire times are read against the moment before the call that set them: a minute boundary may pass between
    // that call and the assertion (seen under load: 13:25:00.000 read at 13:25:00.065).
    const created = Date.now();
    const scheduled = await create(
      "manager",
      "Every minute",
      graphOf(
        [
          node("start", "trigger.schedule", { cron: "* * * * *", timezone: "Asia/Kolkata" }),
          node("end", "action.end", {}, 100),
        ],
        [edge("start", "end")],
      ),
    );
    const [row] = await db.select().from(workflows).where(eq(workflows.id, scheduled.id));
    expect(row?.nextFireAt?.getTime()).toBeGreaterThan(created);
    expect(row?.nextFireAt?.getTime()).toBeLessThanOrEqual(created + 60_000);
    const fired = Date.now();
    await db
      .update(workflows)
      .set({ nextFireAt: new Date(Date.now() - 1000) })
      .where(eq(workflows.id, scheduled.id));
    await server.app.jobs.get("workflow-schedule")?.tick();
    await until(
      () => runsOf("manager", scheduled.id),
      (r) => r[0]?.status === "succeeded",
    );
    const [after] = await db.select().from(workflows).where(eq(workflows.id, scheduled.id));
    expect(after?.nextFireAt?.getTime()).toBeGreaterThan(fired);
    expect(after?.nextFireAt?.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it("hands a conversation to one of the account's AI agents; another account's agent fails the step with a plain message", async () => {
    const address = await whatsappAddress("manager");
    const number = "+919811116666";
    const agent = await server.call({
      method: "POST",
      url: "/api/flow/v1/agents",
      as: "manager",
      payload: { name: "Workflow hand-off bot", channels: ["whatsapp"], scope: "unassigned" },
    });
    expect(agent.statusCode).toBe(201);
    const agentId = (agent.json() as { data: { _id: string } }).data._id;
    const handOff = (id: string, name: string) =>
      create(
        "manager",
        name,
        graphOf(
          [
            node("start", "trigger.webhook", {
              contactChannel: "whatsapp",
              contactAddress: address,
              contactNumber: number,
            }),
            node("ai", "action.ai_handoff", { agentId: id }, 100),
          ],
          [edge("start", "ai")],
        ),
      );
    const ok = await handOff(agentId, "Hand to AI");
    const res = await server.call({ method: "POST", url: ok.webhookPath, payload: {} });
    const done = await finished("manager", res.json().runId as string);
    expect(done.status).toBe("succeeded");
    const [conversation] = await server.database.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.customerNumber, number), eq(conversations.businessAddress, address)));
    const [held] = await server.database.db
      .select()
      .from(aiConversations)
      .where(eq(aiConversations.conversationId, conversation?.id ?? ""));
    expect(held).toMatchObject({ agentId, state: "active" });

    const other = await server.call({
      method: "POST",
      url: "/api/flow/v1/agents",
      as: "user",
      payload: { name: "Someone else's bot", channels: ["whatsapp"], scope: "unassigned" },
    });
    const foreign = await handOff((other.json() as { data: { _id: string } }).data._id, "Hand to a foreign AI");
    const refused = await finished(
      "manager",
      (await server.call({ method: "POST", url: foreign.webhookPath, payload: {} })).json().runId as string,
    );
    expect(refused.error).toBe(`Hand to AI agent: ${AI_AGENT_NOT_FOUND}`);
  });

  it("works no more steps of one account at once than its concurrency allows", async () => {
    // Last in the file: the app's own step loop is stopped so the claims below are the only ones.
    await server.app.jobs.get("workflow-steps")?.stop();
    const db = server.database.db;
    const ownerId = await server.id("depthead");
    const graph = graphOf(
      [node("start", "trigger.webhook"), node("end", "action.end", {}, 100)],
      [edge("start", "end")],
    );
    const [wf] = await db
      .insert(workflows)
      .values({ ownerId, name: "Burst", draft: graph, webhookSecret: "s" })
      .returning();
    await startRuns(
      db,
      Array.from({ length: 5 }, () => ({
        workflowId: wf?.id ?? "",
        ownerId,
        versionId: null,
        testGraph: graph,
        graph,
        triggerKind: "webhook" as const,
        trigger: {},
        contact: null,
      })),
    );
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
      maxStepsPerRun: 10,
      accountConcurrency: 2,
    });
    const claim = () =>
      db
        .transaction((tx) => job.claim(tx as unknown as Db, new Date(), 50))
        .then((b) => b.flat().filter((s) => s.owner_id === ownerId));
    expect(await claim()).toHaveLength(2);
    // Another worker (or process) sees the two leased and takes none until they finish.
    expect(await claim()).toHaveLength(0);
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(workflowSteps)
      .where(and(eq(workflowSteps.ownerId, ownerId), eq(workflowSteps.status, "queued")));
    expect(n).toBe(3);
    expect((await db.select().from(workflowRuns).where(eq(workflowRuns.ownerId, ownerId))).length).toBe(5);
  });
});

function failedTrigger(r: Run): Record<string, unknown> {
  return (r as unknown as { trigger: Record<string, unknown> }).trigger;
}
