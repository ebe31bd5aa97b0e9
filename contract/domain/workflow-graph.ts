// The pure checks of a workflow graph: the editor lists their problems before publish, the server refuses to publish
// a graph with an error among them. Errors block publishing; warnings are shown and allowed.
import { isTrigger, nodeSpec, NODE_SPECS, type JsonSchema, type NodeType } from "./workflow-nodes";
import { isVarPath, stringsOf, varsIn } from "./workflow-vars";

export interface WorkflowNode {
  /** Also the step's name in variables: `{{steps.<id>.…}}`. */
  id: string;
  type: NodeType;
  position: { x: number; y: number };
  data: Record<string, unknown>;
  /** What the editor shows on the node; the type's label when empty. */
  label?: string;
}

export interface WorkflowEdge {
  id: string;
  source: string;
  target: string;
  /** The source's output handle (`next`, `yes`, `no`, …); null means the node's only output. */
  sourceHandle?: string | null;
}

export interface WorkflowGraph {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

export type ProblemCode =
  | "no-trigger"
  | "many-triggers"
  | "unknown-type"
  | "duplicate-id"
  | "bad-id"
  | "unreachable"
  | "dangling-output"
  | "bad-edge"
  | "into-trigger"
  | "double-edge"
  | "missing-field"
  | "bad-field"
  | "unknown-variable"
  | "loop-without-wait"
  | "too-big";

export interface GraphProblem {
  severity: "error" | "warning";
  code: ProblemCode;
  message: string;
  nodeId?: string;
  field?: string;
}

export const GRAPH_LIMITS = { nodes: 200, edges: 400 } as const;
/** Node ids are variable names: `{{steps.<id>.…}}`. */
export const NODE_ID = /^[a-z][a-z0-9_]{0,39}$/;

const WAITS: readonly NodeType[] = ["flow.wait", "flow.wait_reply"];
/** Outputs whose value is an object of any shape (a webhook's body, an HTTP answer). */
const OPEN_VARS = new Set(["body", "headers"]);
const CONTACT_VARS = new Set(["number", "tags", "fields"]);

/** The output an edge leaves from (a node with one output takes edges without a handle). */
export function edgeHandle(edge: WorkflowEdge, type: NodeType | undefined): string | null {
  if (edge.sourceHandle) return edge.sourceHandle;
  const outputs = type ? NODE_SPECS[type].outputs : [];
  return outputs.length === 1 ? (outputs[0] ?? null) : null;
}

/** The node an output leads to, or null. */
export function nextOf(graph: WorkflowGraph, nodeId: string, handle: string): WorkflowNode | null {
  const node = graph.nodes.find((n) => n.id === nodeId);
  const edge = graph.edges.find((e) => e.source === nodeId && edgeHandle(e, node?.type) === handle);
  return edge ? (graph.nodes.find((n) => n.id === edge.target) ?? null) : null;
}

export const triggerOf = (graph: WorkflowGraph): WorkflowNode | undefined => graph.nodes.find((n) => isTrigger(n.type));

/** Nodes from which `nodeId` can be reached (its possible earlier steps), not counting itself unless on a loop. */
export function ancestorsOf(graph: WorkflowGraph, nodeId: string): Set<string> {
  const into = new Map<string, string[]>();
  for (const e of graph.edges) into.set(e.target, [...(into.get(e.target) ?? []), e.source]);
  const seen = new Set<string>();
  const stack = [...(into.get(nodeId) ?? [])];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(into.get(id) ?? []));
  }
  return seen;
}

/** The variables a node may use, for the checks and the editor's picker. */
export function variablesFor(graph: WorkflowGraph, nodeId: string): string[] {
  const trigger = triggerOf(graph);
  const out = trigger ? NODE_SPECS[trigger.type].vars.map((v) => `trigger.${v}`) : [];
  const ancestors = ancestorsOf(graph, nodeId);
  for (const node of graph.nodes) {
    if (!ancestors.has(node.id) || isTrigger(node.type)) continue;
    for (const v of nodeSpec(node.type)?.vars ?? []) out.push(`steps.${node.id}.${v}`);
  }
  out.push("contact.number", "contact.tags", "contact.fields.<name>");
  return out;
}

function knownVariable(path: string, graph: WorkflowGraph, ancestors: Set<string>): boolean {
  if (!isVarPath(path)) return false;
  const [root, name, ...rest] = path.split(".");
  if (root === "trigger") {
    const trigger = triggerOf(graph);
    const vars = trigger ? NODE_SPECS[trigger.type].vars : [];
    return name !== undefined && vars.includes(name) && (rest.length === 0 || OPEN_VARS.has(name));
  }
  if (root === "steps") {
    const step = graph.nodes.find((n) => n.id === name);
    if (!step || !ancestors.has(step.id)) return false;
    const [field, ...deeper] = rest;
    const vars = nodeSpec(step.type)?.vars ?? [];
    return field !== undefined && vars.includes(field) && (deeper.length === 0 || OPEN_VARS.has(field));
  }
  if (root === "contact")
    return name !== undefined && CONTACT_VARS.has(name) && (name === "fields" ? rest.length === 1 : rest.length === 0);
  if (root === "run") return name === "id" && rest.length === 0;
  return false;
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);

