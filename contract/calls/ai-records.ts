import type { Static, TSchema } from "@sinclair/typebox";
import {
  AI_CHANNELS,
  AI_ENGINES,
  AI_OUTCOMES,
  AI_SCOPES,
  HANDOFF_REASONS,
  INTENT_ACTIONS,
  KNOWLEDGE_KINDS,
  type AiChannel,
  type AiEngine,
  type AiOutcome,
  type AiScope,
  type HandoffReason,
  type IntentAction,
  type KnowledgeKind,
} from "../domain/ai";
import { Type } from "./type";

// What the AI agent hub's calls answer (SPEC 3: agent configs, knowledge entries, business contexts, intent mappings).

const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: "string", enum: [...values] });
const DateTime = Type.String({ format: "date-time" });
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const AiChannelField = enumOf<AiChannel>(AI_CHANNELS);
export const IntentActionField = enumOf<IntentAction>(INTENT_ACTIONS);
export const AiOutcomeField = enumOf<AiOutcome>(AI_OUTCOMES);

export const BusinessHoursRecord = Type.Object({
  enabled: Type.Boolean(),
  timezone: Type.String(),
  days: Type.Array(Type.Integer()),
  start: Type.String(),
  end: Type.String(),
});

export const AgentHandoffRecord = Type.Object({
  confidenceThreshold: Type.Number(),
  keywords: Type.Array(Type.String()),
  message: Type.String(),
  businessHours: BusinessHoursRecord,
});

export const AiAgentRecord = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  enabled: Type.Boolean(),
  channels: Type.Array(AiChannelField),
  scope: enumOf<AiScope>(AI_SCOPES),
  scopeKeywords: Type.Array(Type.String()),
  scopeIntents: Type.Array(Type.String()),
  persona: Type.String(),
  handoff: AgentHandoffRecord,
  /** The marketplace template it was made from, if any. */
  template: nullable(Type.String()),
  stats: Type.Object({
    knowledge: Type.Integer(),
    passages: Type.Integer(),
    intents: Type.Integer(),
    answered: Type.Integer(),
    handedOff: Type.Integer(),
    lastAnswerAt: nullable(DateTime),
  }),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type AiAgentRecord = Static<typeof AiAgentRecord>;

