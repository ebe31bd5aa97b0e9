import { describe, expect, it } from "vitest";
import { WORKFLOW_TEMPLATES } from "../../../../contract/domain/workflow-templates";
import { autoLayout, fromGraph, newStepId, pasteSteps, renameStep, toGraph } from "./flow-model";

const template = WORKFLOW_TEMPLATES[1]?.graph ?? { nodes: [], edges: [] };

describe("the editor's model", () => {
  it("turns a graph into flow nodes and back unchanged", () => {
    const { nodes, edges } = fromGraph(template);
    expect(toGraph(nodes, edges)).toEqual({
      ...template,
      edges: template.edges.map((e) => ({ ...e, sourceHandle: e.sourceHandle ?? null })),
    });
  });

  it.each([
    ["action.send_text", [], "send_text"],
    ["action.send_text", ["send_text"], "send_text_2"],
    ["action.send_text", ["send_text", "send_text_2"], "send_text_3"],
    ["trigger.inbound", [], "start"],
  ] as const)("names a new %s step after %j", (type, taken, expected) => {
    expect(newStepId(type, new Set(taken))).toBe(expected);
  });

  it("renames a step with its connections and the variables that name it", () => {
    const { nodes, edges } = fromGraph(template);
    const renamed = renameStep(nodes, edges, "lookup", "orders");
    expect(renamed.nodes.map((n) => n.id)).toContain("orders");
    expect(renamed.edges.filter((e) => e.source === "orders")).toHaveLength(2);
    expect(renamed.nodes.find((n) => n.id === "status")?.data.settings.text).toBe(
      "Order {{steps.orders.body.orderId}} is {{steps.orders.body.status}}.",
    );
  });

  it("pastes copies under new names with the edges among them", () => {
    const { nodes, edges } = fromGraph(template);
    const picked = nodes.filter((n) => n.id === "sorry" || n.id === "agent");
    const pasted = pasteSteps(
      { nodes: picked, edges: edges.filter((e) => e.source === "sorry") },
      new Set(nodes.map((n) => n.id)),
    );
    expect(pasted.nodes.map((n) => n.id)).toEqual(["send_text", "assign"]);
    expect(pasted.edges).toEqual([expect.objectContaining({ source: "send_text", target: "assign" })]);
  });

  it("lays steps out top-down, each below the one before", () => {
    const { nodes, edges } = fromGraph(template);
    const laid = autoLayout(nodes, edges);
    const y = (id: string) => laid.find((n) => n.id === id)?.position.y ?? NaN;
    expect(y("start")).toBeLessThan(y("lookup"));
    expect(y("lookup")).toBeLessThan(y("sorry"));
    expect(y("sorry")).toBeLessThan(y("agent"));
  });

  it("keeps unconnected steps in a column in their order, beside the connected ones", () => {
    const { nodes } = fromGraph(template);
    // No edges yet (steps added, not connected): a column, not dagre's single row.
    const laid = autoLayout(nodes, []);
    const xs = new Set(laid.map((n) => n.position.x));
    expect(xs.size).toBe(1);
    const order = [...nodes]
      .sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)
      .map((n) => n.id);
    expect([...laid].sort((a, b) => a.position.y - b.position.y).map((n) => n.id)).toEqual(order);

    // One edge: its two steps are laid out, the rest stand to their right.
    const [first, second] = order as [string, string];
    const mixed = autoLayout(nodes, [{ id: "e", source: first, target: second }]);
    const at = (id: string) => mixed.find((n) => n.id === id)?.position ?? { x: NaN, y: NaN };
    expect(at(first).y).toBeLessThan(at(second).y);
    for (const id of order.slice(2)) expect(at(id).x).toBeGreaterThan(Math.max(at(first).x, at(second).x));
  });
});
