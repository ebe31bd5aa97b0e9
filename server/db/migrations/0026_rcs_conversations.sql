CREATE TABLE "rcs_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bot_id" text NOT NULL,
	"number" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"cost_paise" integer NOT NULL,
	"given_back_paise" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rcs_bots" ADD COLUMN "billing_category" text DEFAULT 'non_conversational' NOT NULL;--> statement-breakpoint
ALTER TABLE "rcs_conversations" ADD CONSTRAINT "rcs_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rcs_conversations_open_idx" ON "rcs_conversations" USING btree ("bot_id","number","ends_at");--> statement-breakpoint
CREATE INDEX "rcs_conversations_user_idx" ON "rcs_conversations" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "api_messages_rcs_to_idx" ON "api_messages" USING btree ("to_number","created_at") WHERE "api_messages"."channel" = 'rcs';--> statement-breakpoint
ALTER TABLE "rcs_bots" ADD CONSTRAINT "rcs_bots_billing_category_known" CHECK ("rcs_bots"."billing_category" in ('non_conversational', 'conversational'));