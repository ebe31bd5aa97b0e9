import type { UiSchema } from "@rjsf/utils";
import { AI_CHANNELS, AI_SCOPES } from "../../../../contract/domain/ai";
import type { FormValues } from "../../common/lazy-schema-form";
import { CHANNEL_LABEL, DAY_NAMES, SCOPE_LABEL } from "./labels";

/** How the agent's RJSF form (schemas/ai-agent.ts) shows its fields. */
export const AGENT_UI: UiSchema<FormValues> = {
  "ui:order": [
    "name",
    "description",
    "enabled",
    "channels",
    "scope",
    "scopeKeywords",
    "scopeIntents",
    "persona",
    "handoff",
  ],
  description: { "ui:widget": "textarea", "ui:options": { rows: 2 } },
  channels: {
    "ui:widget": "checkboxes",
    "ui:enumNames": AI_CHANNELS.map((c) => CHANNEL_LABEL[c]),
    "ui:options": { inline: true },
  },
  scope: { "ui:widget": "radio", "ui:enumNames": AI_SCOPES.map((s) => SCOPE_LABEL[s]) },
  scopeKeywords: { "ui:help": "Only for “Conversations naming a keyword”.", "ui:options": { orderable: false } },
  scopeIntents: {
    "ui:help": "Only for “Conversations about chosen intents”: intent names such as order_status.",
    "ui:options": { orderable: false },
  },
  persona: {
    "ui:widget": "textarea",
    "ui:options": { rows: 3 },
    "ui:placeholder": "Friendly, brief, never promises what it cannot see",
  },
  handoff: {
    confidenceThreshold: { "ui:widget": "range" },
    keywords: { "ui:options": { orderable: false } },
    message: { "ui:widget": "textarea", "ui:options": { rows: 2 } },
    businessHours: {
      days: { "ui:widget": "checkboxes", "ui:enumNames": DAY_NAMES, "ui:options": { inline: true } },
      start: { "ui:placeholder": "09:00" },
      end: { "ui:placeholder": "18:00" },
    },
  },
};
