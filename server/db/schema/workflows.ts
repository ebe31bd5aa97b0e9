import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { WorkflowGraph } from "../../../contract/domain/workflow-graph";
import type { RunStatus, StepStatus, WorkflowStatus } from "../../../contract/domain/workflow-runs";
import type { TriggerKind } from "../../../contract/domain/workflow-nodes";
import { users } from "./accounts";
import { createdAt } from "./columns";

// Workflow automation: workflows (a draft graph and the published version), their numbered versions, runs and the
// steps of each run, the trigger events waiting to start runs, the record of side effects done (step keys), and the
// contact attributes (tags and fields) that workflows read and write.

const at = (name: string) => timestamp(name, { withTimezone: true });

export const workflows = pgTable(
  "workflows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** What the editor works on; publishing copies it into a new version. */
    draft: jsonb("draft").$type<WorkflowGraph>().notNull(),
    /** active: the published version starts runs; paused: published but off; draft: never published. */
    status: text("status").$type<WorkflowStatus>().notNull().default("draft"),
    publishedVersionId: uuid("published_version_id"),
    /** The published version's trigger kind: events are matched to workflows by it. */
    triggerKind: text("trigger_kind").$type<TriggerKind>(),
    /** The incoming-webhook trigger's secret (part of its URL; rotate with workflows.rotateSecret). */
    webhookSecret: text("webhook_secret").notNull(),
    /** Schedule trigger: the next time it fires. */
    nextFireAt: at("next_fire_at"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("workflows_owner_idx").on(t.ownerId, t.updatedAt),
    index("workflows_trigger_idx")
      .on(t.triggerKind, t.ownerId)
      .where(sql`${t.status} = 'active'`),
    index("workflows_schedule_idx")
      .on(t.nextFireAt)
      .where(sql`${t.status} = 'active' and ${t.triggerKind} = 'schedule'`),
    check("workflows_status_known", sql`${t.status} in ('draft','active','paused')`),
  ],
);

export const workflowVersions = pgTable(
  "workflow_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workflowId: uuid("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    graph: jsonb("graph").$type<WorkflowGraph>().notNull(),
    note: text("note").notNull().default(""),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("workflow_versions_number_idx").on(t.workflowId, t.number)],
);

/** Who a run talks to: a conversation's customer and business address. */
export interface RunContact {
  channel: string;
  address: string;
  number: string;
  conversationId?: string;
}

export const workflowRuns = pgTable(
  "workflow_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workflowId: uuid("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    /** The version the run started with; it keeps it whatever is published later. */
    versionId: uuid("version_id").references(() => workflowVersions.id, { onDelete: "cascade" }),
    /** A test run's graph (the draft as it was when tested); null for runs of a version. */
    testGraph: jsonb("test_graph").$type<WorkflowGraph>(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<RunStatus>().notNull().default("running"),
    triggerKind: text("trigger_kind").$type<TriggerKind>().notNull(),
    trigger: jsonb("trigger").$type<Record<string, unknown>>().notNull(),
    contact: jsonb("contact").$type<RunContact | null>(),
    /** Outputs of finished steps by step id: `{{steps.<id>.…}}`. */
    vars: jsonb("vars").$type<Record<string, unknown>>().notNull().default({}),
    stepCount: integer("step_count").notNull().default(0),
    /** A replay's original run; step keys are the key run's, so what it already did is not done again. */
    replayOf: uuid("replay_of"),
    keyRunId: uuid("key_run_id").notNull(),
    /**
     * What started it (an inbound message, a receipt's state): one event starts a workflow once, however often it is
     * seen.
     */
    dedupeKey: text("dedupe_key"),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: at("finished_at"),
  },
  (t) => [
    index("workflow_runs_workflow_idx").on(t.workflowId, t.createdAt),
    index("workflow_runs_owner_idx").on(t.ownerId, t.status),
    uniqueIndex("workflow_runs_dedupe_idx")
      .on(t.workflowId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    check("workflow_runs_status_known", sql`${t.status} in ('running','waiting','succeeded','failed','cancelled')`),
  ],
);

export const workflowSteps = pgTable(
  "workflow_steps",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    runId: uuid("run_id")
      .notNull()
      .references(() => workflowRuns.id, { onDelete: "cascade" }),
    ownerId: uuid("owner_id").notNull(),
    nodeId: text("node_id").notNull(),
    nodeType: text("node_type").notNull(),
    /** Order within the run (1 = the trigger). */
    seq: integer("seq").notNull(),
    status: text("status").$type<StepStatus>().notNull().default("queued"),
    /** When it is due (queued, waiting) or until when a worker holds it (running: the lease). */
    dueAt: at("due_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    input: jsonb("input").$type<Record<string, unknown>>(),
    output: jsonb("output").$type<Record<string, unknown>>(),
    /** The output handle it left by. */
    handle: text("handle"),
    error: text("error"),
    /** A waiting step's own memory (until when, a reply that came, the fallback chain's position). */
    state: jsonb("state").$type<Record<string, unknown>>().notNull().default({}),
    /** Wait-for-reply: `<owner>|<number>`, so an inbound message finds the steps it answers. */
    waitFor: text("wait_for"),
    queuedAt: createdAt(),
    startedAt: at("started_at"),
    finishedAt: at("finished_at"),
  },
  (t) => [
    index("workflow_steps_due_idx")
      .on(t.dueAt)
      .where(sql`${t.status} in ('queued','running','waiting')`),
    index("workflow_steps_run_idx").on(t.runId, t.seq),
    index("workflow_steps_wait_idx")
      .on(t.waitFor)
      .where(sql`${t.status} = 'waiting' and ${t.waitFor} is not null`),
    check(
      "workflow_steps_status_known",
      sql`${t.status} in ('queued','running','waiting','succeeded','failed','skipped')`,
    ),
  ],
);

/**
 * Something that may start runs (an inbound message, a campaign reply or receipt, an opt-out), written in the same
 * transaction as what caused it and turned into runs by the workflow-events job, so the inbox never waits for it.
 */
export const workflowEvents = pgTable(
  "workflow_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ownerId: uuid("owner_id").notNull(),
    kind: text("kind").$type<TriggerKind>().notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    dueAt: at("due_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("workflow_events_due_idx").on(t.dueAt)],
);

/**
 * Side effects already done, by step key: a retried or replayed step answers the stored output instead of acting again.
 */
export const workflowEffects = pgTable("workflow_effects", {
  key: text("key").primaryKey(),
  ownerId: uuid("owner_id").notNull(),
  output: jsonb("output").$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/** Tags and fields of a contact (a customer number of an account), set by workflows and read by their conditions. */
export const contactAttributes = pgTable(
  "contact_attributes",
  {
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fields: jsonb("fields").$type<Record<string, string>>().notNull().default({}),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.number] })],
);

export type WorkflowRow = typeof workflows.$inferSelect;
export type WorkflowRunRow = typeof workflowRuns.$inferSelect;
export type WorkflowStepRow = typeof workflowSteps.$inferSelect;
export const isTestRun = (run: Pick<WorkflowRunRow, "testGraph">): boolean => run.testGraph !== null;
