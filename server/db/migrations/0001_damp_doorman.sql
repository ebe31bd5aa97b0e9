ALTER TABLE "balance_requests" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "balance_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "balance_requests" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_requests" ADD CONSTRAINT "balance_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_requests" ADD CONSTRAINT "balance_requests_status_known" CHECK ("balance_requests"."status" in ('pending','approved','rejected'));