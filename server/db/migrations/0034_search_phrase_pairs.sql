-- Each index row gains its neighbouring word pairs' filter (server/modules/cms/search/pair-signature.ts), which phrase
-- searches test before reading a row's term list; kept in the row (MAIN: a Bloom filter does not compress, and out of
-- line it would cost the read it saves). Rows written before have none (null: always read, so every search stays
-- right); every site that has an index is rebuilt in the background once the server starts (search/rebuild.ts
-- resumeRebuilds), its rows rewritten in place one batch at a time while searches go on.
ALTER TABLE "cms_search_index" ADD COLUMN "pairs" bit(4096);--> statement-breakpoint
ALTER TABLE "cms_search_index" ALTER COLUMN "pairs" SET STORAGE MAIN;--> statement-breakpoint
INSERT INTO "cms_search_rebuild" ("site_id", "total", "create_by")
  SELECT "site_id", count(*)::int, 'upgrade' FROM "cms_search_index" GROUP BY "site_id"
  ON CONFLICT ("site_id") DO NOTHING;
