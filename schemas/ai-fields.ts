import {
  AI_CHANNELS,
  AI_LIMITS,
  AI_SCOPES,
  DEFAULT_CONFIDENCE_THRESHOLD,
  INTENT_ACTIONS,
  TIME_HHMM,
} from "../contract/domain/ai";

// Fields the AI agent hub's body schemas share (agents, configs, knowledge, business context, intents).

const TEXT = "^[^\\u0000]*$";

export const AI_NAME = {
  type: "string",
  title: "Name",
  minLength: 1,
  maxLength: AI_LIMITS.nameMax,
  pattern: TEXT,
} as const;
export const AI_ID = { type: "string", minLength: 1, maxLength: 64, pattern: TEXT } as const;
export const AI_AGENT_ID = { ...AI_ID, title: "Agent" } as const;
/** An intent's machine name: what the log, the search filter and the passages' tags use. */
export const INTENT_NAME = {
  type: "string",
  title: "Intent",
  minLength: 1,
  maxLength: 60,
  pattern: "^[a-z0-9][a-z0-9_-]*$",
} as const;
export const shortText = (title: string, maxLength = 500) =>
  ({ type: "string", title, maxLength, pattern: TEXT }) as const;

export const AI_KEYWORDS = {
  type: "array",
  title: "Keywords",
  maxItems: AI_LIMITS.keywordsMax,
  items: { type: "string", minLength: 1, maxLength: AI_LIMITS.keywordMax, pattern: TEXT },
} as const;

export const AI_CHANNELS_FIELD = {
  type: "array",
  title: "Channels",
  uniqueItems: true,
  minItems: 1,
  maxItems: AI_CHANNELS.length,
  items: { type: "string", enum: [...AI_CHANNELS] },
} as const;

export const BUSINESS_HOURS = {
  type: "object",
  title: "Business hours",
  description: "When people of the team answer. Outside them a hand-over tells the customer when the team is back.",
  additionalProperties: false,
  required: ["enabled", "timezone", "days", "start", "end"],
  properties: {
    enabled: { type: "boolean", title: "Use business hours", default: false },
    timezone: {
      type: "string",
      title: "Time zone",
      minLength: 1,
      maxLength: 60,
      pattern: "^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$",
      default: "Asia/Kolkata",
    },
    days: {
      type: "array",
      title: "Days",
      uniqueItems: true,
      maxItems: 7,
      items: { type: "integer", enum: [0, 1, 2, 3, 4, 5, 6] },
      default: [1, 2, 3, 4, 5],
    },
    start: { type: "string", title: "Opens", pattern: TIME_HHMM, default: "09:00" },
    end: { type: "string", title: "Closes", pattern: TIME_HHMM, default: "18:00" },
  },
} as const;

export const HANDOFF = {
  type: "object",
  title: "Hand-off to a live agent",
  additionalProperties: false,
  required: ["confidenceThreshold", "keywords", "message", "businessHours"],
  properties: {
    confidenceThreshold: {
      type: "number",
      title: "Confidence threshold",
      minimum: 0,
      maximum: 1,
      default: DEFAULT_CONFIDENCE_THRESHOLD,
      description: "Below this confidence (0-1) the agent hands over instead of guessing.",
    },
    keywords: {
      ...AI_KEYWORDS,
      title: "Hand-off keywords",
      description: "A message naming one of these asks for a person.",
    },
    message: { ...shortText("Hand-off message", 1000), minLength: 1 },
    businessHours: BUSINESS_HOURS,
  },
} as const;

/** The agent's fields; create requires some of them, update none. */
export const AGENT_PROPERTIES = {
  name: AI_NAME,
  description: shortText("Description"),
  enabled: { type: "boolean", title: "Answering customers", default: true },
  channels: { ...AI_CHANNELS_FIELD, default: ["whatsapp"] },
  scope: { type: "string", title: "Conversations it takes", enum: [...AI_SCOPES], default: "unassigned" },
  scopeKeywords: { ...AI_KEYWORDS, title: "Keywords it takes conversations for" },
  scopeIntents: { type: "array", title: "Intents it takes conversations for", maxItems: 50, items: INTENT_NAME },
  persona: shortText("Persona", AI_LIMITS.personaMax),
  handoff: HANDOFF,
} as const;

export const INTENT_PROPERTIES = {
  agentId: AI_AGENT_ID,
  name: INTENT_NAME,
  description: shortText("Description"),
  examples: {
    type: "array",
    title: "Example phrases",
    minItems: 1,
    maxItems: AI_LIMITS.examplesMax,
    items: { type: "string", minLength: 1, maxLength: AI_LIMITS.exampleMax, pattern: TEXT },
  },
  action: { type: "string", title: "Action", enum: [...INTENT_ACTIONS], default: "knowledge" },
  response: shortText("Reply text", 2000),
  enabled: { type: "boolean", title: "Enabled", default: true },
} as const;

/** An agent configuration's fields (its prompt and how the model is asked). */
export const CONFIG_PROPERTIES = {
  name: { ...AI_NAME, default: "Default" },
  prompt: {
    ...shortText("System prompt", AI_LIMITS.promptMax),
    description: "How the agent speaks and what it may do.",
  },
  useEnhanced: { type: "boolean", title: "Use the enhanced prompt", default: false },
  model: { ...shortText("Model", 100), description: "Empty: the server's LLM_MODEL." },
  temperature: { type: "number", title: "Temperature", minimum: 0, maximum: 2, default: 0.3 },
  maxTokens: { type: "integer", title: "Longest answer (tokens)", minimum: 16, maximum: 4000, default: 300 },
  fallbackMessage: {
    ...shortText("When it cannot answer", 1000),
    description: "Said before handing over; empty: the hand-off message.",
  },
} as const;

/**
 * The same schema without `default`s, for updates: the server's validator fills defaults in (ajv useDefaults), and a
 * partial update must change only what it names. The type stays the schema's own.
 */
export function withoutDefaults<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withoutDefaults) as T;
  if (!schema || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== "default")
      .map(([key, value]) => [key, withoutDefaults(value)]),
  ) as T;
}
