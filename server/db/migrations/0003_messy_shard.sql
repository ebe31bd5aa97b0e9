CREATE TABLE "whatsapp_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"waba_id" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"requested_category" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"components" jsonb NOT NULL,
	"provider_template_id" text NOT NULL,
	"header_media_key" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_name_idx" ON "whatsapp_templates" USING btree ("waba_id","name","language");--> statement-breakpoint
CREATE INDEX "whatsapp_templates_user_idx" ON "whatsapp_templates" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "whatsapp_templates_due_idx" ON "whatsapp_templates" USING btree ("next_check_at");