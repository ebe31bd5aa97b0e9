/** An account's auto-assignment: on or off, the open conversations an agent may hold, the offline grace period. */
export const inboxAssignment = {
  title: "Auto-assignment",
  type: "object",
  additionalProperties: false,
  required: ["autoAssign", "agentCapacity", "offlineGraceMinutes"],
  properties: {
    autoAssign: { type: "boolean", title: "Assign new conversations automatically" },
    agentCapacity: { type: "integer", title: "Open conversations per agent", minimum: 1, maximum: 500 },
    offlineGraceMinutes: {
      type: "integer",
      title: "Hand on an offline agent's conversations after (minutes)",
      minimum: 1,
      maximum: 1440,
    },
  },
} as const;
