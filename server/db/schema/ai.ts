import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type {
  AgentHandoff,
  AiChannel,
  AiEngine,
  AiOutcome,
  AiScope,
  IntentAction,
  KnowledgeKind,
} from "../../../contract/domain/ai";
import { users } from "./accounts";
import { chatMessages, conversations } from "./chats";
import { createdAt } from "./columns";

// The AI agent hub: agents, their configurations, knowledge (entries split into passages), business contexts,
// intents, which conversations an agent holds, the answers it gave, and the durable queue of answers to give.
// Every row carries the account (user_id) it belongs to: the workspace owner, whose conversations the agents answer.

const at = (name: string) => timestamp(name, { withTimezone: true });
const updatedAt = () => at("updated_at").notNull().defaultNow();
const owner = () =>
  uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** PostgreSQL's full-text document type (PGlite has it too); drizzle has no builder for it. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const aiAgents = pgTable(
  "ai_agents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    channels: jsonb("channels").$type<AiChannel[]>().notNull(),
    scope: text("scope").$type<AiScope>().notNull().default("unassigned"),
    scopeKeywords: jsonb("scope_keywords").$type<string[]>().notNull().default([]),
    scopeIntents: jsonb("scope_intents").$type<string[]>().notNull().default([]),
    persona: text("persona").notNull().default(""),
    handoff: jsonb("handoff").$type<AgentHandoff>().notNull(),
    /** The marketplace template it was made from. */
    template: text("template"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("ai_agents_owner_name_idx").on(t.userId, t.name),
    check("ai_agents_scope_known", sql`${t.scope} in ('all','unassigned','keyword','intent')`),
  ],
);

export const aiAgentConfigs = pgTable(
  "ai_agent_configs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => aiAgents.id, { onDelete: "cascade" }),
    name: text("name").notNull().default("Default"),
    prompt: text("prompt").notNull().default(""),
    enhancedPrompt: text("enhanced_prompt"),
    useEnhanced: boolean("use_enhanced").notNull().default(false),
    model: text("model"),
    temperature: real("temperature").notNull().default(0.3),
    maxTokens: integer("max_tokens").notNull().default(300),
    fallbackMessage: text("fallback_message").notNull().default(""),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("ai_agent_configs_agent_idx").on(t.agentId),
    index("ai_agent_configs_owner_idx").on(t.userId, t.createdAt),
    // One default per agent, held by the database, so two requests cannot both make one.
    uniqueIndex("ai_agent_configs_default_idx")
      .on(t.agentId)
      .where(sql`${t.isDefault}`),
  ],
);

export interface FaqPair {
  question: string;
  answer: string;
}

/** A knowledge entry: a text, a set of FAQ pairs or an uploaded file, split into passages. */
export const aiKnowledge = pgTable(
  "ai_knowledge",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    /** Null: every agent of the account may use it. */
    agentId: uuid("agent_id").references(() => aiAgents.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    kind: text("kind").$type<KnowledgeKind>().notNull(),
    intent: text("intent"),
    /** The text as given (text kind) or extracted from the file (file kind). */
    content: text("content").notNull().default(""),
    faqs: jsonb("faqs").$type<FaqPair[]>().notNull().default([]),
    sourceName: text("source_name"),
    mimeType: text("mime_type"),
    size: integer("size"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("ai_knowledge_owner_idx").on(t.userId, t.createdAt),
    check("ai_knowledge_kind_known", sql`${t.kind} in ('text','faq','file')`),
  ],
);

/**
 * What search ranks and answers quote. `tsv` is the full-text document (title weighted A, content B), kept by
 * PostgreSQL itself; `embedding` is a real[] (PGlite 0.5 and Debian's PostgreSQL 15 have no pgvector), filled by the
 * embeddings job when an endpoint is configured (`embed_after` is when it is due, null once done or when none is).
 */
export const aiPassages = pgTable(
  "ai_passages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    knowledgeId: uuid("knowledge_id")
      .notNull()
      .references(() => aiKnowledge.id, { onDelete: "cascade" }),
    userId: owner(),
    agentId: uuid("agent_id").references(() => aiAgents.id, { onDelete: "cascade" }),
    intent: text("intent"),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    tsv: tsvector("tsv")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')`,
      ),
    embedding: real("embedding").array(),
    embedAfter: at("embed_after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("ai_passages_tsv_idx").using("gin", t.tsv),
    index("ai_passages_owner_idx").on(t.userId, t.agentId),
    index("ai_passages_knowledge_idx").on(t.knowledgeId, t.position),
    index("ai_passages_embed_idx")
      .on(t.embedAfter)
      .where(sql`${t.embedAfter} is not null`),
  ],
);

