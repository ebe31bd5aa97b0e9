CREATE TABLE "campaign_schedule_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"planned_at" timestamp with time zone NOT NULL,
	"campaign_id" uuid,
	"state" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"settings" jsonb NOT NULL,
	"source_kind" text NOT NULL,
	"segment_id" uuid,
	"source_key" text,
	"source_name" text,
	"pasted" text,
	"total_bytes" bigint DEFAULT 0 NOT NULL,
	"rule" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_schedule_runs" ADD CONSTRAINT "campaign_schedule_runs_schedule_id_campaign_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."campaign_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_schedule_runs" ADD CONSTRAINT "campaign_schedule_runs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_schedules" ADD CONSTRAINT "campaign_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_schedules" ADD CONSTRAINT "campaign_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_schedules" ADD CONSTRAINT "campaign_schedules_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_schedule_runs_planned_idx" ON "campaign_schedule_runs" USING btree ("schedule_id","planned_at");--> statement-breakpoint
CREATE INDEX "campaign_schedule_runs_waiting_idx" ON "campaign_schedule_runs" USING btree ("created_at") WHERE "campaign_schedule_runs"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "campaign_schedules_user_idx" ON "campaign_schedules" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_schedules_creator_idx" ON "campaign_schedules" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "campaign_schedules_due_idx" ON "campaign_schedules" USING btree ("next_run_at") WHERE "campaign_schedules"."status" = 'active' and "campaign_schedules"."next_run_at" is not null;