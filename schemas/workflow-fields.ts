import { GRAPH_LIMITS } from "../contract/domain/workflow-graph";
import { NODE_TYPES } from "../contract/domain/workflow-nodes";

/** A workflow graph as the editor saves it; the graph checks (contract/domain/workflow-graph.ts) judge its content. */
export const WORKFLOW_GRAPH = {
  type: "object",
  title: "Graph",
  additionalProperties: false,
  required: ["nodes", "edges"],
  properties: {
    nodes: {
      type: "array",
      maxItems: GRAPH_LIMITS.nodes,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "type", "position", "data"],
        properties: {
          id: { type: "string", minLength: 1, maxLength: 40 },
          type: { type: "string", enum: [...NODE_TYPES] },
          label: { type: "string", maxLength: 80 },
          position: {
            type: "object",
            additionalProperties: false,
            required: ["x", "y"],
            properties: { x: { type: "number" }, y: { type: "number" } },
          },
          data: { type: "object" },
        },
      },
    },
    edges: {
      type: "array",
      maxItems: GRAPH_LIMITS.edges,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "source", "target"],
        properties: {
          id: { type: "string", minLength: 1, maxLength: 120 },
          source: { type: "string", minLength: 1, maxLength: 40 },
          target: { type: "string", minLength: 1, maxLength: 40 },
          sourceHandle: { type: ["string", "null"], maxLength: 20 },
        },
      },
    },
  },
} as const;

export const WORKFLOW_NAME = { type: "string", title: "Name", minLength: 1, maxLength: 100, pattern: "\\S" } as const;
export const WORKFLOW_DESCRIPTION = { type: "string", title: "Description", maxLength: 500 } as const;
/** A trigger's sample or edited payload: any JSON object of modest size (checked by the server). */
export const WORKFLOW_PAYLOAD = {
  type: "object",
  title: "Trigger payload",
  additionalProperties: true,
  properties: {},
} as const;
