import { INTENT_PROPERTIES, withoutDefaults } from "./ai-fields";

const { agentId: _agent, ...EDITABLE } = withoutDefaults(INTENT_PROPERTIES);

export const aiIntentUpdate = {
  title: "Edit intent",
  type: "object",
  additionalProperties: false,
  properties: EDITABLE,
} as const;