export const aiBusinessContexts = pgTable(
  "ai_business_contexts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    /** Null: the account's context, used by agents without one of their own. */
    agentId: uuid("agent_id").references(() => aiAgents.id, { onDelete: "set null" }),
    companyName: text("company_name").notNull(),
    industry: text("industry").notNull(),
    description: text("description").notNull().default(""),
    website: text("website").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    address: text("address").notNull().default(""),
    hours: text("hours").notNull().default(""),
    products: jsonb("products").$type<string[]>().notNull().default([]),
    policies: text("policies").notNull().default(""),
    tone: text("tone").notNull().default(""),
    languages: jsonb("languages").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("ai_business_contexts_owner_idx").on(t.userId, t.createdAt),
    uniqueIndex("ai_business_contexts_agent_idx")
      .on(t.agentId)
      .where(sql`${t.agentId} is not null`),
  ],
);

export const aiIntents = pgTable(
  "ai_intents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => aiAgents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    examples: jsonb("examples").$type<string[]>().notNull(),
    action: text("action").$type<IntentAction>().notNull().default("knowledge"),
    response: text("response").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("ai_intents_agent_name_idx").on(t.agentId, t.name),
    index("ai_intents_owner_idx").on(t.userId),
    check("ai_intents_action_known", sql`${t.action} in ('knowledge','template','handoff','workflow')`),
  ],
);

/** Which agent holds a conversation: `active` while it answers, `handed_off` once people have it. */
export const aiConversations = pgTable(
  "ai_conversations",
  {
    conversationId: uuid("conversation_id")
      .primaryKey()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: owner(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => aiAgents.id, { onDelete: "cascade" }),
    state: text("state").$type<"active" | "handed_off">().notNull().default("active"),
    reason: text("reason"),
    handedOffAt: at("handed_off_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("ai_conversations_agent_idx").on(t.agentId),
    check("ai_conversations_state_known", sql`${t.state} in ('active','handed_off')`),
  ],
);

export interface AnswerSourceRow {
  passageId: string;
  knowledgeId: string;
  title: string;
  score: number;
}

/** Every AI answer (and hand-over), with what it was based on; playground answers too, marked. */
export const aiAnswers = pgTable(
  "ai_answers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: owner(),
    agentId: uuid("agent_id").references(() => aiAgents.id, { onDelete: "set null" }),
    agentName: text("agent_name").notNull(),
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    /** The customer's message answered: at most one answer each, however often its job runs. */
    messageId: bigint("message_id", { mode: "number" }),
    question: text("question").notNull(),
    reply: text("reply").notNull().default(""),
    intent: text("intent"),
    confidence: real("confidence").notNull().default(0),
    sources: jsonb("sources").$type<AnswerSourceRow[]>().notNull().default([]),
    outcome: text("outcome").$type<AiOutcome>().notNull(),
    reason: text("reason"),
    engine: text("engine").$type<AiEngine>().notNull().default("rules"),
    latencyMs: integer("latency_ms").notNull().default(0),
    playground: boolean("playground").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("ai_answers_agent_idx").on(t.agentId, t.id),
    index("ai_answers_owner_idx").on(t.userId, t.id),
    uniqueIndex("ai_answers_message_idx")
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
  ],
);

/**
 * Customer messages waiting for an AI answer: written with the message (same transaction), claimed by the ai-replies
 * job (FOR UPDATE SKIP LOCKED, `due_at` as the lease), deleted once answered. A restart loses none.
 */
export const aiReplyJobs = pgTable(
  "ai_reply_jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: owner(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    dueAt: at("due_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("ai_reply_jobs_message_idx").on(t.messageId), index("ai_reply_jobs_due_idx").on(t.dueAt)],
);