/** Required fields and plain types of a node's settings against its schema (the server also runs ajv on publish). */
function fieldProblems(node: WorkflowNode, schema: JsonSchema, data: Record<string, unknown>, at = ""): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const label = node.label || nodeSpec(node.type)?.label || node.type;
  for (const name of schema.required ?? []) {
    if (isEmpty(data[name])) {
      const title = schema.properties?.[name]?.title ?? name;
      problems.push({
        severity: "error",
        code: "missing-field",
        nodeId: node.id,
        field: at + name,
        message: `${label}: ${title} is required`,
      });
    }
  }
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const value = data[name];
    if (isEmpty(value)) continue;
    const title = prop.title ?? name;
    const bad = (why: string) =>
      problems.push({
        severity: "error",
        code: "bad-field",
        nodeId: node.id,
        field: at + name,
        message: `${label}: ${title} ${why}`,
      });
    if (prop.type === "string") {
      if (typeof value !== "string") bad("must be text");
      else if (prop.enum && !prop.enum.includes(value)) bad(`must be one of ${prop.enum.join(", ")}`);
      else if (prop.maxLength !== undefined && value.length > prop.maxLength)
        bad(`is longer than ${prop.maxLength} characters`);
      else if (prop.minLength !== undefined && value.trim().length < prop.minLength)
        bad(`is shorter than ${prop.minLength} characters`);
    } else if (prop.type === "number" || prop.type === "integer") {
      if (typeof value !== "number" || (prop.type === "integer" && !Number.isInteger(value)))
        bad(prop.type === "integer" ? "must be a whole number" : "must be a number");
      else if (
        (prop.minimum !== undefined && value < prop.minimum) ||
        (prop.maximum !== undefined && value > prop.maximum)
      )
        bad(`must be between ${prop.minimum ?? "-∞"} and ${prop.maximum ?? "∞"}`);
    } else if (prop.type === "boolean") {
      if (typeof value !== "boolean") bad("must be yes or no");
    } else if (prop.type === "array") {
      if (!Array.isArray(value)) bad("must be a list");
      else {
        if (prop.minItems !== undefined && value.length < prop.minItems) bad(`needs at least ${prop.minItems}`);
        value.forEach((item, i) => {
          if (prop.items?.type === "object" && item && typeof item === "object")
            problems.push(...fieldProblems(node, prop.items, item as Record<string, unknown>, `${at}${name}[${i}].`));
          else if (prop.items?.enum && !prop.items.enum.includes(item as string))
            bad(`has an unknown value ${String(item)}`);
        });
      }
    }
  }
  return problems;
}

/** Checks that need more than the schema: a regular expression that compiles, a cron line with five fields, a time. */
function semanticProblems(node: WorkflowNode): GraphProblem[] {
  const d = node.data;
  const out: GraphProblem[] = [];
  const bad = (field: string, message: string) =>
    out.push({ severity: "error", code: "bad-field", nodeId: node.id, field, message });
  const regexOk = (p: unknown) => {
    try {
      new RegExp(String(p), "i");
      return true;
    } catch {
      return false;
    }
  };
  if (node.type === "trigger.inbound") {
    if (d.match === "keyword" && isEmpty(d.keywords))
      bad("keywords", "Inbound message: Keywords are required when matching keywords");
    if (d.match === "regex" && (isEmpty(d.pattern) || !regexOk(d.pattern)))
      bad("pattern", "Inbound message: the regular expression is missing or invalid");
  }
  if (node.type === "condition.text" && d.op === "regex" && !regexOk(d.pattern))
    bad("pattern", "Text matches: the regular expression is invalid");
  if (node.type === "trigger.schedule" && typeof d.cron === "string" && d.cron.trim().split(/\s+/).length !== 5)
    bad("cron", "Schedule: a cron expression has five fields (minute hour day month weekday)");
  if (node.type === "condition.hours") {
    for (const f of ["start", "end"] as const)
      if (typeof d[f] === "string" && !/^([01]\d|2[0-3]):[0-5]\d$/.test(d[f]))
        bad(f, `Business hours: ${f === "start" ? "Opens" : "Closes"} must be HH:MM`);
  }
  if (
    node.type === "action.http" &&
    typeof d.url === "string" &&
    !/^https?:\/\//i.test(d.url.trim()) &&
    !d.url.trim().startsWith("{{")
  )
    bad("url", "HTTP request: the URL must start with http:// or https://");
  if (node.type === "action.http" && typeof d.body === "string" && d.body.trim() && !d.body.includes("{{")) {
    try {
      JSON.parse(d.body);
    } catch {
      bad("body", "HTTP request: the body is not valid JSON");
    }
  }
  return out;
}

