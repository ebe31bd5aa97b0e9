CREATE TABLE "rcs_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"draft" jsonb NOT NULL,
	"from_library" boolean DEFAULT false NOT NULL,
	"library_id" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rcs_templates" ADD CONSTRAINT "rcs_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rcs_templates" ADD CONSTRAINT "rcs_templates_bot_id_rcs_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."rcs_bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rcs_templates_owner_name_uq" ON "rcs_templates" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "rcs_templates_user_idx" ON "rcs_templates" USING btree ("user_id","created_at");