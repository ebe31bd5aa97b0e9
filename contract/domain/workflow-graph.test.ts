import { describe, expect, it } from "vitest";
import {
  checkGraph,
  nextOf,
  variablesFor,
  type ProblemCode,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowNode,
} from "./workflow-graph";
import { WORKFLOW_TEMPLATES } from "./workflow-templates";
import { fill, varsIn } from "./workflow-vars";
import type { NodeType } from "./workflow-nodes";

const n = (id: string, type: NodeType, data: Record<string, unknown> = {}): WorkflowNode => ({
  id,
  type,
  data,
  position: { x: 0, y: 0 },
});
const e = (source: string, target: string, sourceHandle?: string): WorkflowEdge => ({
  id: `${source}-${sourceHandle ?? ""}-${target}`,
  source,
  target,
  sourceHandle,
});
const inbound = n("start", "trigger.inbound", { channel: "any", match: "keyword", keywords: "order" });
const reply = (id = "reply", text = "Thanks {{trigger.text}}") => n(id, "action.send_text", { text });

/** A sound keyword workflow: trigger → condition → send / assign. */
const GOOD: WorkflowGraph = {
  nodes: [
    inbound,
    n("is_wa", "condition.channel", { channels: ["whatsapp"] }),
    reply(),
    n("assign", "action.assign", { agentId: "" }),
  ],
  edges: [e("start", "is_wa"), e("is_wa", "reply", "yes"), e("is_wa", "assign", "no")],
};

const codes = (g: WorkflowGraph, severity: "error" | "warning" = "error") =>
  checkGraph(g)
    .filter((p) => p.severity === severity)
    .map((p) => p.code);

describe("checkGraph", () => {
  it("passes a sound graph without errors", () => {
    expect(codes(GOOD)).toEqual([]);
  });

  const cases: [string, WorkflowGraph, ProblemCode][] = [
    ["no trigger", { nodes: [reply()], edges: [] }, "no-trigger"],
    [
      "two triggers",
      { nodes: [inbound, n("start2", "trigger.opt_out", { intent: "stop" }), reply()], edges: [e("start", "reply")] },
      "many-triggers",
    ],
    [
      "an unconnected node",
      { nodes: [inbound, reply(), reply("lonely", "hi")], edges: [e("start", "reply")] },
      "unreachable",
    ],
    [
      "a missing required field",
      { nodes: [inbound, n("reply", "action.send_text", { text: "" })], edges: [e("start", "reply")] },
      "missing-field",
    ],
    [
      "a number out of range",
      { nodes: [inbound, n("split", "flow.split", { percentA: 140 })], edges: [e("start", "split")] },
      "bad-field",
    ],
    [
      "an unknown variable",
      { nodes: [inbound, reply("reply", "Hi {{trigger.nope}}")], edges: [e("start", "reply")] },
      "unknown-variable",
    ],
    [
      "a later step's variable",
      { nodes: [inbound, reply("a", "{{steps.b.messageId}}"), reply("b", "x")], edges: [e("start", "a"), e("a", "b")] },
      "unknown-variable",
    ],
    [
      "a deep path into a flat output",
      {
        nodes: [inbound, reply("a", "x"), reply("b", "{{steps.a.messageId.x}}")],
        edges: [e("start", "a"), e("a", "b")],
      },
      "unknown-variable",
    ],
    [
      "a loop without a wait",
      { nodes: [inbound, reply("a", "x"), reply("b", "y")], edges: [e("start", "a"), e("a", "b"), e("b", "a")] },
      "loop-without-wait",
    ],
    [
      "a step looping on itself",
      { nodes: [inbound, reply("a", "x")], edges: [e("start", "a"), e("a", "a")] },
      "loop-without-wait",
    ],
    [
      "an edge into the trigger",
      { nodes: [inbound, reply("a", "x")], edges: [e("start", "a"), e("a", "start")] },
      "into-trigger",
    ],
    [
      "an output that does not exist",
      { nodes: [inbound, n("c", "condition.window"), reply("a")], edges: [e("start", "c"), e("c", "a", "maybe")] },
      "bad-edge",
    ],
    [
      "two edges from one output",
      { nodes: [inbound, reply("a"), reply("b")], edges: [e("start", "a"), e("start", "b")] },
      "double-edge",
    ],
    ["an edge to a deleted step", { nodes: [inbound], edges: [e("start", "gone")] }, "bad-edge"],
    ["a bad step name", { nodes: [inbound, reply("Send Reply")], edges: [e("start", "Send Reply")] }, "bad-id"],
    ["a duplicate step name", { nodes: [inbound, reply("a"), reply("a")], edges: [e("start", "a")] }, "duplicate-id"],
    [
      "a keyword trigger without keywords",
      {
        nodes: [n("start", "trigger.inbound", { channel: "any", match: "keyword" }), reply()],
        edges: [e("start", "reply")],
      },
      "bad-field",
    ],
    [
      "an invalid regular expression",
      {
        nodes: [n("start", "trigger.inbound", { channel: "any", match: "regex", pattern: "(" }), reply()],
        edges: [e("start", "reply")],
      },
      "bad-field",
    ],
    [
      "a cron line with four fields",
      {
        nodes: [n("start", "trigger.schedule", { cron: "0 9 * *", timezone: "Asia/Kolkata" }), reply()],
        edges: [e("start", "reply")],
      },
      "bad-field",
    ],
    [
      "an HTTP URL without a scheme",
      {
        nodes: [
          inbound,
          n("http", "action.http", { method: "GET", url: "example.com/x", timeoutMs: 1000, retries: 0 }),
        ],
        edges: [e("start", "http")],
      },
      "bad-field",
    ],
    [
      "business hours not HH:MM",
      {
        nodes: [inbound, n("h", "condition.hours", { timezone: "UTC", days: ["mon"], start: "9am", end: "18:00" })],
        edges: [e("start", "h")],
      },
      "bad-field",
    ],
    [
      "an unknown node type",
      { nodes: [inbound, n("x", "action.teleport" as NodeType)], edges: [e("start", "x")] },
      "unknown-type",
    ],
  ];
  it.each(cases)("finds %s", (_name, graph, code) => {
    expect(codes(graph)).toContain(code);
  });

  const allowed: [string, WorkflowGraph][] = [
    [
      "a loop through a wait",
      {
        nodes: [inbound, reply("a", "x"), n("w", "flow.wait", { amount: 1, unit: "days" })],
        edges: [e("start", "a"), e("a", "w"), e("w", "a")],
      },
    ],
    [
      "an earlier step's variable",
      {
        nodes: [
          inbound,
          n("http", "action.http", {
            method: "GET",
            url: "https://x.example/{{trigger.text}}",
            timeoutMs: 1000,
            retries: 0,
          }),
          reply("b", "Order {{steps.http.body.orderId}} is {{steps.http.body.items.0.state}}"),
        ],
        edges: [e("start", "http"), e("http", "b", "ok")],
      },
    ],
    [
      "contact fields",
      { nodes: [inbound, reply("a", "Hi {{contact.fields.name}} ({{contact.number}})")], edges: [e("start", "a")] },
    ],
    [
      "a webhook body path",
      {
        nodes: [
          n("start", "trigger.webhook", {}),
          n("f", "action.set_field", { field: "order", value: "{{trigger.body.order.id}}" }),
        ],
        edges: [e("start", "f")],
      },
    ],
  ];
  it.each(allowed)("allows %s", (_name, graph) => {
    expect(codes(graph)).toEqual([]);
  });

  it("warns, without blocking, about a branch that leads nowhere", () => {
    const g: WorkflowGraph = {
      nodes: [inbound, n("c", "condition.window"), reply("a")],
      edges: [e("start", "c"), e("c", "a", "yes")],
    };
    expect(codes(g)).toEqual([]);
    expect(codes(g, "warning")).toEqual(["dangling-output"]);
  });
});