/** Strongly connected groups of more than one node (or a node with an edge to itself): the graph's loops. */
function loops(graph: WorkflowGraph): string[][] {
  const next = new Map<string, string[]>();
  for (const e of graph.edges) next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (next.get(v) ?? []).includes(v)) found.push(group);
    }
  };
  for (const n of graph.nodes) if (!idx.has(n.id)) visit(n.id);
  return found;
}

/** Every problem of a graph, errors first. */
export function checkGraph(graph: WorkflowGraph): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const error = (code: ProblemCode, message: string, nodeId?: string, field?: string) =>
    problems.push({ severity: "error", code, message, nodeId, field });
  const warn = (code: ProblemCode, message: string, nodeId?: string) =>
    problems.push({ severity: "warning", code, message, nodeId });
  if (graph.nodes.length > GRAPH_LIMITS.nodes || graph.edges.length > GRAPH_LIMITS.edges) {
    error("too-big", `A workflow has at most ${GRAPH_LIMITS.nodes} steps and ${GRAPH_LIMITS.edges} connections`);
    return problems;
  }
  const byId = new Map<string, WorkflowNode>();
  for (const node of graph.nodes) {
    if (byId.has(node.id)) error("duplicate-id", `Two steps are named "${node.id}"`, node.id);
    byId.set(node.id, node);
    if (!NODE_ID.test(node.id))
      error(
        "bad-id",
        `Step name "${node.id}" must be lowercase letters, digits or _ (it is used in {{steps.${node.id}…}})`,
        node.id,
      );
    if (!nodeSpec(node.type))
      error("unknown-type", `Step "${node.id}" has an unknown type ${String(node.type)}`, node.id);
  }
  const triggers = graph.nodes.filter((n) => isTrigger(n.type));
  if (triggers.length === 0) error("no-trigger", "Add a trigger: it says what starts the workflow");
  if (triggers.length > 1)
    for (const t of triggers.slice(1)) error("many-triggers", "A workflow has one trigger; remove the extra one", t.id);

  const used = new Set<string>();
  for (const edge of graph.edges) {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target) {
      error("bad-edge", "A connection points to a step that no longer exists");
      continue;
    }
    if (isTrigger(target.type)) error("into-trigger", "Nothing can lead into a trigger", target.id);
    const spec = nodeSpec(source.type);
    const handle = edgeHandle(edge, source.type);
    if (spec && (handle === null || !spec.outputs.includes(handle))) {
      error("bad-edge", `${source.label || spec.label} has no output "${edge.sourceHandle ?? ""}"`, source.id);
      continue;
    }
    const key = `${source.id}|${handle}`;
    if (used.has(key))
      error(
        "double-edge",
        `${source.label || spec?.label}: the "${handle}" output leads to two steps; keep one`,
        source.id,
      );
    used.add(key);
  }

  const trigger = triggers[0];
  const reached = new Set<string>();
  if (trigger) {
    const stack = [trigger.id];
    while (stack.length) {
      const id = stack.pop() as string;
      if (reached.has(id)) continue;
      reached.add(id);
      for (const e of graph.edges) if (e.source === id && byId.has(e.target)) stack.push(e.target);
    }
  }
  for (const node of graph.nodes) {
    const spec = nodeSpec(node.type);
    if (!spec) continue;
    const label = node.label || spec.label;
    if (trigger && !reached.has(node.id)) error("unreachable", `${label} is not connected to the trigger`, node.id);
    for (const out of spec.outputs) {
      if (!used.has(`${node.id}|${out}`) && (spec.outputs.length > 1 || spec.kind === "trigger")) {
        warn("dangling-output", `${label}: the "${out}" output leads nowhere (the run ends there)`, node.id);
      }
    }
    problems.push(...fieldProblems(node, spec.schema, node.data ?? {}), ...semanticProblems(node));
    const ancestors = ancestorsOf(graph, node.id);
    for (const { field, text } of stringsOf(node.data ?? {})) {
      for (const path of varsIn(text)) {
        if (!knownVariable(path, graph, ancestors))
          error("unknown-variable", `${label}: {{${path}}} is not a variable this step can use`, node.id, field);
      }
    }
  }
  for (const group of loops(graph)) {
    if (!group.some((id) => WAITS.includes(byId.get(id)?.type as NodeType))) {
      error(
        "loop-without-wait",
        `A loop (${group.slice().reverse().join(" → ")}) has no wait: it would run without pause`,
        group[0],
      );
    }
  }
  return problems.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
}

export const blockingProblems = (graph: WorkflowGraph): GraphProblem[] =>
  checkGraph(graph).filter((p) => p.severity === "error");
