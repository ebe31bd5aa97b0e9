ALTER TABLE "campaign_recipients" ADD COLUMN "refunded_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "kind" text DEFAULT 'campaigns' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "log_account_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "log_query" jsonb;--> statement-breakpoint
ALTER TABLE "rate_card_audit" ADD COLUMN "old_billed_on" text;--> statement-breakpoint
ALTER TABLE "rate_card_audit" ADD COLUMN "new_billed_on" text;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_log_account_id_users_id_fk" FOREIGN KEY ("log_account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_kind_known" CHECK ("reports"."kind" in ('campaigns','message-log'));