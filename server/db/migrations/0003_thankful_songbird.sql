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
CREATE TABLE "waba_provider_solutions" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "channel_integrations" ADD CONSTRAINT "channel_integrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;