CREATE TABLE "dnd_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"number" text NOT NULL,
	"preferences" integer[] DEFAULT '{}' NOT NULL,
	"consent" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_rejected_rows" ADD COLUMN "cause" text DEFAULT 'invalid' NOT NULL;--> statement-breakpoint
ALTER TABLE "dnd_numbers" ADD CONSTRAINT "dnd_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dnd_numbers_user_number_idx" ON "dnd_numbers" USING btree ("user_id","number");--> statement-breakpoint
-- Hand-written (keep when regenerating): rows rejected before the cause column existed get their cause from their kind and words.
UPDATE "campaign_rejected_rows" SET "cause" = CASE
  WHEN "kind" = 'duplicate' THEN 'duplicate'
  WHEN "reason" LIKE 'Not an Indian mobile number%' THEN 'dltNumber'
  WHEN "reason" LIKE 'Variable % characters; DLT allows%' THEN 'dltVariable'
  ELSE 'invalid' END;
