-- Hand-written (drizzle-kit generate --custom): the triggers that keep campaign_timeline and campaign_failures exact
-- (server/db/schema/campaign-report.ts says why), and their backfill. Statement-level with transition tables, like
-- recipient_stats_apply (0012): one statement's changed rows become deltas, +1 under each new row's key and -1 under
-- each old row's, summed per key; keys that net to nothing (a lease renewed, a provider id written) are left alone,
-- and keys are upserted in key order so two statements never wait on each other in opposite orders. A deleted row of
-- a campaign being deleted needs nothing (its rollup rows go with it: ON DELETE CASCADE), hence the EXISTS.
CREATE OR REPLACE FUNCTION "campaign_report_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO campaign_timeline AS t (campaign_id, minute, sent, delivered, read, replied, failed)
    SELECT x.campaign_id, x.minute, sum(x.s)::int, sum(x.d)::int, sum(x.r)::int, sum(x.p)::int, sum(x.f)::int
    FROM (SELECT n.campaign_id, date_trunc('minute', e.at) AS minute, e.s, e.d, e.r, e.p, e.f
          FROM new_rows n CROSS JOIN LATERAL (VALUES (n.sent_at, 1, 0, 0, 0, 0), (n.delivered_at, 0, 1, 0, 0, 0),
            (n.read_at, 0, 0, 1, 0, 0), (n.replied_at, 0, 0, 0, 1, 0), (n.failed_at, 0, 0, 0, 0, 1)) AS e(at, s, d, r, p, f)
          WHERE e.at IS NOT NULL) x
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (campaign_id, minute) DO UPDATE SET sent = t.sent + excluded.sent, delivered = t.delivered + excluded.delivered,
      read = t.read + excluded.read, replied = t.replied + excluded.replied, failed = t.failed + excluded.failed;
    INSERT INTO campaign_failures AS f (campaign_id, reason, code, recipients)
    SELECT n.campaign_id, coalesce(n.reason, 'Unknown'), coalesce(n.code, ''), count(*)::int
    FROM new_rows n WHERE n.state = 'failed'
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (campaign_id, reason, code) DO UPDATE SET recipients = f.recipients + excluded.recipients;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO campaign_timeline AS t (campaign_id, minute, sent, delivered, read, replied, failed)
    SELECT x.campaign_id, x.minute, sum(x.s)::int, sum(x.d)::int, sum(x.r)::int, sum(x.p)::int, sum(x.f)::int
    FROM (SELECT n.campaign_id, date_trunc('minute', e.at) AS minute, e.s, e.d, e.r, e.p, e.f
          FROM new_rows n CROSS JOIN LATERAL (VALUES (n.sent_at, 1, 0, 0, 0, 0), (n.delivered_at, 0, 1, 0, 0, 0),
            (n.read_at, 0, 0, 1, 0, 0), (n.replied_at, 0, 0, 0, 1, 0), (n.failed_at, 0, 0, 0, 0, 1)) AS e(at, s, d, r, p, f)
          WHERE e.at IS NOT NULL
          UNION ALL
          SELECT o.campaign_id, date_trunc('minute', e.at), -e.s, -e.d, -e.r, -e.p, -e.f
          FROM old_rows o CROSS JOIN LATERAL (VALUES (o.sent_at, 1, 0, 0, 0, 0), (o.delivered_at, 0, 1, 0, 0, 0),
            (o.read_at, 0, 0, 1, 0, 0), (o.replied_at, 0, 0, 0, 1, 0), (o.failed_at, 0, 0, 0, 0, 1)) AS e(at, s, d, r, p, f)
          WHERE e.at IS NOT NULL) x
    GROUP BY 1, 2
    HAVING sum(x.s) <> 0 OR sum(x.d) <> 0 OR sum(x.r) <> 0 OR sum(x.p) <> 0 OR sum(x.f) <> 0
    ORDER BY 1, 2
    ON CONFLICT (campaign_id, minute) DO UPDATE SET sent = t.sent + excluded.sent, delivered = t.delivered + excluded.delivered,
      read = t.read + excluded.read, replied = t.replied + excluded.replied, failed = t.failed + excluded.failed;
    INSERT INTO campaign_failures AS f (campaign_id, reason, code, recipients)
    SELECT x.campaign_id, x.reason, x.code, sum(x.n)::int
    FROM (SELECT n.campaign_id, coalesce(n.reason, 'Unknown') AS reason, coalesce(n.code, '') AS code, 1 AS n
          FROM new_rows n WHERE n.state = 'failed'
          UNION ALL
          SELECT o.campaign_id, coalesce(o.reason, 'Unknown'), coalesce(o.code, ''), -1
          FROM old_rows o WHERE o.state = 'failed') x
    GROUP BY 1, 2, 3 HAVING sum(x.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (campaign_id, reason, code) DO UPDATE SET recipients = f.recipients + excluded.recipients;
  ELSE
    INSERT INTO campaign_timeline AS t (campaign_id, minute, sent, delivered, read, replied, failed)
    SELECT x.campaign_id, x.minute, -sum(x.s)::int, -sum(x.d)::int, -sum(x.r)::int, -sum(x.p)::int, -sum(x.f)::int
    FROM (SELECT o.campaign_id, date_trunc('minute', e.at) AS minute, e.s, e.d, e.r, e.p, e.f
          FROM old_rows o CROSS JOIN LATERAL (VALUES (o.sent_at, 1, 0, 0, 0, 0), (o.delivered_at, 0, 1, 0, 0, 0),
            (o.read_at, 0, 0, 1, 0, 0), (o.replied_at, 0, 0, 0, 1, 0), (o.failed_at, 0, 0, 0, 0, 1)) AS e(at, s, d, r, p, f)
          WHERE e.at IS NOT NULL AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = o.campaign_id)) x
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (campaign_id, minute) DO UPDATE SET sent = t.sent + excluded.sent, delivered = t.delivered + excluded.delivered,
      read = t.read + excluded.read, replied = t.replied + excluded.replied, failed = t.failed + excluded.failed;
    INSERT INTO campaign_failures AS f (campaign_id, reason, code, recipients)
    SELECT o.campaign_id, coalesce(o.reason, 'Unknown'), coalesce(o.code, ''), -count(*)::int
    FROM old_rows o WHERE o.state = 'failed' AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = o.campaign_id)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (campaign_id, reason, code) DO UPDATE SET recipients = f.recipients + excluded.recipients;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "campaign_report_insert" ON "campaign_recipients";--> statement-breakpoint
