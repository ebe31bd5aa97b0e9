import { TEST_NUMBERS } from "./campaign-fields";

export const campaignTestSend = {
  title: "Test send",
  type: "object",
  additionalProperties: false,
  required: ["numbers"],
  properties: { numbers: TEST_NUMBERS },
} as const;
