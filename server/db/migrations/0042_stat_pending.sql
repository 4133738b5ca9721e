CREATE TABLE "cms_stat_pending" (
	"site_id" bigint NOT NULL,
	"day" date NOT NULL,
	"marks" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "cms_stat_pending_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
-- Every insert into cms_stat_event marks the (site, UTC day) pairs of its rows as pending, in the
-- writer's transaction: the rollup learns which days to recompute without reading the events, and
-- an event committed late (another process's flush) cannot fall behind a cursor. One statement a
-- batch (a transition table), pairs in key order so two writers' batches lock them in one order.
CREATE OR REPLACE FUNCTION cms_stat_mark_pending() RETURNS trigger AS $$
BEGIN
  INSERT INTO cms_stat_pending (site_id, day)
    SELECT DISTINCT site_id, (at AT TIME ZONE 'UTC')::date FROM added ORDER BY 1, 2
    ON CONFLICT (site_id, day) DO UPDATE SET marks = cms_stat_pending.marks + 1;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER cms_stat_event_pending_trg
  AFTER INSERT ON cms_stat_event REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION cms_stat_mark_pending();
--> statement-breakpoint
-- The events the former cursor had not reached yet are pending.
INSERT INTO cms_stat_pending (site_id, day)
  SELECT DISTINCT site_id, (at AT TIME ZONE 'UTC')::date FROM cms_stat_event
  WHERE event_id > coalesce((SELECT last_event_id FROM cms_stat_rollup WHERE id = 1), 0)
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP TABLE "cms_stat_rollup" CASCADE;
