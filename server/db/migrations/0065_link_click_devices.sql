CREATE TABLE "link_click_devices" (
	"campaign_id" uuid NOT NULL,
	"device" text NOT NULL,
	"machine" boolean NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "link_click_devices_campaign_id_device_machine_pk" PRIMARY KEY("campaign_id","device","machine")
);
--> statement-breakpoint
ALTER TABLE "link_click_devices" ADD CONSTRAINT "link_click_devices_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- link_click_devices is kept exact by these triggers (server/db/schema/dashboards.ts says why), as engagement_daily
-- is: each sums one statement's rows into deltas per (campaign, device, machine) and upserts them in key order, so
-- two statements never wait on each other's rows in opposite orders. The join with campaigns leaves out a campaign
-- being deleted (its rows go with it: ON DELETE CASCADE).
CREATE FUNCTION "link_click_devices_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
  INSERT INTO link_click_devices AS d (campaign_id, device, machine, clicks)
  SELECT n.campaign_id, n.device, n.machine, count(*)::int FROM new_rows n JOIN campaigns c ON c.id = n.campaign_id
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (campaign_id, device, machine) DO UPDATE SET clicks = d.clicks + excluded.clicks;
  ELSE
  INSERT INTO link_click_devices AS d (campaign_id, device, machine, clicks)
  SELECT o.campaign_id, o.device, o.machine, -count(*)::int FROM old_rows o JOIN campaigns c ON c.id = o.campaign_id
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (campaign_id, device, machine) DO UPDATE SET clicks = d.clicks + excluded.clicks;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "link_click_devices_insert" AFTER INSERT ON "link_clicks" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION link_click_devices_apply();--> statement-breakpoint
CREATE TRIGGER "link_click_devices_delete" AFTER DELETE ON "link_clicks" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION link_click_devices_apply();--> statement-breakpoint
INSERT INTO link_click_devices (campaign_id, device, machine, clicks)
SELECT campaign_id, device, machine, count(*)::int FROM link_clicks GROUP BY 1, 2, 3;
