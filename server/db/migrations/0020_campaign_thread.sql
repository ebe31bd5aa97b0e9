ALTER TABLE "campaign_recipients" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "recipient_id" bigint;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "customer_name" text;