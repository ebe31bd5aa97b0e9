CREATE TABLE "campaign_alerts_fired" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"message" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"rearmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaign_throughput" (
	"campaign_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failover_sent" integer DEFAULT 0 NOT NULL,
	"failover_failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_throughput_campaign_id_bucket_pk" PRIMARY KEY("campaign_id","bucket")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "throttle_per_second" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "alerts" jsonb;--> statement-breakpoint
ALTER TABLE "campaign_alerts_fired" ADD CONSTRAINT "campaign_alerts_fired_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_throughput" ADD CONSTRAINT "campaign_throughput_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_alerts_fired_armed_idx" ON "campaign_alerts_fired" USING btree ("campaign_id","kind") WHERE "campaign_alerts_fired"."rearmed_at" is null;--> statement-breakpoint
CREATE INDEX "campaign_alerts_fired_campaign_idx" ON "campaign_alerts_fired" USING btree ("campaign_id","at");