import { AI_LIMITS } from "../contract/domain/ai";
import { shortText } from "./ai-fields";

export const aiEnhancePrompt = {
  title: "Enhance a prompt",
  type: "object",
  additionalProperties: false,
  properties: {
    prompt: {
      ...shortText("Prompt", AI_LIMITS.promptMax),
      description: "Empty: the agent's default configuration's prompt.",
    },
  },
} as const;
