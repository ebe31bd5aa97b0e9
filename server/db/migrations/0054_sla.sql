ALTER TABLE "conversation_events" DROP CONSTRAINT "conversation_events_kind_known";--> statement-breakpoint
ALTER TABLE "conversation_events" DROP CONSTRAINT "conversation_events_actor_known";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "sla_first_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "sla_first_due" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "sla_first_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "sla_first_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "sla_first_breached" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "sla_resolve_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "sla_resolve_due" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "sla_resolve_breached" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD COLUMN "time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD COLUMN "business_hours" jsonb;--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD COLUMN "holidays" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD COLUMN "first_response_minutes" integer;--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD COLUMN "resolution_minutes" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_sla_first_agent_id_live_agents_id_fk" FOREIGN KEY ("sla_first_agent_id") REFERENCES "public"."live_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_sla_breached_idx" ON "conversations" USING btree ("user_id","last_message_at","id","status") WHERE "conversations"."sla_first_breached" or "conversations"."sla_resolve_breached";--> statement-breakpoint
CREATE INDEX "conversations_sla_first_due_idx" ON "conversations" USING btree ("sla_first_due") WHERE "conversations"."status" = 'open' and "conversations"."sla_first_at" is null and not "conversations"."sla_first_breached";--> statement-breakpoint
CREATE INDEX "conversations_sla_resolve_due_idx" ON "conversations" USING btree ("sla_resolve_due") WHERE "conversations"."status" = 'open' and not "conversations"."sla_resolve_breached";--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_kind_known" CHECK ("conversation_events"."kind" in ('assigned','unassigned','sla_first_breached','sla_resolution_breached'));--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_actor_known" CHECK ("conversation_events"."actor" in ('auto','owner','agent','offline','sla'));--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD CONSTRAINT "inbox_settings_sla_first" CHECK ("inbox_settings"."first_response_minutes" between 1 and 525600);--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD CONSTRAINT "inbox_settings_sla_resolution" CHECK ("inbox_settings"."resolution_minutes" between 1 and 525600);