-- Live contents per catalog, type and status, kept as rows change, so list totals and dashboard
-- counts read a handful of rows instead of counting cms_content. A content in the recycle bin
-- (recycle_time set) is not live.
CREATE OR REPLACE FUNCTION cms_content_count_sync() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.catalog_id = NEW.catalog_id AND OLD.content_type = NEW.content_type
     AND OLD.status = NEW.status AND (OLD.recycle_time IS NULL) = (NEW.recycle_time IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.recycle_time IS NULL THEN
    UPDATE cms_content_count SET n = n - 1
      WHERE catalog_id = OLD.catalog_id AND content_type = OLD.content_type AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.recycle_time IS NULL THEN
    INSERT INTO cms_content_count (site_id, catalog_id, content_type, status, n)
      VALUES (NEW.site_id, NEW.catalog_id, NEW.content_type, NEW.status, 1)
      ON CONFLICT (catalog_id, content_type, status) DO UPDATE SET n = cms_content_count.n + 1;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER cms_content_count_trg
  AFTER INSERT OR DELETE OR UPDATE OF catalog_id, content_type, status, recycle_time ON cms_content
  FOR EACH ROW EXECUTE FUNCTION cms_content_count_sync();
