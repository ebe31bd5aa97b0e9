import { AI_NAME, AI_CHANNELS_FIELD } from "./ai-fields";

export const aiMarketplaceInstall = {
  title: "Use this template",
  type: "object",
  additionalProperties: false,
  properties: { name: { ...AI_NAME, description: "Empty: the template's name." }, channels: AI_CHANNELS_FIELD },
} as const;
