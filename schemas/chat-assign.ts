export const chatAssign = {
  title: "Assign conversation",
  type: "object",
  additionalProperties: false,
  required: ["agentId"],
  properties: {
    agentId: {
      title: "Agent",
      description: "A live agent of the account; null unassigns.",
      type: ["string", "null"],
      minLength: 1,
      maxLength: 64,
    },
  },
} as const;
