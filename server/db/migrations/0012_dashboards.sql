CREATE TABLE "recipient_daily_stats" (
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"day" date NOT NULL,
	"state" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"cost_paise" bigint DEFAULT 0 NOT NULL,
	"failed_over" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recipient_daily_stats_campaign_id_day_state_code_pk" PRIMARY KEY("campaign_id","day","state","code")
);
--> statement-breakpoint
ALTER TABLE "recipient_daily_stats" ADD CONSTRAINT "recipient_daily_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipient_daily_stats_user_day_idx" ON "recipient_daily_stats" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "recipient_daily_stats_day_idx" ON "recipient_daily_stats" USING btree ("day");--> statement-breakpoint
CREATE INDEX "ledger_created_idx" ON "balance_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "campaigns_created_by_idx" ON "campaigns" USING btree ("created_by");--> statement-breakpoint
-- recipient_daily_stats is kept exact by these triggers (server/db/schema/dashboards.ts says why). The reporting day
-- is India's (contract/domain/dashboards.ts REPORT_TIME_ZONE); rows not sent yet have no day ('-infinity').
CREATE FUNCTION "recipient_stats_day"(state text, sent timestamptz, failed timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN state IN ('queued', 'sending', 'skipped') THEN '-infinity'::date
              ELSE coalesce((coalesce(sent, failed) AT TIME ZONE 'Asia/Kolkata')::date, '-infinity'::date) END
$$;--> statement-breakpoint
CREATE FUNCTION "recipient_stats_code"(state text, code text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN state = 'failed' THEN coalesce(code, '') ELSE '' END
$$;--> statement-breakpoint
-- One statement's changed rows as deltas: +1 under each new row's key, -1 under each old row's key, summed per key;
-- keys that net to nothing (a lease renewed, a provider id written) are left alone. Keys are upserted in key order,
-- so two statements never wait on each other's rows in opposite orders. A deleted row of a campaign that is itself
-- being deleted needs nothing: the campaign's rollup rows go with it (ON DELETE CASCADE).
CREATE FUNCTION "recipient_stats_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO recipient_daily_stats AS s (campaign_id, user_id, channel, day, state, code, recipients, cost_paise, failed_over)
    SELECT d.campaign_id, c.user_id, c.channel, d.day, d.state, d.code, d.n, d.cost, d.fo
    FROM (SELECT campaign_id, recipient_stats_day(state, sent_at, failed_at) AS day, state, recipient_stats_code(state, code) AS code,
                 count(*)::int AS n, sum(cost_paise)::bigint AS cost, sum(failed_over::int)::int AS fo
          FROM new_rows GROUP BY 1, 2, 3, 4) d
    JOIN campaigns c ON c.id = d.campaign_id
    ORDER BY d.campaign_id, d.day, d.state, d.code
    ON CONFLICT (campaign_id, day, state, code) DO UPDATE SET recipients = s.recipients + excluded.recipients,
      cost_paise = s.cost_paise + excluded.cost_paise, failed_over = s.failed_over + excluded.failed_over;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO recipient_daily_stats AS s (campaign_id, user_id, channel, day, state, code, recipients, cost_paise, failed_over)
    SELECT d.campaign_id, c.user_id, c.channel, d.day, d.state, d.code, d.n, d.cost, d.fo
    FROM (SELECT campaign_id, day, state, code, sum(n)::int AS n, sum(cost)::bigint AS cost, sum(fo)::int AS fo
          FROM (SELECT campaign_id, recipient_stats_day(state, sent_at, failed_at) AS day, state, recipient_stats_code(state, code) AS code,
                       1 AS n, cost_paise::bigint AS cost, failed_over::int AS fo FROM new_rows
                UNION ALL
                SELECT campaign_id, recipient_stats_day(state, sent_at, failed_at), state, recipient_stats_code(state, code),
                       -1, -cost_paise::bigint, -failed_over::int FROM old_rows) x
          GROUP BY 1, 2, 3, 4
          HAVING sum(n) <> 0 OR sum(cost) <> 0 OR sum(fo) <> 0) d
    JOIN campaigns c ON c.id = d.campaign_id
    ORDER BY d.campaign_id, d.day, d.state, d.code
    ON CONFLICT (campaign_id, day, state, code) DO UPDATE SET recipients = s.recipients + excluded.recipients,
      cost_paise = s.cost_paise + excluded.cost_paise, failed_over = s.failed_over + excluded.failed_over;
  ELSE
    INSERT INTO recipient_daily_stats AS s (campaign_id, user_id, channel, day, state, code, recipients, cost_paise, failed_over)
    SELECT d.campaign_id, c.user_id, c.channel, d.day, d.state, d.code, -d.n, -d.cost, -d.fo
    FROM (SELECT campaign_id, recipient_stats_day(state, sent_at, failed_at) AS day, state, recipient_stats_code(state, code) AS code,
                 count(*)::int AS n, sum(cost_paise)::bigint AS cost, sum(failed_over::int)::int AS fo
          FROM old_rows GROUP BY 1, 2, 3, 4) d
    JOIN campaigns c ON c.id = d.campaign_id
    ORDER BY d.campaign_id, d.day, d.state, d.code
    ON CONFLICT (campaign_id, day, state, code) DO UPDATE SET recipients = s.recipients + excluded.recipients,
      cost_paise = s.cost_paise + excluded.cost_paise, failed_over = s.failed_over + excluded.failed_over;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "recipient_stats_insert" AFTER INSERT ON "campaign_recipients" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION recipient_stats_apply();--> statement-breakpoint
CREATE TRIGGER "recipient_stats_update" AFTER UPDATE ON "campaign_recipients" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION recipient_stats_apply();--> statement-breakpoint
CREATE TRIGGER "recipient_stats_delete" AFTER DELETE ON "campaign_recipients" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION recipient_stats_apply();--> statement-breakpoint
-- Recipients written before this migration (the triggers already hold the table, so none can slip in between).
INSERT INTO recipient_daily_stats (campaign_id, user_id, channel, day, state, code, recipients, cost_paise, failed_over)
SELECT r.campaign_id, c.user_id, c.channel, recipient_stats_day(r.state, r.sent_at, r.failed_at), r.state, recipient_stats_code(r.state, r.code),
       count(*)::int, sum(r.cost_paise)::bigint, sum(r.failed_over::int)::int
FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id
GROUP BY r.campaign_id, c.user_id, c.channel, 4, r.state, 6;
