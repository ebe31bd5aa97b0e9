import { Type } from "./type";
import { AI_LIMITS, KNOWLEDGE_KINDS, KNOWLEDGE_SEARCH_LIMIT, type KnowledgeKind } from "../domain/ai";
import { ALL } from "./access";
import {
  AgentConfigRecord,
  AiAgentRecord,
  AiChannelField,
  AiOutcomeField,
  AnswerLogRecord,
  AnswerRecord,
  BusinessContextRecord,
  ClassificationRecord,
  EnhanceResult,
  IntentActionField,
  IntentRecord,
  KnowledgeDetail,
  KnowledgeRecord,
  MarketplaceTemplateRecord,
  SearchHit,
  ValidationResult,
} from "./ai-records";
import { PAGE_DEFAULTS, PageQuery } from "./pagination";
import { Paged } from "./records";
import { Confirmation, ID, replies } from "./replies";
import type { CallDef } from "./types";

const FLOW = "/api/flow/v1";
const AI = ALL;
const text = (maxLength = 200) => Type.Optional(Type.String({ maxLength }));
const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
const counts = (keys: readonly string[]) => Type.Object(Object.fromEntries(keys.map((k) => [k, Type.Integer()])));
const Saved = <T extends Parameters<typeof Type.Array>[0]>(record: T) => ok({ message: Type.String(), data: record });
const AGENT_FILTER = { agentId: text(64) };

/**
 * SPEC 7 "AI agents" (base /api/flow/v1; the sub-resources share it, our choice where SPEC is silent). Records belong
 * to the caller's workspace (its own account, or for a live agent its owner's) and answer 404 to anyone else; SPEC 6
 * lets any signed-in account call business-context, and the same tenancy holds there.
 *
 * Ours besides SPEC: `ai.agents.playground` (ask an agent without a conversation: what it would answer, with the
 * intent and passages it used), `ai.agents.answers` (the log of every AI answer with intent, confidence and sources),
 * and the marketplace (`ai.marketplace.list`, `ai.marketplace.install`: ready-made agents made in one click).
 */