CREATE TRIGGER "campaign_report_insert" AFTER INSERT ON "campaign_recipients" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_report_apply();--> statement-breakpoint
DROP TRIGGER IF EXISTS "campaign_report_update" ON "campaign_recipients";--> statement-breakpoint
CREATE TRIGGER "campaign_report_update" AFTER UPDATE ON "campaign_recipients" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_report_apply();--> statement-breakpoint
DROP TRIGGER IF EXISTS "campaign_report_delete" ON "campaign_recipients";--> statement-breakpoint
CREATE TRIGGER "campaign_report_delete" AFTER DELETE ON "campaign_recipients" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION campaign_report_apply();--> statement-breakpoint
-- Recipients written before this migration, recomputed whole (so running it again cannot count twice); the triggers
-- already hold the table, so none can slip in between.
DELETE FROM campaign_timeline;--> statement-breakpoint
INSERT INTO campaign_timeline (campaign_id, minute, sent, delivered, read, replied, failed)
SELECT r.campaign_id, date_trunc('minute', e.at), sum(e.s)::int, sum(e.d)::int, sum(e.r)::int, sum(e.p)::int, sum(e.f)::int
FROM campaign_recipients r CROSS JOIN LATERAL (VALUES (r.sent_at, 1, 0, 0, 0, 0), (r.delivered_at, 0, 1, 0, 0, 0),
  (r.read_at, 0, 0, 1, 0, 0), (r.replied_at, 0, 0, 0, 1, 0), (r.failed_at, 0, 0, 0, 0, 1)) AS e(at, s, d, r, p, f)
WHERE e.at IS NOT NULL
GROUP BY 1, 2;--> statement-breakpoint
DELETE FROM campaign_failures;--> statement-breakpoint
INSERT INTO campaign_failures (campaign_id, reason, code, recipients)
SELECT r.campaign_id, coalesce(r.reason, 'Unknown'), coalesce(r.code, ''), count(*)::int
FROM campaign_recipients r WHERE r.state = 'failed'
GROUP BY 1, 2, 3;
