-- Phrase searches test each candidate's neighbouring word pairs (a Bloom filter, server/modules/cms/search/pair-signature.ts)
-- before reading its term list; filtered searches ask the GIN index for the catalog's and type's terms with the words
-- (filter-terms.ts). Rows written before have neither: a content without a filter is always read, and a site's filter
-- terms are used only once no rebuild of it is under way. Every site that has an index is rebuilt in the background once
-- the server starts (search/rebuild.ts resumeRebuilds), its rows rewritten in place one batch at a time while searches go on.
CREATE TABLE "cms_search_pairs" (
	"content_id" bigint PRIMARY KEY NOT NULL,
	"pairs" bit(4096) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cms_search_pairs" ADD CONSTRAINT "cms_search_pairs_content_id_cms_search_index_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."cms_search_index"("content_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_search_pairs" ALTER COLUMN "pairs" SET STORAGE MAIN;--> statement-breakpoint
INSERT INTO "cms_search_rebuild" ("site_id", "total", "create_by")
  SELECT "site_id", count(*)::int, 'upgrade' FROM "cms_search_index" GROUP BY "site_id"
  ON CONFLICT ("site_id") DO NOTHING;
