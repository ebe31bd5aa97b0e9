import { AI_LIMITS } from "../contract/domain/ai";
import { CONFIG_PROPERTIES, shortText, withoutDefaults } from "./ai-fields";

export const aiAgentConfigUpdate = {
  title: "Edit agent configuration",
  type: "object",
  additionalProperties: false,
  properties: {
    ...withoutDefaults(CONFIG_PROPERTIES),
    enhancedPrompt: shortText("Enhanced prompt", AI_LIMITS.promptMax * 2),
  },
} as const;
