-- The search index's rows change form (publish-date bucket terms in tsv: server/modules/cms/search/time-buckets.ts; the
-- ranking terms in head). Rather than rewrite every row here (minutes on a large index, past the migration's time limit),
-- the index is emptied and every site that had one is rebuilt by the server once it starts (search/rebuild.ts
-- resumeRebuilds), from its first content.
INSERT INTO "cms_search_rebuild" ("site_id", "total", "create_by")
  SELECT "site_id", count(*)::int, 'upgrade' FROM "cms_search_index" GROUP BY "site_id"
  ON CONFLICT ("site_id") DO UPDATE SET "cursor" = 0, "done" = 0, "start_time" = now();--> statement-breakpoint
TRUNCATE "cms_search_index";--> statement-breakpoint
ALTER TABLE "cms_search_index" ADD COLUMN "head" "tsvector" GENERATED ALWAYS AS (ts_filter(tsv, '{a,b}')) STORED;
