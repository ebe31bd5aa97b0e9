CREATE TABLE "engagement_daily" (
	"campaign_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"clickers" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"revenue_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "engagement_daily_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
ALTER TABLE "engagement_daily" ADD CONSTRAINT "engagement_daily_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagement_daily_user_day_idx" ON "engagement_daily" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "engagement_daily_day_idx" ON "engagement_daily" USING btree ("day");--> statement-breakpoint
-- engagement_daily is kept exact by these triggers (server/db/schema/dashboards.ts says why), like
-- recipient_daily_stats: the reporting day is India's (contract/domain/dashboards.ts REPORT_TIME_ZONE). Each trigger
-- sums one statement's rows into deltas per (campaign, day), leaves out keys that net to nothing, and upserts the rest
-- in key order, so two statements never wait on each other's rows in opposite orders. The join with campaigns names
-- the owner and channel and leaves out a campaign being deleted (its rows go with it: ON DELETE CASCADE).
CREATE FUNCTION "engagement_day"(at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (at AT TIME ZONE 'Asia/Kolkata')::date
$$;--> statement-breakpoint
-- Clicks: a person's (never a machine's) counts on its day. A recipient is a clicker on the day of its first person's
-- click: for each recipient the statement touched (f), its first click as the table holds it now (+1 on that day)
-- and as it held it before the statement (-1 on that day), read through link_clicks' recipient index. Clicks are
-- only ever inserted, and deleted with their recipient or campaign; nothing updates them. (The statement's own rows
-- are left out by an uncorrelated NOT IN: one hashed set per statement, not a scan of them per click.)
CREATE FUNCTION "engagement_clicks_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH f AS (SELECT r.campaign_id,
                 (SELECT min(k.clicked_at) FROM link_clicks k WHERE k.recipient_id = r.recipient_id AND NOT k.machine) AS now_first,
                 (SELECT min(k.clicked_at) FROM link_clicks k WHERE k.recipient_id = r.recipient_id AND NOT k.machine
                   AND k.id NOT IN (SELECT n.id FROM new_rows n)) AS was_first
          FROM (SELECT DISTINCT campaign_id, recipient_id FROM new_rows WHERE NOT machine) r)
  INSERT INTO engagement_daily AS e (campaign_id, user_id, channel, day, clicks, clickers, conversions, revenue_paise)
  SELECT d.campaign_id, c.user_id, c.channel, d.day, d.clicks, d.clickers, d.conversions, d.revenue
  FROM (SELECT campaign_id, day, sum(clicks)::int AS clicks, sum(clickers)::int AS clickers, sum(conversions)::int AS conversions,
               sum(revenue)::bigint AS revenue
        FROM (SELECT campaign_id, engagement_day(clicked_at) AS day, 1 AS clicks, 0 AS clickers, 0 AS conversions, 0::bigint AS revenue
              FROM new_rows WHERE NOT machine
              UNION ALL
              SELECT campaign_id, engagement_day(now_first), 0, 1, 0, 0 FROM f WHERE now_first IS NOT NULL
              UNION ALL
              SELECT campaign_id, engagement_day(was_first), 0, -1, 0, 0 FROM f WHERE was_first IS NOT NULL) x
        GROUP BY 1, 2 HAVING sum(clicks) <> 0 OR sum(clickers) <> 0 OR sum(conversions) <> 0 OR sum(revenue) <> 0) d
  JOIN campaigns c ON c.id = d.campaign_id
  ORDER BY d.campaign_id, d.day
  ON CONFLICT (campaign_id, day) DO UPDATE SET clicks = e.clicks + excluded.clicks, clickers = e.clickers + excluded.clickers,
    conversions = e.conversions + excluded.conversions, revenue_paise = e.revenue_paise + excluded.revenue_paise;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "engagement_clicks_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH f AS (SELECT r.campaign_id,
                 (SELECT min(k.clicked_at) FROM link_clicks k WHERE k.recipient_id = r.recipient_id AND NOT k.machine) AS now_first,
                 (SELECT min(a.clicked_at) FROM (SELECT k.clicked_at FROM link_clicks k WHERE k.recipient_id = r.recipient_id AND NOT k.machine
                   UNION ALL SELECT o.clicked_at FROM old_rows o WHERE o.recipient_id = r.recipient_id AND NOT o.machine) a) AS was_first
          FROM (SELECT DISTINCT campaign_id, recipient_id FROM old_rows WHERE NOT machine) r)
  INSERT INTO engagement_daily AS e (campaign_id, user_id, channel, day, clicks, clickers, conversions, revenue_paise)
  SELECT d.campaign_id, c.user_id, c.channel, d.day, d.clicks, d.clickers, d.conversions, d.revenue
  FROM (SELECT campaign_id, day, sum(clicks)::int AS clicks, sum(clickers)::int AS clickers, sum(conversions)::int AS conversions,
               sum(revenue)::bigint AS revenue
        FROM (SELECT campaign_id, engagement_day(clicked_at) AS day, -1 AS clicks, 0 AS clickers, 0 AS conversions, 0::bigint AS revenue
              FROM old_rows WHERE NOT machine
              UNION ALL
              SELECT campaign_id, engagement_day(now_first), 0, 1, 0, 0 FROM f WHERE now_first IS NOT NULL
              UNION ALL
              SELECT campaign_id, engagement_day(was_first), 0, -1, 0, 0 FROM f WHERE was_first IS NOT NULL) x
        GROUP BY 1, 2 HAVING sum(clicks) <> 0 OR sum(clickers) <> 0 OR sum(conversions) <> 0 OR sum(revenue) <> 0) d
  JOIN campaigns c ON c.id = d.campaign_id
  ORDER BY d.campaign_id, d.day
  ON CONFLICT (campaign_id, day) DO UPDATE SET clicks = e.clicks + excluded.clicks, clickers = e.clickers + excluded.clickers,
    conversions = e.conversions + excluded.conversions, revenue_paise = e.revenue_paise + excluded.revenue_paise;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Conversions: one counts while attributed (campaign and recipient set; an erased recipient sets it null), on the
