ALTER TABLE "campaign_recipients" ADD COLUMN "failover_provider_message_id" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "failover_cost_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "failover_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "failover_delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "failover_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "failover_code" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "failover_reason" text;--> statement-breakpoint
ALTER TABLE "recipient_daily_stats" ADD COLUMN "failover_cost_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "campaign_recipients_failover_provider_idx" ON "campaign_recipients" USING btree ("failover_provider_message_id") WHERE "campaign_recipients"."failover_provider_message_id" is not null;--> statement-breakpoint
-- Hand-written (keep at regeneration): the rollup's cost counts each recipient's SMS failover too, and keeps that
-- part apart (failover_cost_paise). The same function as 0012_dashboards.sql's with the two sums; rows written
-- before this migration carry their failover's cost in cost_paise, so their totals are unchanged.
CREATE OR REPLACE FUNCTION "recipient_stats_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO recipient_daily_stats AS s (campaign_id, user_id, channel, day, state, code, recipients, cost_paise, failover_cost_paise, failed_over)
    SELECT d.campaign_id, c.user_id, c.channel, d.day, d.state, d.code, d.n, d.cost, d.fcost, d.fo
    FROM (SELECT campaign_id, recipient_stats_day(state, sent_at, failed_at) AS day, state, recipient_stats_code(state, code) AS code,
                 count(*)::int AS n, sum(cost_paise + failover_cost_paise)::bigint AS cost, sum(failover_cost_paise)::bigint AS fcost,
                 sum(failed_over::int)::int AS fo
          FROM new_rows GROUP BY 1, 2, 3, 4) d
    JOIN campaigns c ON c.id = d.campaign_id
    ORDER BY d.campaign_id, d.day, d.state, d.code
    ON CONFLICT (campaign_id, day, state, code) DO UPDATE SET recipients = s.recipients + excluded.recipients,
      cost_paise = s.cost_paise + excluded.cost_paise, failover_cost_paise = s.failover_cost_paise + excluded.failover_cost_paise,
      failed_over = s.failed_over + excluded.failed_over;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO recipient_daily_stats AS s (campaign_id, user_id, channel, day, state, code, recipients, cost_paise, failover_cost_paise, failed_over)
    SELECT d.campaign_id, c.user_id, c.channel, d.day, d.state, d.code, d.n, d.cost, d.fcost, d.fo
    FROM (SELECT campaign_id, day, state, code, sum(n)::int AS n, sum(cost)::bigint AS cost, sum(fcost)::bigint AS fcost, sum(fo)::int AS fo
          FROM (SELECT campaign_id, recipient_stats_day(state, sent_at, failed_at) AS day, state, recipient_stats_code(state, code) AS code,
                       1 AS n, (cost_paise + failover_cost_paise)::bigint AS cost, failover_cost_paise::bigint AS fcost, failed_over::int AS fo FROM new_rows
                UNION ALL
                SELECT campaign_id, recipient_stats_day(state, sent_at, failed_at), state, recipient_stats_code(state, code),
                       -1, -(cost_paise + failover_cost_paise)::bigint, -failover_cost_paise::bigint, -failed_over::int FROM old_rows) x
          GROUP BY 1, 2, 3, 4
          HAVING sum(n) <> 0 OR sum(cost) <> 0 OR sum(fcost) <> 0 OR sum(fo) <> 0) d
    JOIN campaigns c ON c.id = d.campaign_id
    ORDER BY d.campaign_id, d.day, d.state, d.code
    ON CONFLICT (campaign_id, day, state, code) DO UPDATE SET recipients = s.recipients + excluded.recipients,
      cost_paise = s.cost_paise + excluded.cost_paise, failover_cost_paise = s.failover_cost_paise + excluded.failover_cost_paise,
      failed_over = s.failed_over + excluded.failed_over;
  ELSE
    INSERT INTO recipient_daily_stats AS s (campaign_id, user_id, channel, day, state, code, recipients, cost_paise, failover_cost_paise, failed_over)
    SELECT d.campaign_id, c.user_id, c.channel, d.day, d.state, d.code, -d.n, -d.cost, -d.fcost, -d.fo
    FROM (SELECT campaign_id, recipient_stats_day(state, sent_at, failed_at) AS day, state, recipient_stats_code(state, code) AS code,
                 count(*)::int AS n, sum(cost_paise + failover_cost_paise)::bigint AS cost, sum(failover_cost_paise)::bigint AS fcost,
                 sum(failed_over::int)::int AS fo
          FROM old_rows GROUP BY 1, 2, 3, 4) d
    JOIN campaigns c ON c.id = d.campaign_id
    ORDER BY d.campaign_id, d.day, d.state, d.code
    ON CONFLICT (campaign_id, day, state, code) DO UPDATE SET recipients = s.recipients + excluded.recipients,
      cost_paise = s.cost_paise + excluded.cost_paise, failover_cost_paise = s.failover_cost_paise + excluded.failover_cost_paise,
      failed_over = s.failed_over + excluded.failed_over;
  END IF;
  RETURN NULL;
END
$$;
