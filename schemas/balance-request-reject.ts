export const balanceRequestReject = {
  title: "Reject balance request",
  type: "object",
  additionalProperties: false,
  required: ["reason"],
  properties: {
    reason: {
      type: "string",
      title: "Reason",
      minLength: 1,
      maxLength: 300,
    },
  },
} as const;
