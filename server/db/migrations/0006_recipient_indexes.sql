DROP INDEX "campaign_recipients_user_number_idx";--> statement-breakpoint
DROP INDEX "campaign_recipients_number_only_idx";--> statement-breakpoint
DROP INDEX "campaign_recipients_failover_idx";--> statement-breakpoint
CREATE INDEX "campaign_recipients_number_owner_idx" ON "campaign_recipients" USING btree ("number","user_id","id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_failover_idx" ON "campaign_recipients" USING btree ("campaign_id","failover_state") WHERE "campaign_recipients"."failover_state" is not null;