-- day it occurred, with its value (null: no revenue).
CREATE FUNCTION "engagement_conversions_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
  INSERT INTO engagement_daily AS e (campaign_id, user_id, channel, day, clicks, clickers, conversions, revenue_paise)
  SELECT d.campaign_id, c.user_id, c.channel, d.day, d.clicks, d.clickers, d.conversions, d.revenue
  FROM (SELECT campaign_id, day, sum(clicks)::int AS clicks, sum(clickers)::int AS clickers, sum(conversions)::int AS conversions,
               sum(revenue)::bigint AS revenue
        FROM (SELECT campaign_id, engagement_day(occurred_at) AS day, 0 AS clicks, 0 AS clickers, 1 AS conversions,
                     coalesce(value_paise, 0)::bigint AS revenue FROM new_rows
              WHERE campaign_id IS NOT NULL AND recipient_id IS NOT NULL) x
        GROUP BY 1, 2 HAVING sum(clicks) <> 0 OR sum(clickers) <> 0 OR sum(conversions) <> 0 OR sum(revenue) <> 0) d
  JOIN campaigns c ON c.id = d.campaign_id
  ORDER BY d.campaign_id, d.day
  ON CONFLICT (campaign_id, day) DO UPDATE SET clicks = e.clicks + excluded.clicks, clickers = e.clickers + excluded.clickers,
    conversions = e.conversions + excluded.conversions, revenue_paise = e.revenue_paise + excluded.revenue_paise;
  ELSIF TG_OP = 'UPDATE' THEN
  INSERT INTO engagement_daily AS e (campaign_id, user_id, channel, day, clicks, clickers, conversions, revenue_paise)
  SELECT d.campaign_id, c.user_id, c.channel, d.day, d.clicks, d.clickers, d.conversions, d.revenue
  FROM (SELECT campaign_id, day, sum(clicks)::int AS clicks, sum(clickers)::int AS clickers, sum(conversions)::int AS conversions,
               sum(revenue)::bigint AS revenue
        FROM (SELECT campaign_id, engagement_day(occurred_at) AS day, 0 AS clicks, 0 AS clickers, 1 AS conversions,
                     coalesce(value_paise, 0)::bigint AS revenue FROM new_rows
              WHERE campaign_id IS NOT NULL AND recipient_id IS NOT NULL
              UNION ALL
              SELECT campaign_id, engagement_day(occurred_at), 0, 0, -1, -coalesce(value_paise, 0)::bigint FROM old_rows
              WHERE campaign_id IS NOT NULL AND recipient_id IS NOT NULL) x
        GROUP BY 1, 2 HAVING sum(clicks) <> 0 OR sum(clickers) <> 0 OR sum(conversions) <> 0 OR sum(revenue) <> 0) d
  JOIN campaigns c ON c.id = d.campaign_id
  ORDER BY d.campaign_id, d.day
  ON CONFLICT (campaign_id, day) DO UPDATE SET clicks = e.clicks + excluded.clicks, clickers = e.clickers + excluded.clickers,
    conversions = e.conversions + excluded.conversions, revenue_paise = e.revenue_paise + excluded.revenue_paise;
  ELSE
  INSERT INTO engagement_daily AS e (campaign_id, user_id, channel, day, clicks, clickers, conversions, revenue_paise)
  SELECT d.campaign_id, c.user_id, c.channel, d.day, d.clicks, d.clickers, d.conversions, d.revenue
  FROM (SELECT campaign_id, day, sum(clicks)::int AS clicks, sum(clickers)::int AS clickers, sum(conversions)::int AS conversions,
               sum(revenue)::bigint AS revenue
        FROM (SELECT campaign_id, engagement_day(occurred_at) AS day, 0 AS clicks, 0 AS clickers, -1 AS conversions,
                     -coalesce(value_paise, 0)::bigint AS revenue FROM old_rows
              WHERE campaign_id IS NOT NULL AND recipient_id IS NOT NULL) x
        GROUP BY 1, 2 HAVING sum(clicks) <> 0 OR sum(clickers) <> 0 OR sum(conversions) <> 0 OR sum(revenue) <> 0) d
  JOIN campaigns c ON c.id = d.campaign_id
  ORDER BY d.campaign_id, d.day
  ON CONFLICT (campaign_id, day) DO UPDATE SET clicks = e.clicks + excluded.clicks, clickers = e.clickers + excluded.clickers,
    conversions = e.conversions + excluded.conversions, revenue_paise = e.revenue_paise + excluded.revenue_paise;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "engagement_clicks_insert" AFTER INSERT ON "link_clicks" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION engagement_clicks_insert();--> statement-breakpoint
