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
ALTER TABLE "sms_accounts" ADD CONSTRAINT "sms_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_sms_account_id_sms_accounts_id_fk" FOREIGN KEY ("sms_account_id") REFERENCES "public"."sms_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_accounts_user_idx" ON "sms_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_templates_account_idx" ON "sms_templates" USING btree ("sms_account_id");