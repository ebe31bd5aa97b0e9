import { WORKFLOW_DESCRIPTION, WORKFLOW_GRAPH, WORKFLOW_NAME } from "./workflow-fields";

export const workflowCreate = {
  title: "New workflow",
  type: "object",
  additionalProperties: false,
  required: ["name"],
  properties: {
    name: WORKFLOW_NAME,
    description: WORKFLOW_DESCRIPTION,
    templateId: { type: "string", title: "Start from template", minLength: 1, maxLength: 64 },
    graph: WORKFLOW_GRAPH,
  },
} as const;
