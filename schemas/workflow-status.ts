export const workflowStatus = {
  title: "Turn on or off",
  type: "object",
  additionalProperties: false,
  required: ["active"],
  properties: { active: { type: "boolean", title: "Active" } },
} as const;
