CREATE TABLE "campaign_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"number" text NOT NULL,
	"variables" text[],
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"code" text,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"cost_paise" integer DEFAULT 0 NOT NULL,
	"failed_over" boolean DEFAULT false NOT NULL,
	"failover_state" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaign_rejected_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"value" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_by" uuid,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"status_reason" text,
	"template_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"bot_id" uuid,
	"sms_account_id" uuid,
	"waba_id" text,
	"sender" text,
	"sender_label" text DEFAULT '' NOT NULL,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failover" jsonb,
	"default_region" text DEFAULT 'IN' NOT NULL,
	"source_kind" text NOT NULL,
	"source_key" text,
	"source_name" text,
	"pasted" text,
	"total_bytes" bigint DEFAULT 0 NOT NULL,
	"read_bytes" bigint DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"valid_count" integer DEFAULT 0 NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"estimated_paise" bigint DEFAULT 0 NOT NULL,
	"held_paise" bigint DEFAULT 0 NOT NULL,
	"spent_paise" bigint DEFAULT 0 NOT NULL,
	"scheduled_at" timestamp with time zone,
	"time_zone" text,
	"next_run_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_channel_known" CHECK ("campaigns"."channel" in ('rcs','sms','whatsapp')),
	CONSTRAINT "campaigns_status_known" CHECK ("campaigns"."status" in ('draft','validating','ready','scheduled','running','paused','completed','discarded','failed')),
	CONSTRAINT "campaigns_money_sane" CHECK ("campaigns"."held_paise" >= 0 and "campaigns"."spent_paise" >= 0 and "campaigns"."estimated_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "channel_rates" (
	"key" text PRIMARY KEY NOT NULL,
	"paise" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"channel" text NOT NULL,
	"from_number" text NOT NULL,
	"to_address" text NOT NULL,
	"text" text NOT NULL,
	"media_url" text,
	"campaign_id" uuid,
	"recipient_id" bigint,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"number" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_accounts" ADD COLUMN "reply_number" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_rejected_rows" ADD CONSTRAINT "campaign_rejected_rows_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_rates" ADD CONSTRAINT "channel_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipients_queue_idx" ON "campaign_recipients" USING btree ("campaign_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_number_idx" ON "campaign_recipients" USING btree ("campaign_id","number");--> statement-breakpoint
CREATE INDEX "campaign_recipients_user_number_idx" ON "campaign_recipients" USING btree ("user_id","number");--> statement-breakpoint
CREATE INDEX "campaign_recipients_failover_idx" ON "campaign_recipients" USING btree ("campaign_id","failover_state");--> statement-breakpoint
CREATE INDEX "campaign_recipients_number_only_idx" ON "campaign_recipients" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_provider_idx" ON "campaign_recipients" USING btree ("provider_message_id") WHERE "campaign_recipients"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "campaign_rejected_rows_campaign_idx" ON "campaign_rejected_rows" USING btree ("campaign_id","row");--> statement-breakpoint
CREATE INDEX "campaigns_user_idx" ON "campaigns" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status");--> statement-breakpoint
CREATE INDEX "inbound_messages_campaign_idx" ON "inbound_messages" USING btree ("campaign_id","received_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_user_idx" ON "inbound_messages" USING btree ("user_id","from_number","received_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_recipient_idx" ON "inbound_messages" USING btree ("recipient_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "suppressions_user_number_idx" ON "suppressions" USING btree ("user_id","number");