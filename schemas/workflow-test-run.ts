import { WORKFLOW_PAYLOAD } from "./workflow-fields";

/** A test run of the draft with a sample trigger payload (`text`, `from`, `channel`, `to`, or a webhook `body`). */
export const workflowTestRun = {
  title: "Test run",
  type: "object",
  additionalProperties: false,
  required: ["payload"],
  properties: { payload: WORKFLOW_PAYLOAD },
} as const;