CREATE TRIGGER "engagement_clicks_delete" AFTER DELETE ON "link_clicks" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION engagement_clicks_delete();--> statement-breakpoint
CREATE TRIGGER "engagement_conversions_insert" AFTER INSERT ON "conversions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION engagement_conversions_apply();--> statement-breakpoint
CREATE TRIGGER "engagement_conversions_update" AFTER UPDATE ON "conversions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION engagement_conversions_apply();--> statement-breakpoint
CREATE TRIGGER "engagement_conversions_delete" AFTER DELETE ON "conversions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION engagement_conversions_apply();--> statement-breakpoint
-- Clicks and conversions written before this migration (the triggers already hold both tables).
INSERT INTO engagement_daily (campaign_id, user_id, channel, day, clicks, clickers, conversions, revenue_paise)
SELECT d.campaign_id, c.user_id, c.channel, d.day, sum(d.clicks)::int, sum(d.clickers)::int, sum(d.conversions)::int, sum(d.revenue)::bigint
FROM (SELECT campaign_id, engagement_day(clicked_at) AS day, 1 AS clicks, 0 AS clickers, 0 AS conversions, 0::bigint AS revenue
      FROM link_clicks WHERE NOT machine
      UNION ALL
      SELECT campaign_id, engagement_day(min(clicked_at)), 0, 1, 0, 0 FROM link_clicks WHERE NOT machine GROUP BY campaign_id, recipient_id
      UNION ALL
      SELECT campaign_id, engagement_day(occurred_at), 0, 0, 1, coalesce(value_paise, 0)::bigint FROM conversions
      WHERE campaign_id IS NOT NULL AND recipient_id IS NOT NULL) d
JOIN campaigns c ON c.id = d.campaign_id
GROUP BY d.campaign_id, c.user_id, c.channel, d.day;
