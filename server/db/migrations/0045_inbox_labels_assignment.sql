CREATE TABLE "inbox_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_label_colors" (
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_label_colors_user_id_name_pk" PRIMARY KEY("user_id","name")
);
--> statement-breakpoint
CREATE TABLE "conversation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"agent_id" uuid,
	"from_agent_id" uuid,
	"actor" text NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_events_kind_known" CHECK ("conversation_events"."kind" in ('assigned','unassigned')),
	CONSTRAINT "conversation_events_actor_known" CHECK ("conversation_events"."actor" in ('auto','owner','agent','offline'))
);
--> statement-breakpoint
CREATE TABLE "inbox_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"auto_assign" boolean DEFAULT false NOT NULL,
	"agent_capacity" integer DEFAULT 5 NOT NULL,
	"offline_grace_minutes" integer DEFAULT 10 NOT NULL,
	"last_agent_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_settings_capacity" CHECK ("inbox_settings"."agent_capacity" between 1 and 500),
	CONSTRAINT "inbox_settings_grace" CHECK ("inbox_settings"."offline_grace_minutes" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "live_agents" ADD COLUMN "presence" text DEFAULT 'offline' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_agents" ADD COLUMN "presence_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbox_views" ADD CONSTRAINT "inbox_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_label_colors" ADD CONSTRAINT "contact_label_colors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_agent_id_live_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."live_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_from_agent_id_live_agents_id_fk" FOREIGN KEY ("from_agent_id") REFERENCES "public"."live_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD CONSTRAINT "inbox_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_settings" ADD CONSTRAINT "inbox_settings_last_agent_id_live_agents_id_fk" FOREIGN KEY ("last_agent_id") REFERENCES "public"."live_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_views_user_name_idx" ON "inbox_views" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "conversation_events_conversation_idx" ON "conversation_events" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "conversations_unread_list_idx" ON "conversations" USING btree ("user_id","last_message_at","id","status") WHERE "conversations"."unread_count" > 0;