CREATE TABLE "conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"value_paise" bigint,
	"currency" text DEFAULT 'INR' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"campaign_id" uuid,
	"recipient_id" bigint,
	"attributed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversions_kind_known" CHECK ("conversions"."kind" in ('order','signup','lead','custom')),
	CONSTRAINT "conversions_value_non_negative" CHECK ("conversions"."value_paise" is null or "conversions"."value_paise" >= 0),
	CONSTRAINT "conversions_attribution_known" CHECK ("conversions"."attributed_by" is null or "conversions"."attributed_by" in ('code','number'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "conversion_window_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_recipient_id_campaign_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."campaign_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_external_idx" ON "conversions" USING btree ("user_id","external_id");--> statement-breakpoint
CREATE INDEX "conversions_campaign_idx" ON "conversions" USING btree ("campaign_id","recipient_id");--> statement-breakpoint
CREATE INDEX "conversions_recipient_idx" ON "conversions" USING btree ("recipient_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_conversion_window" CHECK ("users"."conversion_window_days" between 1 and 90);