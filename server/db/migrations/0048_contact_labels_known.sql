-- The labels an owner's contacts carry are listed once per owner in contact_label_colors (colour null: the default),
-- so the contacts filter and the inbox's label picker read a row per label, not every contact. After each write, one
-- statement over the rows it wrote (transition tables, as the campaign report's rollup does): labels it brought are
-- added; labels it took away (an update or a delete) go when no contact of the owner carries them any more and
-- nobody gave them a colour (the GIN index on contacts.labels answers each in one lookup).
CREATE OR REPLACE FUNCTION "contact_labels_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO contact_label_colors (user_id, name, color)
    SELECT DISTINCT n.user_id, l.name, NULL::text FROM new_rows n CROSS JOIN LATERAL unnest(n.labels) AS l(name)
    ON CONFLICT (user_id, name) DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM contact_label_colors k
    USING (SELECT DISTINCT o.user_id, l.name FROM old_rows o CROSS JOIN LATERAL unnest(o.labels) AS l(name)) gone
    WHERE k.user_id = gone.user_id AND k.name = gone.name AND k.color IS NULL
      AND NOT EXISTS (SELECT 1 FROM contacts c WHERE c.user_id = k.user_id AND c.labels @> ARRAY[k.name]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "contact_labels_insert" ON "contacts";--> statement-breakpoint
CREATE TRIGGER "contact_labels_insert" AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_labels_sync();--> statement-breakpoint
DROP TRIGGER IF EXISTS "contact_labels_update" ON "contacts";--> statement-breakpoint
CREATE TRIGGER "contact_labels_update" AFTER UPDATE ON "contacts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_labels_sync();--> statement-breakpoint
DROP TRIGGER IF EXISTS "contact_labels_delete" ON "contacts";--> statement-breakpoint
CREATE TRIGGER "contact_labels_delete" AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_labels_sync();--> statement-breakpoint
INSERT INTO contact_label_colors (user_id, name, color)
SELECT DISTINCT c.user_id, l.name, NULL::text FROM contacts c CROSS JOIN LATERAL unnest(c.labels) AS l(name)
ON CONFLICT (user_id, name) DO NOTHING;
