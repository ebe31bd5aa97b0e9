import { REPLAY_FROM } from "../contract/domain/workflow-runs";
import { WORKFLOW_PAYLOAD } from "./workflow-fields";

export const workflowReplay = {
  title: "Replay run",
  type: "object",
  additionalProperties: false,
  required: ["from"],
  properties: {
    from: { type: "string", title: "Replay from", enum: [...REPLAY_FROM] },
    payload: WORKFLOW_PAYLOAD,
    redo: { type: "boolean", title: "Do again what was already done (sends, calls)", default: false },
    version: {
      type: "string",
      title: "With",
      enum: ["original", "latest"],
      default: "original",
      description: "The version the run had, or the one published now (after a fix)",
    },
  },
} as const;
