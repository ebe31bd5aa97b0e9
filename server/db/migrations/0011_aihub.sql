CREATE TABLE "ai_agent_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"name" text DEFAULT 'Default' NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"enhanced_prompt" text,
	"use_enhanced" boolean DEFAULT false NOT NULL,
	"model" text,
	"temperature" real DEFAULT 0.3 NOT NULL,
	"max_tokens" integer DEFAULT 300 NOT NULL,
	"fallback_message" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"channels" jsonb NOT NULL,
	"scope" text DEFAULT 'unassigned' NOT NULL,
	"scope_keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scope_intents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"persona" text DEFAULT '' NOT NULL,
	"handoff" jsonb NOT NULL,
	"template" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_agents_scope_known" CHECK ("ai_agents"."scope" in ('all','unassigned','keyword','intent'))
);
--> statement-breakpoint
CREATE TABLE "ai_answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid,
	"agent_name" text NOT NULL,
	"conversation_id" uuid,
	"message_id" bigint,
	"question" text NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"intent" text,
	"confidence" real DEFAULT 0 NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"engine" text DEFAULT 'rules' NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"playground" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_business_contexts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid,
	"company_name" text NOT NULL,
	"industry" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"hours" text DEFAULT '' NOT NULL,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"policies" text DEFAULT '' NOT NULL,
	"tone" text DEFAULT '' NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_conversations" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"reason" text,
	"handed_off_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_conversations_state_known" CHECK ("ai_conversations"."state" in ('active','handed_off'))
);
--> statement-breakpoint
CREATE TABLE "ai_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"examples" jsonb NOT NULL,
	"action" text DEFAULT 'knowledge' NOT NULL,
	"response" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_intents_action_known" CHECK ("ai_intents"."action" in ('knowledge','template','handoff','workflow'))
);
--> statement-breakpoint
CREATE TABLE "ai_knowledge" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"intent" text,
	"content" text DEFAULT '' NOT NULL,
	"faqs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_name" text,
	"mime_type" text,
	"size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_knowledge_kind_known" CHECK ("ai_knowledge"."kind" in ('text','faq','file'))
);
--> statement-breakpoint
CREATE TABLE "ai_passages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"knowledge_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid,
	"intent" text,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')) STORED NOT NULL,
	"embedding" real[],
	"embed_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_reply_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"message_id" bigint NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_agent_configs" ADD CONSTRAINT "ai_agent_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_agent_configs" ADD CONSTRAINT "ai_agent_configs_agent_id_ai_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."ai_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_agents" ADD CONSTRAINT "ai_agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_answers" ADD CONSTRAINT "ai_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_answers" ADD CONSTRAINT "ai_answers_agent_id_ai_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."ai_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_answers" ADD CONSTRAINT "ai_answers_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_business_contexts" ADD CONSTRAINT "ai_business_contexts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_business_contexts" ADD CONSTRAINT "ai_business_contexts_agent_id_ai_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."ai_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_conversations" ADD CONSTRAINT "ai_conversations_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_conversations" ADD CONSTRAINT "ai_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_conversations" ADD CONSTRAINT "ai_conversations_agent_id_ai_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."ai_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_intents" ADD CONSTRAINT "ai_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_intents" ADD CONSTRAINT "ai_intents_agent_id_ai_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."ai_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_knowledge" ADD CONSTRAINT "ai_knowledge_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_knowledge" ADD CONSTRAINT "ai_knowledge_agent_id_ai_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."ai_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_passages" ADD CONSTRAINT "ai_passages_knowledge_id_ai_knowledge_id_fk" FOREIGN KEY ("knowledge_id") REFERENCES "public"."ai_knowledge"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_passages" ADD CONSTRAINT "ai_passages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_passages" ADD CONSTRAINT "ai_passages_agent_id_ai_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."ai_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_reply_jobs" ADD CONSTRAINT "ai_reply_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_reply_jobs" ADD CONSTRAINT "ai_reply_jobs_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_reply_jobs" ADD CONSTRAINT "ai_reply_jobs_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_agent_configs_agent_idx" ON "ai_agent_configs" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "ai_agent_configs_owner_idx" ON "ai_agent_configs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_agent_configs_default_idx" ON "ai_agent_configs" USING btree ("agent_id") WHERE "ai_agent_configs"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "ai_agents_owner_name_idx" ON "ai_agents" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "ai_answers_agent_idx" ON "ai_answers" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "ai_answers_owner_idx" ON "ai_answers" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_answers_message_idx" ON "ai_answers" USING btree ("message_id") WHERE "ai_answers"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "ai_business_contexts_owner_idx" ON "ai_business_contexts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_business_contexts_agent_idx" ON "ai_business_contexts" USING btree ("agent_id") WHERE "ai_business_contexts"."agent_id" is not null;--> statement-breakpoint
CREATE INDEX "ai_conversations_agent_idx" ON "ai_conversations" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_intents_agent_name_idx" ON "ai_intents" USING btree ("agent_id","name");--> statement-breakpoint
CREATE INDEX "ai_intents_owner_idx" ON "ai_intents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ai_knowledge_owner_idx" ON "ai_knowledge" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_passages_tsv_idx" ON "ai_passages" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "ai_passages_owner_idx" ON "ai_passages" USING btree ("user_id","agent_id");--> statement-breakpoint
CREATE INDEX "ai_passages_knowledge_idx" ON "ai_passages" USING btree ("knowledge_id","position");--> statement-breakpoint
CREATE INDEX "ai_passages_embed_idx" ON "ai_passages" USING btree ("embed_after") WHERE "ai_passages"."embed_after" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_reply_jobs_message_idx" ON "ai_reply_jobs" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "ai_reply_jobs_due_idx" ON "ai_reply_jobs" USING btree ("due_at");