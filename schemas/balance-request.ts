export const balanceRequest = {
  title: "Request balance",
  type: "object",
  additionalProperties: false,
  required: ["requestedBalance"],
  properties: {
    requestedBalance: {
      type: "number",
      title: "Amount (₹)",
      maximum: 100000000,
      minimum: 0.01,
    },
  },
} as const;
