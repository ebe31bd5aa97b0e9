/** The admin's choice of WABA provider solution: one of the stored solutions' ids. */
export const wabaSolutionProvider = {
  title: "WABA provider solution",
  type: "object",
  additionalProperties: false,
  required: ["solution_id"],
  properties: {
    solution_id: {
      type: "string",
      title: "Solution",
      minLength: 1,
      maxLength: 128,
      pattern: "^[^\\u0000]*$",
    },
  },
} as const;
