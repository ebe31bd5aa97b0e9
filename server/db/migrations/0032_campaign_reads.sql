CREATE TABLE "campaign_failures" (
	"campaign_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_failures_campaign_id_reason_code_pk" PRIMARY KEY("campaign_id","reason","code")
);
--> statement-breakpoint
CREATE TABLE "campaign_timeline" (
	"campaign_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_timeline_campaign_id_minute_pk" PRIMARY KEY("campaign_id","minute")
);
--> statement-breakpoint
ALTER TABLE "campaign_failures" ADD CONSTRAINT "campaign_failures_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_timeline" ADD CONSTRAINT "campaign_timeline_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipients_row_idx" ON "campaign_recipients" USING btree ("campaign_id","row","id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_state_row_idx" ON "campaign_recipients" USING btree ("campaign_id","state","row","id");