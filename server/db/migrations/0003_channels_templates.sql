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
CREATE TABLE "sms_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"dlt_entity_id" text DEFAULT '' NOT NULL,
	"sender_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sms_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"category" text NOT NULL,
	"sender_id" text NOT NULL,
	"dlt_template_id" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_templates_category_known" CHECK ("sms_templates"."category" in ('transactional','service-implicit','service-explicit','promotional'))
);
--> statement-breakpoint
CREATE TABLE "channel_integrations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"whatsapp" boolean DEFAULT false NOT NULL,
	"rcs" boolean DEFAULT false NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"voice" boolean DEFAULT false NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "uploads_channel_known" CHECK ("uploads"."channel" in ('whatsapp','rcs')),
	CONSTRAINT "uploads_size_positive" CHECK ("uploads"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sender" text;--> statement-breakpoint
ALTER TABLE "wabas" ADD COLUMN "provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "rcs_bots" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rcs_bots" ADD COLUMN "use_case" text DEFAULT 'MULTI_USE' NOT NULL;--> statement-breakpoint
ALTER TABLE "rcs_bots" ADD COLUMN "brand_color" text DEFAULT '#1A73E8' NOT NULL;--> statement-breakpoint
ALTER TABLE "rcs_bots" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "rcs_bots" ADD COLUMN "banner_url" text;--> statement-breakpoint
ALTER TABLE "rcs_bots" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "rcs_bots" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "rcs_bots" ADD COLUMN "privacy_url" text;--> statement-breakpoint
ALTER TABLE "rcs_bots" ADD COLUMN "terms_url" text;--> statement-breakpoint
ALTER TABLE "rcs_bots" ADD COLUMN "provider_bot_id" text;--> statement-breakpoint
ALTER TABLE "rcs_bots" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rcs_bots" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "waba_phone_numbers" ADD CONSTRAINT "waba_phone_numbers_waba_id_wabas_id_fk" FOREIGN KEY ("waba_id") REFERENCES "public"."wabas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waba_solutions" ADD CONSTRAINT "waba_solutions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_accounts" ADD CONSTRAINT "sms_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_sms_account_id_sms_accounts_id_fk" FOREIGN KEY ("sms_account_id") REFERENCES "public"."sms_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_integrations" ADD CONSTRAINT "channel_integrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rcs_templates" ADD CONSTRAINT "rcs_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rcs_templates" ADD CONSTRAINT "rcs_templates_bot_id_rcs_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."rcs_bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waba_phone_numbers_phone_idx" ON "waba_phone_numbers" USING btree ("phone_number_id");--> statement-breakpoint
CREATE INDEX "waba_phone_numbers_waba_idx" ON "waba_phone_numbers" USING btree ("waba_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waba_solutions_solution_idx" ON "waba_solutions" USING btree ("solution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waba_solutions_one_selected_idx" ON "waba_solutions" USING btree ("selected") WHERE "waba_solutions"."selected";--> statement-breakpoint
CREATE INDEX "sms_accounts_user_idx" ON "sms_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_templates_account_idx" ON "sms_templates" USING btree ("sms_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_name_idx" ON "whatsapp_templates" USING btree ("waba_id","name","language");--> statement-breakpoint
CREATE INDEX "whatsapp_templates_user_idx" ON "whatsapp_templates" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "whatsapp_templates_due_idx" ON "whatsapp_templates" USING btree ("next_check_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rcs_templates_owner_name_uq" ON "rcs_templates" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "rcs_templates_user_idx" ON "rcs_templates" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_user_channel_idx" ON "uploads" USING btree ("user_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "messages_sender_created_idx" ON "messages" USING btree ("sender","created_at");