/** PUT /api/v1/bots/botStatus: switch one of the caller's bots on or off. */
export const botStatus = {
  title: "Bot status",
  type: "object",
  additionalProperties: false,
  required: ["botId", "status"],
  properties: {
    botId: { type: "string", title: "Bot", minLength: 1, maxLength: 64, pattern: "^[^\\u0000]*$" },
    status: { type: "string", title: "Status", enum: ["active", "inactive"] },
  },
} as const;
