CREATE TABLE "waba_phone_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"waba_id" uuid NOT NULL,
	"phone_number_id" text NOT NULL,
	"display_phone_number" text NOT NULL,
	"verified_name" text NOT NULL,
	"quality_rating" text DEFAULT 'UNKNOWN' NOT NULL,
	"account_mode" text DEFAULT 'SANDBOX' NOT NULL,
	"business_profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waba_solutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"solution_id" text NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"selected" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sender" text;--> statement-breakpoint
ALTER TABLE "wabas" ADD COLUMN "provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "waba_phone_numbers" ADD CONSTRAINT "waba_phone_numbers_waba_id_wabas_id_fk" FOREIGN KEY ("waba_id") REFERENCES "public"."wabas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waba_solutions" ADD CONSTRAINT "waba_solutions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waba_phone_numbers_phone_idx" ON "waba_phone_numbers" USING btree ("phone_number_id");--> statement-breakpoint
CREATE INDEX "waba_phone_numbers_waba_idx" ON "waba_phone_numbers" USING btree ("waba_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waba_solutions_solution_idx" ON "waba_solutions" USING btree ("solution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waba_solutions_one_selected_idx" ON "waba_solutions" USING btree ("selected") WHERE "waba_solutions"."selected";--> statement-breakpoint
CREATE INDEX "messages_sender_created_idx" ON "messages" USING btree ("sender","created_at");