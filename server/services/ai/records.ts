import type {
  AgentConfigRecord,
  AiAgentRecord,
  BusinessContextRecord,
  IntentRecord,
  KnowledgeRecord,
} from "../../../contract/calls/ai-records";
import type { aiAgentConfigs, aiAgents, aiBusinessContexts, aiIntents, aiKnowledge } from "../../db/schema";

// One mapping from rows to what the AI calls answer.

export type AgentRow = typeof aiAgents.$inferSelect;
export type ConfigRow = typeof aiAgentConfigs.$inferSelect;
export type KnowledgeRow = typeof aiKnowledge.$inferSelect;
export type ContextRow = typeof aiBusinessContexts.$inferSelect;
export type IntentRow = typeof aiIntents.$inferSelect;

export interface AgentStats {
  knowledge: number;
  passages: number;
  intents: number;
  answered: number;
  handedOff: number;
  lastAnswerAt: string | null;
}

export const NO_STATS: AgentStats = {
  knowledge: 0,
  passages: 0,
  intents: 0,
  answered: 0,
  handedOff: 0,
  lastAnswerAt: null,
};

const iso = (d: Date | string) => new Date(d).toISOString();

export function toAgentRecord(row: AgentRow, stats: AgentStats = NO_STATS): AiAgentRecord {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    channels: row.channels,
    scope: row.scope,
    scopeKeywords: row.scopeKeywords,
    scopeIntents: row.scopeIntents,
    persona: row.persona,
    handoff: row.handoff,
    template: row.template,
    stats,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toConfigRecord(row: ConfigRow, agentName: string): AgentConfigRecord {
  return {
    _id: row.id,
    agentId: row.agentId,
    agentName,
    name: row.name,
    prompt: row.prompt,
    enhancedPrompt: row.enhancedPrompt,
    useEnhanced: row.useEnhanced,
    model: row.model,
    temperature: Math.round(row.temperature * 100) / 100,
    maxTokens: row.maxTokens,
    fallbackMessage: row.fallbackMessage,
    isDefault: row.isDefault,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** The prompt an agent's configuration actually uses. */
export const effectivePrompt = (row: Pick<ConfigRow, "prompt" | "enhancedPrompt" | "useEnhanced">) =>
  row.useEnhanced && row.enhancedPrompt ? row.enhancedPrompt : row.prompt;

export function toKnowledgeRecord(
  row: KnowledgeRow,
  agentName: string | null,
  counts: { passages: number; embedded: number },
): KnowledgeRecord {
  const first =
    row.kind === "faq" || (row.kind === "file" && !row.content)
      ? row.faqs.map((f) => f.question).join(" · ")
      : row.content;
  return {
    _id: row.id,
    agentId: row.agentId,
    agentName,
    title: row.title,
    kind: row.kind,
    intent: row.intent,
    sourceName: row.sourceName,
    mimeType: row.mimeType,
    size: row.size,
    passages: counts.passages,
    embedded: counts.embedded,
    excerpt: first.replace(/\s+/g, " ").trim().slice(0, 200),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toContextRecord(
  row: ContextRow,
  agentName: string | null,
  completeness: number,
): BusinessContextRecord {
  return {
    _id: row.id,
    agentId: row.agentId,
    agentName,
    companyName: row.companyName,
    industry: row.industry,
    description: row.description,
    website: row.website,
    email: row.email,
    phone: row.phone,
    address: row.address,
    hours: row.hours,
    products: row.products,
    policies: row.policies,
    tone: row.tone,
    languages: row.languages,
    completeness,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toIntentRecord(row: IntentRow, agentName: string): IntentRecord {
  return {
    _id: row.id,
    agentId: row.agentId,
    agentName,
    name: row.name,
    description: row.description,
    examples: row.examples,
    action: row.action,
    response: row.response,
    enabled: row.enabled,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