export const AgentConfigRecord = Type.Object({
  _id: Type.String(),
  agentId: Type.String(),
  agentName: Type.String(),
  name: Type.String(),
  prompt: Type.String(),
  enhancedPrompt: nullable(Type.String()),
  useEnhanced: Type.Boolean(),
  model: nullable(Type.String()),
  temperature: Type.Number(),
  maxTokens: Type.Integer(),
  fallbackMessage: Type.String(),
  isDefault: Type.Boolean(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type AgentConfigRecord = Static<typeof AgentConfigRecord>;

export const ValidationIssue = Type.Object({
  field: Type.String(),
  level: enumOf<"error" | "warning">(["error", "warning"]),
  message: Type.String(),
});

export const ValidationResult = Type.Object({
  valid: Type.Boolean(),
  /** Share of the recommended fields filled in, 0-100. */
  completeness: Type.Integer(),
  issues: Type.Array(ValidationIssue),
});
export type ValidationResult = Static<typeof ValidationResult>;

export const EnhanceResult = Type.Object({
  originalPrompt: Type.String(),
  enhancedPrompt: Type.String(),
  /** What the rewrite changed, one line each. */
  changes: Type.Array(Type.String()),
  engine: enumOf<AiEngine>(AI_ENGINES),
  /** The configuration the enhanced prompt was stored on (its default), or null when none exists. */
  configId: nullable(Type.String()),
});

export const KnowledgeRecord = Type.Object({
  _id: Type.String(),
  agentId: nullable(Type.String()),
  agentName: nullable(Type.String()),
  title: Type.String(),
  kind: enumOf<KnowledgeKind>(KNOWLEDGE_KINDS),
  intent: nullable(Type.String()),
  /** An uploaded file's name, type and size. */
  sourceName: nullable(Type.String()),
  mimeType: nullable(Type.String()),
  size: nullable(Type.Integer()),
  passages: Type.Integer(),
  /** Passages with an embedding (hybrid search); 0 without an embeddings endpoint. */
  embedded: Type.Integer(),
  excerpt: Type.String(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type KnowledgeRecord = Static<typeof KnowledgeRecord>;

export const PassageRecord = Type.Object({
  _id: Type.String(),
  position: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
});

export const KnowledgeDetail = Type.Object({
  ...KnowledgeRecord.properties,
  content: Type.String(),
  faqs: Type.Array(Type.Object({ question: Type.String(), answer: Type.String() })),
  passageList: Type.Array(PassageRecord),
});

export const SearchHit = Type.Object({
  passageId: Type.String(),
  knowledgeId: Type.String(),
  agentId: nullable(Type.String()),
  title: Type.String(),
  content: Type.String(),
  intent: nullable(Type.String()),
  /** The rank's score: full-text (IDF-weighted ts_rank), or fused with the embedding's similarity. */
  score: Type.Number(),
  /** Share of the question's words the passage contains (0-1). */
  coverage: Type.Number(),
  vectorScore: nullable(Type.Number()),
});
export type SearchHit = Static<typeof SearchHit>;

export const BusinessContextRecord = Type.Object({
  _id: Type.String(),
  agentId: nullable(Type.String()),
  agentName: nullable(Type.String()),
  companyName: Type.String(),
  industry: Type.String(),
  description: Type.String(),
  website: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  hours: Type.String(),
  products: Type.Array(Type.String()),
  policies: Type.String(),
  tone: Type.String(),
  languages: Type.Array(Type.String()),
  completeness: Type.Integer(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type BusinessContextRecord = Static<typeof BusinessContextRecord>;

export const IntentRecord = Type.Object({
  _id: Type.String(),
  agentId: Type.String(),
  agentName: Type.String(),
  name: Type.String(),
  description: Type.String(),
  examples: Type.Array(Type.String()),
  action: IntentActionField,
  response: Type.String(),
  enabled: Type.Boolean(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type IntentRecord = Static<typeof IntentRecord>;

export const IntentScore = Type.Object({ intent: Type.String(), intentId: Type.String(), score: Type.Number() });

export const ClassificationRecord = Type.Object({
  intent: nullable(Type.String()),
  intentId: nullable(Type.String()),
  action: nullable(IntentActionField),
  confidence: Type.Number(),
  /** The agent's threshold: below it the agent would hand over. */
  threshold: Type.Number(),
  /** The three best intents with their scores, best first. */
  top: Type.Array(IntentScore),
  tookMs: Type.Number(),
});
export type ClassificationRecord = Static<typeof ClassificationRecord>;

export const AnswerSource = Type.Object({
  passageId: Type.String(),
  knowledgeId: Type.String(),
  title: Type.String(),
  content: Type.String(),
  score: Type.Number(),
});

/** What the agent would answer (the playground) and did answer (the log). */
export const AnswerRecord = Type.Object({
  outcome: AiOutcomeField,
  reply: Type.String(),
  intent: nullable(Type.String()),
  confidence: Type.Number(),
  top: Type.Array(IntentScore),
  sources: Type.Array(AnswerSource),
  handoffReason: nullable(enumOf<HandoffReason>(HANDOFF_REASONS)),
  engine: enumOf<AiEngine>(AI_ENGINES),
  tookMs: Type.Number(),
});
export type AnswerRecord = Static<typeof AnswerRecord>;

export const AnswerLogRecord = Type.Object({
  _id: Type.String(),
  agentId: nullable(Type.String()),
  agentName: Type.String(),
  conversationId: nullable(Type.String()),
  customerNumber: nullable(Type.String()),
  question: Type.String(),
  reply: Type.String(),
  intent: nullable(Type.String()),
  confidence: Type.Number(),
  sources: Type.Array(
    Type.Object({ passageId: Type.String(), knowledgeId: Type.String(), title: Type.String(), score: Type.Number() }),
  ),
  outcome: AiOutcomeField,
  reason: nullable(Type.String()),
  engine: enumOf<AiEngine>(AI_ENGINES),
  latencyMs: Type.Integer(),
  playground: Type.Boolean(),
  createdAt: DateTime,
});

export const MarketplaceTemplateRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  category: Type.String(),
  description: Type.String(),
  icon: Type.String(),
  channels: Type.Array(AiChannelField),
  intents: Type.Array(Type.String()),
  knowledge: Type.Array(Type.String()),
  sampleQuestions: Type.Array(Type.String()),
  /** Agents of the account already made from it. */
  installed: Type.Integer(),
});
export type MarketplaceTemplateRecord = Static<typeof MarketplaceTemplateRecord>;
