ALTER TABLE "campaigns" ADD COLUMN "ran_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "running_since" timestamp with time zone;--> statement-breakpoint
-- Campaigns from before the columns: a running one's spell starts at its start; an ended one ran from its start to its
-- end (pauses in between counted, as nothing recorded them).
UPDATE "campaigns" SET "running_since" = coalesce("started_at", now()) WHERE "status" = 'running';--> statement-breakpoint
UPDATE "campaigns" SET "ran_ms" = greatest(0, (extract(epoch from ("completed_at" - "started_at")) * 1000)::bigint)
  WHERE "completed_at" IS NOT NULL AND "started_at" IS NOT NULL;
