CREATE TABLE "api_idempotency" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"body_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_idempotency_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"public_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"previous_secret_hash" text,
	"previous_valid_until" timestamp with time zone,
	"scopes" text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"regenerated_at" timestamp with time zone,
	"deactivated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "api_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"api_key_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"reference" text,
	"to_number" text NOT NULL,
	"steps" jsonb NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"channel" text NOT NULL,
	"sender" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"charged_step" integer DEFAULT 0 NOT NULL,
	"cost_paise" integer DEFAULT 0 NOT NULL,
	"provider_message_id" text,
	"code" text,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_messages_state_known" CHECK ("api_messages"."state" in ('queued','sending','sent','delivered','read','failed','unknown')),
	CONSTRAINT "api_messages_cost_sane" CHECK ("api_messages"."cost_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "key_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"api_key_id" uuid,
	"name" text NOT NULL,
	"channels" text[] NOT NULL,
	"scopes" text[] NOT NULL,
	"ip_allow_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"rate_per_second" integer NOT NULL,
	"rate_per_day" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "key_configs_rates_positive" CHECK ("key_configs"."rate_per_second" > 0 and "key_configs"."rate_per_day" > 0)
);
--> statement-breakpoint
CREATE TABLE "ums_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"api_key_id" uuid,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"latency_ms" real NOT NULL,
	"ip" text NOT NULL,
	"error_code" text,
	"error_message" text,
	"error_details" jsonb,
	"idempotency_key" text,
	"user_agent" text,
	"request_body" jsonb,
	"request_truncated" boolean DEFAULT false NOT NULL,
	"response_body" jsonb,
	"message_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_idempotency" ADD CONSTRAINT "api_idempotency_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_messages" ADD CONSTRAINT "api_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_messages" ADD CONSTRAINT "api_messages_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_configs" ADD CONSTRAINT "key_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_configs" ADD CONSTRAINT "key_configs_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ums_requests" ADD CONSTRAINT "ums_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ums_requests" ADD CONSTRAINT "ums_requests_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_idempotency_created_idx" ON "api_idempotency" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_public_id_idx" ON "api_keys" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "api_messages_queue_idx" ON "api_messages" USING btree ("created_at") WHERE "api_messages"."state" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "api_messages_user_idx" ON "api_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "api_messages_request_idx" ON "api_messages" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "api_messages_provider_idx" ON "api_messages" USING btree ("provider_message_id") WHERE "api_messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "key_configs_key_idx" ON "key_configs" USING btree ("api_key_id") WHERE "key_configs"."api_key_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "key_configs_account_idx" ON "key_configs" USING btree ("user_id") WHERE "key_configs"."api_key_id" is null;--> statement-breakpoint
CREATE INDEX "ums_requests_user_idx" ON "ums_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ums_requests_key_idx" ON "ums_requests" USING btree ("api_key_id","created_at");--> statement-breakpoint
CREATE INDEX "ums_requests_created_idx" ON "ums_requests" USING btree ("created_at");