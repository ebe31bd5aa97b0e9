CREATE TABLE "csat_surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" integer,
	"answered_at" timestamp with time zone,
	CONSTRAINT "csat_surveys_answer" CHECK ("csat_surveys"."answer" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "conversation_events" DROP CONSTRAINT "conversation_events_kind_known";--> statement-breakpoint
ALTER TABLE "conversation_events" DROP CONSTRAINT "conversation_events_actor_known";--> statement-breakpoint
ALTER TABLE "conversation_events" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD COLUMN "csat_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD COLUMN "csat_question" text DEFAULT 'How did we do? Your answer helps us improve.' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD COLUMN "csat_whatsapp_template" text;--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD COLUMN "csat_sms_dlt_template_id" text;--> statement-breakpoint
ALTER TABLE "csat_surveys" ADD CONSTRAINT "csat_surveys_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_surveys" ADD CONSTRAINT "csat_surveys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csat_surveys" ADD CONSTRAINT "csat_surveys_agent_id_live_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."live_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "csat_surveys_conversation_idx" ON "csat_surveys" USING btree ("conversation_id","sent_at");--> statement-breakpoint
CREATE INDEX "csat_surveys_user_answered_idx" ON "csat_surveys" USING btree ("user_id","answered_at");--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_kind_known" CHECK ("conversation_events"."kind" in ('assigned','unassigned','sla_first_breached','sla_resolution_breached','csat_sent','csat_not_sent','csat_answered'));--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_actor_known" CHECK ("conversation_events"."actor" in ('auto','owner','agent','offline','sla','csat','customer'));