CREATE TABLE "campaign_splits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"source_kind" text NOT NULL,
	"segment_id" uuid,
	"test_share_percent" smallint NOT NULL,
	"metric" text NOT NULL,
	"decide_after_hours" integer NOT NULL,
	"status" text DEFAULT 'testing' NOT NULL,
	"status_reason" text,
	"variants" jsonb NOT NULL,
	"winner_variant" smallint,
	"winner_reason" text,
	"decided_at" timestamp with time zone,
	"remainder_campaign_id" uuid,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_splits_status_known" CHECK ("campaign_splits"."status" in ('testing','sending','completed','failed')),
	CONSTRAINT "campaign_splits_share_sane" CHECK ("campaign_splits"."test_share_percent" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "split_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "split_variant" smallint;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "slice_lo" double precision;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "slice_hi" double precision;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "slice_salt" text;--> statement-breakpoint
ALTER TABLE "campaign_splits" ADD CONSTRAINT "campaign_splits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_splits" ADD CONSTRAINT "campaign_splits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_splits" ADD CONSTRAINT "campaign_splits_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_splits_user_idx" ON "campaign_splits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_splits_created_by_idx" ON "campaign_splits" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "campaign_splits_due_idx" ON "campaign_splits" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "campaigns_split_idx" ON "campaigns" USING btree ("split_id");