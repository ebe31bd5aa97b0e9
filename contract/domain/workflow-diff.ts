// What changed between two workflow graphs (two versions, or a version and the draft): steps added, removed and
// changed (each changed setting with its value before and after), and connections added and removed.
import { edgeHandle, type WorkflowEdge, type WorkflowGraph } from "./workflow-graph";
import { stringsOf } from "./workflow-vars";

export interface GraphDiff {
  addedNodes: { id: string; type: string }[];
  removedNodes: { id: string; type: string }[];
  changedNodes: { id: string; type: string; changes: { field: string; before: unknown; after: unknown }[] }[];
  addedEdges: string[];
  removedEdges: string[];
}

/** Leaf values of settings by path ("text", "chain[0].address"), strings and other scalars alike. */
function leaves(value: unknown, at = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${at}[${i}]`, out));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) leaves(v, at ? `${at}.${k}` : k, out);
  else out.set(at, value);
  return out;
}

export function describeEdge(graph: WorkflowGraph, edge: WorkflowEdge): string {
  const type = graph.nodes.find((n) => n.id === edge.source)?.type;
  return `${edge.source} —${edgeHandle(edge, type) ?? "?"}→ ${edge.target}`;
}

export function diffGraphs(before: WorkflowGraph, after: WorkflowGraph): GraphDiff {
  const old = new Map(before.nodes.map((n) => [n.id, n]));
  const now = new Map(after.nodes.map((n) => [n.id, n]));
  const diff: GraphDiff = { addedNodes: [], removedNodes: [], changedNodes: [], addedEdges: [], removedEdges: [] };
  for (const n of after.nodes) if (!old.has(n.id)) diff.addedNodes.push({ id: n.id, type: n.type });
  for (const n of before.nodes) if (!now.has(n.id)) diff.removedNodes.push({ id: n.id, type: n.type });
  for (const n of after.nodes) {
    const o = old.get(n.id);
    if (!o) continue;
    const changes: GraphDiff["changedNodes"][number]["changes"] = [];
    if (o.type !== n.type) changes.push({ field: "type", before: o.type, after: n.type });
    if ((o.label ?? "") !== (n.label ?? ""))
      changes.push({ field: "label", before: o.label ?? "", after: n.label ?? "" });
    const a = leaves(o.data);
    const b = leaves(n.data);
    for (const field of new Set([...a.keys(), ...b.keys()])) {
      if (JSON.stringify(a.get(field)) !== JSON.stringify(b.get(field)))
        changes.push({ field, before: a.get(field) ?? null, after: b.get(field) ?? null });
    }
    if (changes.length) diff.changedNodes.push({ id: n.id, type: n.type, changes });
  }
  const oldEdges = new Set(before.edges.map((e) => describeEdge(before, e)));
  const newEdges = new Set(after.edges.map((e) => describeEdge(after, e)));
  diff.addedEdges = [...newEdges].filter((e) => !oldEdges.has(e));
  diff.removedEdges = [...oldEdges].filter((e) => !newEdges.has(e));
  return diff;
}

/** Settings text of a graph, for search and the variable checks. */
export const graphStrings = (graph: WorkflowGraph) => graph.nodes.flatMap((n) => stringsOf(n.data));
