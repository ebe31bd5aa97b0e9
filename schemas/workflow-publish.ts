export const workflowPublish = {
  title: "Publish",
  type: "object",
  additionalProperties: false,
  properties: {
    note: { type: "string", title: "What changed", maxLength: 300 },
  },
} as const;
