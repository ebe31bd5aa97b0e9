// The AI agent hub (SPEC 1, 7 "AI agents"): the states, limits and rules both ends use. One place for each: the
// server decides with them, the console explains with them.

import type { CampaignChannel } from "../constants";

/** Channels an AI agent may answer on (the chat inbox's channels). */
export const AI_CHANNELS = ["whatsapp", "sms", "rcs"] as const satisfies readonly CampaignChannel[];
export type AiChannel = (typeof AI_CHANNELS)[number];

/**
 * Which conversations an agent takes on its channels. `all`: every one nobody of the team has written in for a day,
 * assigned or not; `unassigned`: only while no live agent is assigned; `keyword`: one whose message names a keyword;
 * `intent`: one whose message is classified as one of the chosen intents. Once taken, a conversation stays with its
 * agent until it hands it over.
 */
export const AI_SCOPES = ["all", "unassigned", "keyword", "intent"] as const;
export type AiScope = (typeof AI_SCOPES)[number];

/**
 * What an intent does when a customer's message is classified as it. `workflow` waits for workflows (it hands over).
 */
export const INTENT_ACTIONS = ["knowledge", "template", "handoff", "workflow"] as const;
export type IntentAction = (typeof INTENT_ACTIONS)[number];
export const INTENT_ACTION_LABELS: Record<IntentAction, string> = {
  knowledge: "Answer from knowledge",
  template: "Reply with a fixed text",
  handoff: "Hand to a live agent",
  workflow: "Start a workflow (later: hands over for now)",
};

export const KNOWLEDGE_KINDS = ["text", "faq", "file"] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];

/** What happened to one customer message the AI looked at. */
export const AI_OUTCOMES = ["answered", "handoff", "skipped", "failed"] as const;
export type AiOutcome = (typeof AI_OUTCOMES)[number];

/** Why an agent handed a conversation over (said in the note the team reads). */
export const HANDOFF_REASONS = ["requested", "low-confidence", "out-of-scope", "intent", "workflow"] as const;
export type HandoffReason = (typeof HANDOFF_REASONS)[number];
export const HANDOFF_REASON_TEXT: Record<HandoffReason, string> = {
  requested: "the customer asked for a person",
  "low-confidence": "it was not sure what the customer meant",
  "out-of-scope": "its knowledge does not answer this",
  intent: "this intent is handled by people",
  workflow: "workflows are not available yet",
};

/** Answers are written by the model when LLM_URL is set, otherwise from the best passage or FAQ answer. */
export const AI_ENGINES = ["rules", "model"] as const;
export type AiEngine = (typeof AI_ENGINES)[number];

export const AI_LIMITS = {
  nameMax: 80,
  personaMax: 2000,
  promptMax: 8000,
  keywordsMax: 30,
  keywordMax: 40,
  examplesMax: 200,
  exampleMax: 300,
  intentsPerBulk: 100,
  faqsMax: 500,
  knowledgeTextMax: 200_000,
  /** An uploaded knowledge file (PDF, DOCX, TXT, CSV). */
  knowledgeFileMaxBytes: 20 * 1024 * 1024,
  /** A passage is about this many characters: long enough to answer, short enough to quote. */
  passageChars: 700,
  searchLimitMax: 50,
} as const;

/** SPEC 9: knowledge search limit 10. */
export const KNOWLEDGE_SEARCH_LIMIT = 10;

/** Default hand-off rule of a new agent. */
/** Measured on the marketplace templates' held-out phrases: most right answers score above it, off-topic ones below. */
export const DEFAULT_CONFIDENCE_THRESHOLD = 0.4;
export const DEFAULT_HANDOFF_KEYWORDS = [
  "agent",
  "human",
  "person",
  "representative",
  "operator",
  "real person",
] as const;
export const DEFAULT_HANDOFF_MESSAGE = "I'm connecting you with a member of our team. They will reply here shortly.";
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  enabled: false,
  timezone: "Asia/Kolkata",
  days: [1, 2, 3, 4, 5],
  start: "09:00",
  end: "18:00",
};

/** Days are 0 (Sunday) to 6 (Saturday), like Date.getDay(); times are HH:MM in the time zone. Off: always open. */
export interface BusinessHours {
  enabled: boolean;
  timezone: string;
  days: number[];
  start: string;
  end: string;
}

export interface AgentHandoff {
  /** Below this classification confidence (0-1) the agent hands over instead of guessing. */
  confidenceThreshold: number;
  /** A customer's message naming one of these (whole words) is a request for a person. */
  keywords: string[];
  /** What the customer is told when the agent hands over. */
  message: string;
  /** When people of the team answer; outside them a hand-over tells the customer when they will. */
  businessHours: BusinessHours;
}

const DAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The local weekday and minutes of `now` in a time zone (Intl, no library). */
function localTime(now: Date, timezone: string): { day: number; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: timezone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: DAY_NAMES.indexOf(get("weekday")), minutes: Number(get("hour")) * 60 + Number(get("minute")) };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether people are at work at `now`; hours switched off mean always. An end before the start runs past midnight. */
export function withinBusinessHours(hours: BusinessHours, now: Date): boolean {
  if (!hours.enabled) return true;
  const { day, minutes } = localTime(now, hours.timezone);
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  if (start <= end) return hours.days.includes(day) && minutes >= start && minutes < end;
  // Overnight: the part after midnight belongs to the day before.
  if (minutes >= start) return hours.days.includes(day);
  return minutes < end && hours.days.includes((day + 6) % 7);
}

/** "Mon–Fri 09:00–18:00 (Asia/Kolkata)": how the hand-over message and the console say the hours. */
export function describeHours(hours: BusinessHours): string {
  const days = [...hours.days].sort((a, b) => a - b);
  const consecutive = days.length > 1 && days.every((d, i) => i === 0 || d === days[i - 1] + 1);
  const dayText =
    days.length === 7
      ? "Every day"
      : consecutive
        ? `${DAY_NAMES[days[0]]}–${DAY_NAMES[days[days.length - 1]]}`
        : days.map((d) => DAY_NAMES[d]).join(", ");
  return `${dayText} ${hours.start}–${hours.end} (${hours.timezone})`;
}

/** Whether the text names a hand-off keyword as a whole word or phrase (case and punctuation ignored). */
export function namesKeyword(text: string, keywords: readonly string[]): string | null {
  const words = ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
  for (const keyword of keywords) {
    const k = keyword
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
    if (k && words.includes(` ${k} `)) return keyword;
  }
  return null;
}

export const TIME_HHMM = "^([01][0-9]|2[0-3]):[0-5][0-9]$";
