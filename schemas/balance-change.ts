import { USER_ID } from "./fields";

export const balanceChange = {
  title: "Balance change",
  type: "object",
  additionalProperties: false,
  required: ["userId", "amount"],
  properties: {
    userId: USER_ID,
    amount: {
      type: "number",
      title: "Amount (₹)",
      maximum: 100000000,
      minimum: 0.01,
    },
    note: {
      type: "string",
      title: "Note",
      maxLength: 200,
      pattern: "^[^\\u0000]*$",
    },
  },
} as const;
