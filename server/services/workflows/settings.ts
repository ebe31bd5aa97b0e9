// What the server adds to the pure graph checks before publishing: settings no node type has (ajv against the node's
// JSON Schema), a cron line the parser refuses, a time zone the runtime does not know.
import Ajv, { type ValidateFunction } from "ajv";
import type { GraphProblem, WorkflowGraph } from "../../../contract/domain/workflow-graph";
import { NODE_SPECS, nodeSpec, type NodeType } from "../../../contract/domain/workflow-nodes";
import { cronProblem, zoneProblem } from "./schedule-time";

const ajv = new Ajv({ allErrors: true, strict: false });
const validators = new Map<NodeType, ValidateFunction>();
const validatorOf = (type: NodeType): ValidateFunction => {
  let v = validators.get(type);
  if (!v) {
    v = ajv.compile(NODE_SPECS[type].schema);
    validators.set(type, v);
  }
  return v;
};

export function validateSettings(graph: WorkflowGraph): GraphProblem[] {
  const problems: GraphProblem[] = [];
  for (const node of graph.nodes) {
    const spec = nodeSpec(node.type);
    if (!spec) continue;
    const label = node.label || spec.label;
    const validate = validatorOf(node.type);
    if (!validate(node.data ?? {})) {
      for (const e of validate.errors ?? []) {
        if (e.keyword !== "additionalProperties") continue;
        const name = String((e.params as { additionalProperty?: string }).additionalProperty);
        problems.push({
          severity: "error",
          code: "bad-field",
          nodeId: node.id,
          field: name,
          message: `${label}: "${name}" is not a setting of this step`,
        });
      }
    }
    if (node.type === "trigger.schedule") {
      const cron = cronProblem(String(node.data.cron ?? ""), String(node.data.timezone ?? "UTC"));
      if (cron)
        problems.push({
          severity: "error",
          code: "bad-field",
          nodeId: node.id,
          field: "cron",
          message: `${label}: ${cron}`,
        });
    }
    for (const field of ["timezone"] as const) {
      const zone = node.data[field];
      if (
        (node.type === "trigger.schedule" || node.type === "condition.hours") &&
        typeof zone === "string" &&
        zone &&
        zoneProblem(zone)
      ) {
        problems.push({
          severity: "error",
          code: "bad-field",
          nodeId: node.id,
          field,
          message: `${label}: ${zoneProblem(zone)}`,
        });
      }
    }
  }
  return problems;
}
