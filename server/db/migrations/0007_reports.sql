CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"channel" text NOT NULL,
	"campaign_id" uuid,
	"campaign_name" text,
	"detailed" boolean DEFAULT false NOT NULL,
	"format" text DEFAULT 'csv' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_key" text,
	"file_name" text,
	"file_size" bigint,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "reports_status_known" CHECK ("reports"."status" in ('queued','running','ready','failed','expired')),
	CONSTRAINT "reports_channel_known" CHECK ("reports"."channel" in ('rcs','sms','whatsapp','all')),
	CONSTRAINT "reports_format_known" CHECK ("reports"."format" in ('csv','xlsx')),
	CONSTRAINT "reports_period_ordered" CHECK ("reports"."date_from" <= "reports"."date_to"),
	CONSTRAINT "reports_rows_sane" CHECK ("reports"."rows_done" >= 0 and "reports"."rows_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_user_idx" ON "reports" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reports_due_idx" ON "reports" USING btree ("due_at") WHERE "reports"."status" in ('queued','running');--> statement-breakpoint
CREATE INDEX "reports_expiry_idx" ON "reports" USING btree ("expires_at") WHERE "reports"."status" = 'ready';