describe("variables and next steps", () => {
  it("offers the trigger's and the earlier steps' variables only", () => {
    const vars = variablesFor(GOOD, "reply");
    expect(vars).toContain("trigger.text");
    expect(vars).toContain("contact.fields.<name>");
    expect(vars.some((v) => v.startsWith("steps.assign"))).toBe(false);
  });

  it("follows an output handle to the next step", () => {
    expect(nextOf(GOOD, "is_wa", "no")?.id).toBe("assign");
    expect(nextOf(GOOD, "start", "next")?.id).toBe("is_wa");
    expect(nextOf(GOOD, "reply", "next")).toBeNull();
  });

  it.each([
    ["Hi {{trigger.text}}", "Hi order 42"],
    ["{{ steps.http.body.orderId }} / {{steps.http.body.items.1}}", "A-9 / b"],
    ["{{contact.fields.missing}}!", "!"],
    ["{{steps.http.body}}", '{"orderId":"A-9","items":["a","b"]}'],
  ])("fills %s", (text, expected) => {
    expect(
      fill(text, {
        trigger: { text: "order 42" },
        steps: { http: { body: { orderId: "A-9", items: ["a", "b"] } } },
        contact: { fields: {} },
      }),
    ).toBe(expected);
  });

  it("reads variables out of a text", () => {
    expect(varsIn("a {{x.y}} b {{ z }}")).toEqual(["x.y", "z"]);
  });
});

describe("ready-made templates", () => {
  it.each(WORKFLOW_TEMPLATES.map((t) => [t.name, t] as const))("%s has no errors", (_name, template) => {
    expect(checkGraph(template.graph).filter((p) => p.severity === "error")).toEqual([]);
  });
  it("offers at least six", () => {
    expect(WORKFLOW_TEMPLATES.length).toBeGreaterThanOrEqual(6);
  });
});

describe("diffGraphs", () => {
  it("lists added, removed and changed steps and connections", async () => {
    const { diffGraphs } = await import("./workflow-diff");
    const after: WorkflowGraph = {
      nodes: [
        inbound,
        n("is_wa", "condition.channel", { channels: ["whatsapp", "sms"] }),
        reply("reply", "Hello"),
        n("tag", "action.tag", { tag: "vip" }),
      ],
      edges: [e("start", "is_wa"), e("is_wa", "reply", "yes"), e("is_wa", "tag", "no")],
    };
    const diff = diffGraphs(GOOD, after);
    expect(diff.addedNodes).toEqual([{ id: "tag", type: "action.tag" }]);
    expect(diff.removedNodes).toEqual([{ id: "assign", type: "action.assign" }]);
    expect(diff.changedNodes.map((c) => [c.id, c.changes.map((x) => x.field)])).toEqual([
      ["is_wa", ["channels[1]"]],
      ["reply", ["text"]],
    ]);
    expect(diff.addedEdges).toEqual(["is_wa —no→ tag"]);
    expect(diff.removedEdges).toEqual(["is_wa —no→ assign"]);
  });
});
