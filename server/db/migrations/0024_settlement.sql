ALTER TABLE "campaigns" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_rates" ADD COLUMN "billed_on" text DEFAULT 'submitted' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_messages" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "campaign_recipients_unsettled_idx" ON "campaign_recipients" USING btree ("campaign_id") WHERE "campaign_recipients"."state" = 'failed' and "campaign_recipients"."cost_paise" > 0;--> statement-breakpoint
CREATE INDEX "api_messages_unsettled_idx" ON "api_messages" USING btree ("updated_at") WHERE "api_messages"."state" in ('sent', 'unknown') and "api_messages"."settled_at" is null and "api_messages"."cost_paise" > 0;--> statement-breakpoint
-- Campaigns that ended before charges followed delivery were billed on submission and stay as they were.
UPDATE "campaigns" SET "settled_at" = coalesce("completed_at", "updated_at") WHERE "status" IN ('completed', 'discarded', 'failed');
