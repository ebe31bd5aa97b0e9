import { WORKFLOW_DESCRIPTION, WORKFLOW_GRAPH, WORKFLOW_NAME } from "./workflow-fields";

/** Saving the draft: any of name, description and graph. */
export const workflowUpdate = {
  title: "Save workflow",
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: WORKFLOW_NAME,
    description: WORKFLOW_DESCRIPTION,
    graph: WORKFLOW_GRAPH,
  },
} as const;
