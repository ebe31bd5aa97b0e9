import type { GraphProblem, WorkflowGraph } from "../domain/workflow-graph";
import { TRIGGER_KINDS, type TriggerKind } from "../domain/workflow-nodes";
import {
  RUN_STATUSES,
  STEP_STATUSES,
  WORKFLOW_STATUSES,
  type RunStatus,
  type StepStatus,
  type WorkflowStatus,
} from "../domain/workflow-runs";
import { WORKFLOW_GRAPH } from "../../schemas/workflow-fields";
import { Type } from "./type";

// What the workflow calls answer (contract/calls/workflows.ts).

const date = () => Type.String({ format: "date-time" });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: "string", enum: [...values] });
/** Settings, payloads and outputs: any JSON object (its shape is the node type's). */
export const JsonObject = Type.Unsafe<Record<string, unknown>>({ type: "object", additionalProperties: true });
/** A copy of a schema with every object open: a reply schema that describes a stored value without trimming it. */
function openObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openObjects);
  if (!schema || typeof schema !== "object") return schema;
  const copy = Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [k, k === "enum" || k === "required" ? v : openObjects(v)]),
  );
  return copy.type === "object" ? { ...copy, additionalProperties: true } : copy;
}

/**
 * The graph as stored, in the editor's shape (the body schema of schemas/workflow-fields.ts), each object left open
 * so the serializer passes a node's settings (`data`) and anything a stored graph holds; its content is judged by
 * contract/domain/workflow-graph.ts, not by the reply schema.
 */
export const GraphField = Type.Unsafe<WorkflowGraph>(openObjects(WORKFLOW_GRAPH) as Record<string, unknown>);

export const WorkflowStatusField = enumOf<WorkflowStatus>(WORKFLOW_STATUSES);
export const RunStatusField = enumOf<RunStatus>(RUN_STATUSES);
export const TriggerKindField = enumOf<TriggerKind>(TRIGGER_KINDS);

export const WorkflowRecord = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  status: WorkflowStatusField,
  /** The published version's trigger (null before the first publish). */
  triggerKind: nullable(TriggerKindField),
  publishedVersion: nullable(Type.Integer()),
  /** The draft differs from the published version (or was never published). */
  unpublishedChanges: Type.Boolean(),
  runs: Type.Integer(),
  failedRuns: Type.Integer(),
  lastRunAt: nullable(date()),
  createdAt: date(),
  updatedAt: date(),
});

export const WorkflowDetailRecord = Type.Object({
  ...WorkflowRecord.properties,
  draft: GraphField,
  /** Path of the incoming-webhook trigger, secret included: POST JSON to it. */
  webhookPath: Type.String(),
  /** Schedule trigger: when it fires next. */
  nextFireAt: nullable(date()),
});

export const WorkflowVersionRecord = Type.Object({
  _id: Type.String(),
  number: Type.Integer(),
  note: Type.String(),
  createdAt: date(),
  createdBy: nullable(Type.String()),
  steps: Type.Integer(),
  /** The version new runs start with. */
  live: Type.Boolean(),
});

export const WorkflowVersionDetailRecord = Type.Object({ ...WorkflowVersionRecord.properties, graph: GraphField });

export const ProblemRecord = Type.Unsafe<GraphProblem>({
  type: "object",
  required: ["severity", "code", "message"],
  properties: {
    severity: { type: "string", enum: ["error", "warning"] },
    code: { type: "string" },
    message: { type: "string" },
    nodeId: { type: "string" },
    field: { type: "string" },
  },
});

const FieldChange = Type.Object({
  field: Type.String(),
  before: Type.Unsafe<unknown>({}),
  after: Type.Unsafe<unknown>({}),
});
export const WorkflowDiffRecord = Type.Object({
  from: Type.Integer(),
  to: Type.Integer(),
  addedNodes: Type.Array(Type.Object({ id: Type.String(), type: Type.String() })),
  removedNodes: Type.Array(Type.Object({ id: Type.String(), type: Type.String() })),
  changedNodes: Type.Array(Type.Object({ id: Type.String(), type: Type.String(), changes: Type.Array(FieldChange) })),
  addedEdges: Type.Array(Type.String()),
  removedEdges: Type.Array(Type.String()),
});

export const RunRecord = Type.Object({
  _id: Type.String(),
  workflowId: Type.String(),
  workflowName: Type.String(),
  /** null for a test run of the draft. */
  versionNumber: nullable(Type.Integer()),
  test: Type.Boolean(),
  status: RunStatusField,
  triggerKind: TriggerKindField,
  /** Who the run talks to (a customer number), when it has one. */
  contact: nullable(Type.String()),
  stepCount: Type.Integer(),
  /** The node the run is at, or where it ended. */
  currentNode: nullable(Type.String()),
  error: nullable(Type.String()),
  replayOf: nullable(Type.String()),
  createdAt: date(),
  finishedAt: nullable(date()),
  durationMs: nullable(Type.Integer()),
});

export const StepRecord = Type.Object({
  _id: Type.String(),
  nodeId: Type.String(),
  nodeType: Type.String(),
  seq: Type.Integer(),
  status: enumOf<StepStatus>(STEP_STATUSES),
  handle: nullable(Type.String()),
  input: nullable(JsonObject),
  output: nullable(JsonObject),
  error: nullable(Type.String()),
  attempts: Type.Integer(),
  queuedAt: date(),
  startedAt: nullable(date()),
  finishedAt: nullable(date()),
  dueAt: date(),
  durationMs: nullable(Type.Integer()),
});

export const RunDetailRecord = Type.Object({
  ...RunRecord.properties,
  trigger: JsonObject,
  /** The graph the run follows (its version's, or the draft a test ran). */
  graph: GraphField,
  steps: Type.Array(StepRecord),
});

export const WorkflowTemplateRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  graph: GraphField,
});
