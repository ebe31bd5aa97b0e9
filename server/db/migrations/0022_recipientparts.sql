ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_money_sane";--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "sms_parts" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "max_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_money_sane" CHECK ("campaigns"."held_paise" >= 0 and "campaigns"."spent_paise" >= 0 and "campaigns"."estimated_paise" >= 0 and "campaigns"."max_paise" >= 0);--> statement-breakpoint
-- Hand-written (keep at regeneration): campaigns started before max_paise existed held their estimated_paise, the
-- most they could cost then.
UPDATE "campaigns" SET "max_paise" = "estimated_paise";
