ALTER TABLE "rate_card_audit" ADD COLUMN "old_billed_on" text;--> statement-breakpoint
ALTER TABLE "rate_card_audit" ADD COLUMN "new_billed_on" text;