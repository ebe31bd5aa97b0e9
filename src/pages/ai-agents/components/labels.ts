import type { AiChannel, AiScope, IntentAction } from "../../../../contract/domain/ai";
import { INTENT_ACTION_LABELS } from "../../../../contract/domain/ai";

export const CHANNEL_LABEL: Record<AiChannel, string> = { whatsapp: "WhatsApp", sms: "SMS", rcs: "RCS" };
export const CHANNEL_COLOR: Record<AiChannel, string> = { whatsapp: "green", sms: "blue", rcs: "purple" };

export const SCOPE_LABEL: Record<AiScope, string> = {
  all: "All conversations",
  unassigned: "Unassigned conversations",
  keyword: "Conversations naming a keyword",
  intent: "Conversations about chosen intents",
};

export const ACTION_LABEL: Record<IntentAction, string> = INTENT_ACTION_LABELS;
export const ACTION_COLOR: Record<IntentAction, string> = {
  knowledge: "blue",
  template: "cyan",
  handoff: "orange",
  workflow: "default",
};

export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "0.82" as "82 %". */
export const percent = (x: number) => `${Math.round(x * 100)} %`;