export const AI_AGENT_CALLS = {
  "ai.agents.create": {
    method: "POST",
    path: `${FLOW}/agents`,
    access: AI,
    bodySchema: "ai-agent",
    response: replies({ 201: Saved(AiAgentRecord) }),
    summary: "Create an AI agent: channels, the conversations it takes, persona and hand-off rule",
  },
  "ai.agents.list": {
    method: "GET",
    path: `${FLOW}/agents`,
    access: AI,
    query: Type.Object({
      ...PageQuery.properties,
      search: text(100),
      channel: Type.Optional(AiChannelField),
      enabled: Type.Optional(Type.Unsafe<"true" | "false">({ type: "string", enum: ["true", "false"] })),
    }),
    response: replies({
      200: ok({
        data: Type.Object({ agents: Type.Array(AiAgentRecord), count: Type.Integer() }),
        pagination: Type.Object({
          page: Type.Integer(),
          limit: Type.Integer(),
          total: Type.Integer(),
          totalPages: Type.Integer(),
        }),
      }),
    }),
    summary:
      "The account's AI agents with their knowledge, intents and answer counts (SPEC 3: data.agents, data.count, pagination)",
  },
  "ai.agents.get": {
    method: "GET",
    path: `${FLOW}/agents/:id`,
    access: AI,
    params: ID,
    response: replies({ 200: ok({ data: AiAgentRecord }) }),
    summary: "One AI agent",
  },
  "ai.agents.update": {
    method: "PUT",
    path: `${FLOW}/agents/:id`,
    access: AI,
    params: ID,
    bodySchema: "ai-agent-update",
    response: replies({ 200: Saved(AiAgentRecord) }),
    summary: "Change an agent; only the fields sent change",
  },
  "ai.agents.delete": {
    method: "DELETE",
    path: `${FLOW}/agents/:id`,
    access: AI,
    params: ID,
    response: replies({ 200: Confirmation }),
    summary:
      "Delete an agent with its configurations, intents and its own knowledge; its conversations go back to the team",
  },
  "ai.agents.playground": {
    method: "POST",
    path: `${FLOW}/agents/:id/playground`,
    access: AI,
    params: ID,
    bodySchema: "ai-playground",
    response: replies({ 200: ok({ data: AnswerRecord }) }),
    summary: "Ask the agent as a tester: its answer with the intent, confidence and passages it used (nothing is sent)",
  },
  "ai.agents.answers": {
    method: "GET",
    path: `${FLOW}/agents/:id/answers`,
    access: AI,
    params: ID,
    query: Type.Object({ ...PageQuery.properties, outcome: Type.Optional(AiOutcomeField) }),
    response: replies({ 200: Paged(AnswerLogRecord) }),
    summary: "Every answer of the agent, newest first, with intent, confidence and sources",
  },

  "ai.agentConfigs.stats": {
    method: "GET",
    path: `${FLOW}/agent-configs/stats`,
    access: AI,
    response: replies({
      200: ok({
        data: Type.Object({
          total: Type.Integer(),
          agents: Type.Integer(),
          defaults: Type.Integer(),
          enhanced: Type.Integer(),
          usingEnhanced: Type.Integer(),
        }),
      }),
    }),
    summary: "How many configurations, agents with one, defaults and enhanced prompts",
  },
  "ai.agentConfigs.list": {
    method: "GET",
    path: `${FLOW}/agent-configs`,
    access: AI,
    query: Type.Object({ ...PageQuery.properties, ...AGENT_FILTER }),
    response: replies({ 200: Paged(AgentConfigRecord) }),
    summary: "Agent configurations, the default of each agent first",
  },
  "ai.agentConfigs.enhancePrompt": {
    method: "POST",
    path: `${FLOW}/agent-configs/agent/:id/enhance-prompt`,
    access: AI,
    params: ID,
    bodySchema: "ai-enhance-prompt",
    response: replies({
      200: ok({ data: EnhanceResult, enhancedPrompt: Type.String(), originalPrompt: Type.String() }),
    }),
    summary:
      "A better system prompt for the agent (the model when LLM_URL is set, otherwise a rule-based rewrite that lists its changes); kept on the default configuration",
  },
  "ai.agentConfigs.setDefault": {
    method: "POST",
    path: `${FLOW}/agent-configs/agent/:id/default`,
    access: AI,
    params: ID,
    bodySchema: "ai-config-default",
    response: replies({ 200: Saved(AgentConfigRecord) }),
    summary: "Make one of the agent's configurations its default",
  },
  "ai.agentConfigs.createForAgent": {
    method: "POST",
    path: `${FLOW}/agent-configs/agent/:id`,
    access: AI,
    params: ID,
    bodySchema: "ai-agent-config",
    response: replies({ 201: Saved(AgentConfigRecord) }),
    summary: "Add a configuration to an agent (its first becomes the default)",
  },
  "ai.agentConfigs.updateForAgent": {
    method: "PUT",
    path: `${FLOW}/agent-configs/agent/:id`,
    access: AI,
    params: ID,
    bodySchema: "ai-agent-config-update",
    response: replies({ 200: Saved(AgentConfigRecord) }),
    summary: "Change the agent's default configuration",
  },
  "ai.agentConfigs.deleteForAgent": {
    method: "DELETE",
    path: `${FLOW}/agent-configs/agent/:id`,
    access: AI,
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Delete every configuration of the agent",
  },
  "ai.agentConfigs.validate": {
    method: "GET",
    path: `${FLOW}/agent-configs/:id/validate`,
    access: AI,
    params: ID,
    response: replies({ 200: ok({ data: ValidationResult }) }),
    summary: "What the configuration misses or contradicts (with its agent's rules)",
  },
  "ai.agentConfigs.get": {
    method: "GET",
    path: `${FLOW}/agent-configs/:id`,
    access: AI,
    params: ID,
    response: replies({ 200: ok({ data: AgentConfigRecord }) }),
    summary: "One configuration",
  },
  "ai.agentConfigs.update": {
    method: "PUT",
    path: `${FLOW}/agent-configs/:id`,
    access: AI,
    params: ID,
    bodySchema: "ai-agent-config-update",
    response: replies({ 200: Saved(AgentConfigRecord) }),
    summary: "Change a configuration",
  },
  "ai.agentConfigs.delete": {
    method: "DELETE",
    path: `${FLOW}/agent-configs/:id`,
    access: AI,
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Delete a configuration (another becomes the default)",
  },

  "ai.knowledge.create": {
    method: "POST",
    path: `${FLOW}/knowledge`,
    access: AI,
    bodySchema: "ai-knowledge",
    multipart: true,
    response: replies({ 201: Saved(KnowledgeRecord) }),
    summary:
      "Add knowledge: text or FAQ pairs (JSON), or a PDF, DOCX, TXT or CSV file (multipart, part `file`), split into passages",
  },
  "ai.knowledge.list": {
    method: "GET",
    path: `${FLOW}/knowledge`,
    access: AI,
    query: Type.Object({
      ...PageQuery.properties,
      ...AGENT_FILTER,
      kind: Type.Optional(Type.Unsafe<KnowledgeKind>({ type: "string", enum: [...KNOWLEDGE_KINDS] })),
      q: text(100),
    }),
    response: replies({ 200: Paged(KnowledgeRecord) }),
    summary: "Knowledge entries, newest first",
  },
  "ai.knowledge.stats": {
    method: "GET",
    path: `${FLOW}/knowledge/stats`,
    access: AI,
    response: replies({
      200: ok({
        data: Type.Object({
          entries: Type.Integer(),
          passages: Type.Integer(),
          embedded: Type.Integer(),
          byKind: counts(KNOWLEDGE_KINDS),
          hybrid: Type.Boolean(),
        }),
      }),
    }),
    summary: "Entries and passages by kind, and whether search is hybrid (an embeddings endpoint is configured)",
  },
  "ai.knowledge.search": {
    method: "GET",
    path: `${FLOW}/knowledge/search`,
    access: AI,
    queryDefaults: { limit: KNOWLEDGE_SEARCH_LIMIT },
    query: Type.Object({
      query: Type.String({ minLength: 1, maxLength: 1000 }),
      agentId: text(64),
      intent: text(60),
      limit: Type.Integer({ minimum: 1, maximum: AI_LIMITS.searchLimitMax, default: KNOWLEDGE_SEARCH_LIMIT }),
    }),
    response: replies({
      200: ok({
        data: Type.Array(SearchHit),
        mode: Type.Unsafe<"full-text" | "hybrid">({ type: "string", enum: ["full-text", "hybrid"] }),
        tookMs: Type.Number(),
      }),
    }),
    summary: "Passages ranked for a question by PostgreSQL full-text search (hybrid with embeddings when configured)",
  },
  "ai.knowledge.get": {
    method: "GET",
    path: `${FLOW}/knowledge/:id`,
    access: AI,
    params: ID,
    response: replies({ 200: ok({ data: KnowledgeDetail }) }),
    summary: "One entry with its passages",
  },
  "ai.knowledge.update": {
    method: "PUT",
    path: `${FLOW}/knowledge/:id`,
    access: AI,
    params: ID,
    bodySchema: "ai-knowledge-update",
    response: replies({ 200: Saved(KnowledgeRecord) }),
    summary: "Change an entry; new text or FAQ pairs replace its passages",
  },
  "ai.knowledge.delete": {
    method: "DELETE",
    path: `${FLOW}/knowledge/:id`,
    access: AI,
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Delete an entry and its passages",
  },

  "ai.businessContext.create": {
    method: "POST",
    path: `${FLOW}/business-context`,
    access: "signed-in",
    bodySchema: "ai-business-context",
    response: replies({ 201: Saved(BusinessContextRecord) }),
    summary: "Describe the business (one context per agent, or the account's)",
  },
  "ai.businessContext.list": {
    method: "GET",
    path: `${FLOW}/business-context`,
    access: "signed-in",
    query: PageQuery,
    response: replies({ 200: Paged(BusinessContextRecord) }),
    summary: "The account's business contexts",
  },
  "ai.businessContext.stats": {
    method: "GET",
    path: `${FLOW}/business-context/stats`,
    access: "signed-in",
    response: replies({
      200: ok({
        data: Type.Object({
          total: Type.Integer(),
          linkedAgents: Type.Integer(),
          averageCompleteness: Type.Integer(),
          industries: Type.Array(Type.Object({ industry: Type.String(), count: Type.Integer() })),
        }),
      }),
    }),
    summary: "Contexts, agents linked, completeness and industries",
  },
  "ai.businessContext.summary": {
    method: "GET",
    path: `${FLOW}/business-context/summary`,
    access: "signed-in",
    response: replies({
      200: ok({
        data: Type.Array(
          Type.Object({
            _id: Type.String(),
            companyName: Type.String(),
            industry: Type.String(),
            agentName: Type.Union([Type.String(), Type.Null()]),
            completeness: Type.Integer(),
            summary: Type.String(),
          }),
        ),
      }),
    }),
    summary: "Each context as the paragraph an agent is given",
  },
  "ai.businessContext.search": {
    method: "GET",
    path: `${FLOW}/business-context/search`,
    access: "signed-in",
    queryDefaults: PAGE_DEFAULTS,
    query: Type.Object({ query: text(), industry: text(), companyName: text(), ...PageQuery.properties }),
    response: replies({ 200: Paged(BusinessContextRecord) }),
    summary: "Contexts by words, industry and company name",
  },
  "ai.businessContext.getForAgent": {
    method: "GET",
    path: `${FLOW}/business-context/agent/:id`,
    access: "signed-in",
    params: ID,
    response: replies({ 200: ok({ data: Type.Union([BusinessContextRecord, Type.Null()]) }) }),
    summary: "The agent's context (null when it has none yet)",
  },
  "ai.businessContext.updateForAgent": {
    method: "PUT",
    path: `${FLOW}/business-context/agent/:id`,
    access: "signed-in",
    params: ID,
    bodySchema: "ai-business-context-update",
    response: replies({ 200: Saved(BusinessContextRecord) }),
    summary: "Write the agent's context (created when it has none; then company name and industry are required)",
  },
  "ai.businessContext.validate": {
    method: "GET",
    path: `${FLOW}/business-context/:id/validate`,
    access: "signed-in",
    params: ID,
    response: replies({ 200: ok({ data: ValidationResult }) }),
    summary: "What the context misses or contradicts",
  },
  "ai.businessContext.get": {
    method: "GET",
    path: `${FLOW}/business-context/:id`,
    access: "signed-in",
    params: ID,
    response: replies({ 200: ok({ data: BusinessContextRecord }) }),
    summary: "One context",
  },
  "ai.businessContext.update": {
    method: "PUT",
    path: `${FLOW}/business-context/:id`,
    access: "signed-in",
    params: ID,
    bodySchema: "ai-business-context-update",
    response: replies({ 200: Saved(BusinessContextRecord) }),
    summary: "Change a context",
  },
  "ai.businessContext.delete": {
    method: "DELETE",
    path: `${FLOW}/business-context/:id`,
    access: "signed-in",
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Delete a context",
  },

  "ai.intents.create": {
    method: "POST",
    path: `${FLOW}/intent-mappings`,
    access: AI,
    bodySchema: "ai-intent",
    response: replies({ 201: Saved(IntentRecord) }),
    summary: "Add an intent with example phrases and its action; the agent's classifier retrains",
  },
  "ai.intents.list": {
    method: "GET",
    path: `${FLOW}/intent-mappings`,
    access: AI,
    query: Type.Object({ ...PageQuery.properties, ...AGENT_FILTER, action: Type.Optional(IntentActionField) }),
    response: replies({ 200: Paged(IntentRecord) }),
    summary: "Intents, by agent and name",
  },
  "ai.intents.stats": {
    method: "GET",
    path: `${FLOW}/intent-mappings/stats`,
    access: AI,
    response: replies({
      200: ok({
        data: Type.Object({
          total: Type.Integer(),
          enabled: Type.Integer(),
          examples: Type.Integer(),
          agents: Type.Integer(),
          byAction: counts(["knowledge", "template", "handoff", "workflow"]),
        }),
      }),
    }),
    summary: "Intents, examples and actions",
  },
  "ai.intents.testClassification": {
    method: "POST",
    path: `${FLOW}/intent-mappings/test-classification`,
    access: AI,
    bodySchema: "ai-intent-test",
    response: replies({ 200: ok({ data: ClassificationRecord }) }),
    summary: "Classify a sentence with the agent's intents: the intent, confidence and the top three with scores",
  },
  "ai.intents.bulk": {
    method: "POST",
    path: `${FLOW}/intent-mappings/bulk`,
    access: AI,
    bodySchema: "ai-intent-bulk",
    response: replies({
      201: ok({
        message: Type.String(),
        data: Type.Array(IntentRecord),
        created: Type.Integer(),
        updated: Type.Integer(),
      }),
    }),
    summary: "Add many intents of one agent at once (one of the same name is replaced); all or nothing",
  },
  "ai.intents.get": {
    method: "GET",
    path: `${FLOW}/intent-mappings/:id`,
    access: AI,
    params: ID,
    response: replies({ 200: ok({ data: IntentRecord }) }),
    summary: "One intent",
  },
  "ai.intents.update": {
    method: "PUT",
    path: `${FLOW}/intent-mappings/:id`,
    access: AI,
    params: ID,
    bodySchema: "ai-intent-update",
    response: replies({ 200: Saved(IntentRecord) }),
    summary: "Change an intent; the agent's classifier retrains",
  },
  "ai.intents.delete": {
    method: "DELETE",
    path: `${FLOW}/intent-mappings/:id`,
    access: AI,
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Delete an intent",
  },

  "ai.marketplace.list": {
    method: "GET",
    path: `${FLOW}/marketplace`,
    access: AI,
    response: replies({ 200: ok({ data: Type.Array(MarketplaceTemplateRecord) }) }),
    summary: "Ready-made agents: order status, appointment booking, FAQ, lead qualification",
  },
  "ai.marketplace.install": {
    method: "POST",
    path: `${FLOW}/marketplace/:id/install`,
    access: AI,
    params: ID,
    bodySchema: "ai-marketplace-install",
    response: replies({ 201: Saved(AiAgentRecord) }),
    summary:
      "Make an agent from a template in one step: its intents, sample knowledge, configuration and business context",
  },
} as const satisfies Record<string, CallDef>;
