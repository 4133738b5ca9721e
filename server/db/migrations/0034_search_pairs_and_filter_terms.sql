-- Phrase searches test each candidate's neighbouring word pairs (a Bloom filter kept in the row, server/modules/cms/search/
-- pair-signature.ts; MAIN: it does not compress, and out of line it would cost the read it saves) before reading its term
-- list; filtered searches ask the GIN index for the catalog's and type's terms with the words (filter-terms.ts). Rows
-- written before have neither: a row without a filter is always read, and a site's filter terms are used only once no
-- rebuild of it is under way. Every site that has an index is rebuilt in the background once the server starts
-- (search/rebuild.ts resumeRebuilds), its rows rewritten in place one batch at a time while searches go on.
ALTER TABLE "cms_search_index" ADD COLUMN "pairs" bit(2048);--> statement-breakpoint
ALTER TABLE "cms_search_index" ALTER COLUMN "pairs" SET STORAGE MAIN;--> statement-breakpoint
INSERT INTO "cms_search_rebuild" ("site_id", "total", "create_by")
  SELECT "site_id", count(*)::int, 'upgrade' FROM "cms_search_index" GROUP BY "site_id"
  ON CONFLICT ("site_id") DO NOTHING;
