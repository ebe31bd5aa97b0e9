import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { WeekHours } from "../../../contract/domain/business-hours";
import type { ChatChannel } from "../../../contract/domain/chats";
import { CSAT_QUESTION_DEFAULT } from "../../../contract/domain/csat";
import { users } from "./accounts";
import { conversations, liveAgents } from "./chats";
import { createdAt } from "./columns";
import { smsTemplates } from "./sms";

// Fair assignment (issue 40 item 4): an account's auto-assignment setting and each conversation's activity log.

/**
 * Per account (the inbox's owner): whether new conversations are assigned automatically, round robin among online
 * agents under `agent_capacity` open conversations each; an agent offline longer than `offline_grace_minutes` has
 * its open conversations handed on. `last_agent_id` is the round robin's place: the row is locked while one
 * assignment is decided, so two conversations arriving together (in any process) are assigned one after the other.
 */
export const inboxSettings = pgTable(
  "inbox_settings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    autoAssign: boolean("auto_assign").notNull().default(false),
    agentCapacity: integer("agent_capacity").notNull().default(5),
    offlineGraceMinutes: integer("offline_grace_minutes").notNull().default(10),
    lastAgentId: uuid("last_agent_id").references(() => liveAgents.id, { onDelete: "set null" }),
    /**
     * SLAs (issue 40 item 5): targets in working minutes (null: no clock), counted over the week's hours (null: every
     * hour) in the zone, holidays (local dates) excepted. contract/domain/business-hours.ts does the counting.
     */
    timeZone: text("time_zone").notNull().default("Asia/Kolkata"),
    businessHours: jsonb("business_hours").$type<WeekHours>(),
    holidays: text("holidays")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    firstResponseMinutes: integer("first_response_minutes"),
    resolutionMinutes: integer("resolution_minutes"),
    /**
     * CSAT (issue 40 item 6): a survey on resolve when on; outside WhatsApp's window only the approved template named
     * here, and on a DLT SMS route only the registered DLT template named here (contract/domain/csat.ts decides).
     */
    csatEnabled: boolean("csat_enabled").notNull().default(false),
    csatQuestion: text("csat_question").notNull().default(CSAT_QUESTION_DEFAULT),
    csatWhatsappTemplate: text("csat_whatsapp_template"),
    csatSmsDltTemplateId: text("csat_sms_dlt_template_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("inbox_settings_capacity", sql`${t.agentCapacity} between 1 and 500`),
    check("inbox_settings_grace", sql`${t.offlineGraceMinutes} between 1 and 1440`),
    check("inbox_settings_sla_first", sql`${t.firstResponseMinutes} between 1 and 525600`),
    check("inbox_settings_sla_resolution", sql`${t.resolutionMinutes} between 1 and 525600`),
  ],
);

/**
 * What happened to a conversation besides its messages: each assignment change, who made it (auto, the owner, an
 * agent, or the offline hand-over) and to whom. Shown in the thread as system lines.
 */
export const conversationEvents = pgTable(
  "conversation_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** The agent it went to (null: back to the team) and the one it left. */
    agentId: uuid("agent_id").references(() => liveAgents.id, { onDelete: "set null" }),
    fromAgentId: uuid("from_agent_id").references(() => liveAgents.id, { onDelete: "set null" }),
    actor: text("actor").notNull(),
    actorName: text("actor_name").notNull().default(""),
    /** What a line says besides its kind: why a survey was not sent, the score an answer gave. */
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("conversation_events_conversation_idx").on(t.conversationId, t.id),
    check(
      "conversation_events_kind_known",
      sql`${t.kind} in ('assigned','unassigned','sla_first_breached','sla_resolution_breached','csat_sent','csat_not_sent','csat_answered')`,
    ),
    check(
      "conversation_events_actor_known",
      sql`${t.actor} in ('auto','owner','agent','offline','sla','csat','customer')`,
    ),
  ],
);

/**
 * Canned responses (issue 40 item 2), per account: the contacts owner's, so a manager's users and agents share them.
 * `sms_template_id` ties one to a registered DLT template (sent as that template on a DLT route); deleting the
 * template unties it, and the response is then no longer offered there.
 */
export const cannedResponses = pgTable(
  "canned_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    channel: text("channel").$type<ChatChannel>(),
    smsTemplateId: uuid("sms_template_id").references(() => smsTemplates.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("canned_responses_user_code_idx").on(t.userId, t.code),
    check("canned_responses_code", sql`${t.code} ~ '^[a-z0-9_-]{1,32}$'`),
  ],
);

/**
 * A CSAT survey sent on resolve (issue 40 item 6): for the conversation and the agent who had it then (null: the
 * team). The answer (1-5) is stored once, within CSAT_ANSWER_HOURS of `sent_at`; a later one is an ordinary message.
 */
export const csatSurveys = pgTable(
  "csat_surveys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** The account (the inbox's owner): figures are read per account. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id").references(() => liveAgents.id, { onDelete: "set null" }),
    channel: text("channel").$type<ChatChannel>().notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    answer: integer("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    index("csat_surveys_conversation_idx").on(t.conversationId, t.sentAt),
    index("csat_surveys_user_answered_idx").on(t.userId, t.answeredAt),
    // Team Reports read an account's surveys by the day they were sent.
    index("csat_surveys_user_sent_idx").on(t.userId, t.sentAt),
    check("csat_surveys_answer", sql`${t.answer} between 1 and 5`),
  ],
);
