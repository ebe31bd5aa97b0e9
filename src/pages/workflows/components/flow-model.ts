// The editor's model: xyflow nodes and edges that carry a workflow graph's steps, and the pure operations on them
// (new step ids, defaults from the node schema, renaming, copy and paste, auto-layout with dagre).
import dagre from "@dagrejs/dagre";
import type { Edge, Node } from "@xyflow/react";
import type { WorkflowGraph } from "../../../../contract/domain/workflow-graph";
import { NODE_SPECS, type JsonSchema, type NodeType } from "../../../../contract/domain/workflow-nodes";

export interface StepData extends Record<string, unknown> {
  type: NodeType;
  label?: string;
  settings: Record<string, unknown>;
  /** Problems of this step (errors and warnings), shown on the node. */
  problems?: { severity: "error" | "warning"; message: string }[];
  /** Run history: the step's status on the run's path. */
  status?: string;
}
export type StepNode = Node<StepData, "step">;

export const NODE_WIDTH = 230;
export const NODE_HEIGHT = 76;

export function fromGraph(graph: WorkflowGraph): { nodes: StepNode[]; edges: Edge[] } {
  return {
    nodes: graph.nodes.map((n) => ({
      id: n.id,
      type: "step",
      position: n.position,
      data: { type: n.type, label: n.label, settings: n.data ?? {} },
    })),
    edges: graph.edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle ?? null,
      label: edgeLabel(graph, e.source, e.sourceHandle ?? null),
    })),
  };
}

export function toGraph(nodes: readonly StepNode[], edges: readonly Edge[]): WorkflowGraph {
  return {
    nodes: nodes.map((n) => ({
      id: n.id,
      type: n.data.type,
      position: { x: Math.round(n.position.x), y: Math.round(n.position.y) },
      data: n.data.settings,
      ...(n.data.label ? { label: n.data.label } : {}),
    })),
    edges: edges.map((e) => ({ id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle ?? null })),
  };
}

/** The label an edge shows: the output it leaves from, when its step has more than one. */
export function edgeLabel(
  graph: WorkflowGraph | { nodes: { id: string; type: NodeType }[] },
  source: string,
  handle: string | null,
): string | undefined {
  const type = graph.nodes.find((n) => n.id === source)?.type;
  return type && NODE_SPECS[type].outputs.length > 1 && handle ? handle : undefined;
}

/** A step name not taken yet: `send_text`, `send_text_2`, … (triggers are `start`). */
export function newStepId(type: NodeType, taken: ReadonlySet<string>): string {
  const base = type.startsWith("trigger.") ? "start" : (type.split(".")[1] ?? "step");
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}

/** Settings filled from the schema's defaults. */
export function defaultsOf(schema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(schema.properties ?? {}))
    if (p.default !== undefined) out[k] = structuredClone(p.default);
  return out;
}

/** Renames a step: its edges, and `{{steps.old.…}}` in every step's settings, follow. */
export function renameStep(
  nodes: StepNode[],
  edges: Edge[],
  from: string,
  to: string,
): { nodes: StepNode[]; edges: Edge[] } {
  const rewrite = (v: unknown): unknown =>
    typeof v === "string"
      ? v.split(`steps.${from}.`).join(`steps.${to}.`)
      : Array.isArray(v)
        ? v.map(rewrite)
        : v && typeof v === "object"
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rewrite(x)]))
          : v;
  return {
    nodes: nodes.map((n) => ({
      ...n,
      id: n.id === from ? to : n.id,
      data: { ...n.data, settings: rewrite(n.data.settings) as Record<string, unknown> },
    })),
    edges: edges.map((e) => ({
      ...e,
      source: e.source === from ? to : e.source,
      target: e.target === from ? to : e.target,
      id: e.id.split(from).join(to),
    })),
  };
}

/** Copies of steps (and the edges among them) with new names, moved a little so they do not hide the originals. */
export function pasteSteps(
  clip: { nodes: StepNode[]; edges: Edge[] },
  taken: Set<string>,
): { nodes: StepNode[]; edges: Edge[] } {
  const names = new Map<string, string>();
  const nodes = clip.nodes.map((n) => {
    const id = newStepId(n.data.type, taken);
    taken.add(id);
    names.set(n.id, id);
    return {
      ...n,
      id,
      selected: true,
      position: { x: n.position.x + 40, y: n.position.y + 40 },
      data: structuredClone(n.data),
    };
  });
  const edges = clip.edges.flatMap((e) => {
    const source = names.get(e.source);
    const target = names.get(e.target);
    return source && target ? [{ ...e, id: `${source}-${e.sourceHandle ?? "next"}-${target}`, source, target }] : [];
  });
  return { nodes, edges };
}

/**
 * Top-down layout of the steps (dagre), keeping their sizes apart. Steps with no edge at all are not dagre's to place
 * (it would put each in the first rank, so a fresh workflow's unconnected steps became one row, and the edges drawn
 * later from bottom outputs to top inputs looped between neighbours): they keep their order, top to bottom, in a
 * column beside the connected ones.
 */
export function autoLayout(nodes: StepNode[], edges: Edge[]): StepNode[] {
  const linked = new Set(edges.flatMap((e) => [e.source, e.target]));
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: "TB", nodesep: 50, ranksep: 70 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) if (linked.has(n.id)) g.setNode(n.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of edges) g.setEdge(e.source, e.target);
  dagre.layout(g);
  const placed = new Map<string, { x: number; y: number }>();
  let right = -Infinity;
  for (const n of nodes) {
    const p = linked.has(n.id) ? g.node(n.id) : undefined;
    if (!p) continue;
    placed.set(n.id, { x: p.x - NODE_WIDTH / 2, y: p.y - NODE_HEIGHT / 2 });
    right = Math.max(right, p.x + NODE_WIDTH / 2);
  }
  const column = right === -Infinity ? 0 : right + 80;
  const loose = nodes
    .filter((n) => !linked.has(n.id))
    .sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x);
  loose.forEach((n, i) => placed.set(n.id, { x: column, y: i * (NODE_HEIGHT + 70) }));
  return nodes.map((n) => {
    const p = placed.get(n.id);
    return p ? { ...n, position: p } : n;
  });
}
