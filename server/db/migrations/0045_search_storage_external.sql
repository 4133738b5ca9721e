-- The search index's term list and body are stored out of line uncompressed (EXTERNAL): PostgreSQL tried to compress
-- both on every row written, and neither compresses by the quarter pglz asks (a term list is lexemes and positions; the
-- bench's 2 KB bodies of mixed Chinese and English went from 3,162 to 3,026 bytes on average), so each write paid for a
-- failed compression of ~8 KB: ~0.08 ms of PGlite's thread a row (docs/search.md "Speed"), and every row of a rebuild
-- is written. Rows already written keep their form until rewritten; searches read either.
ALTER TABLE "cms_search_index" ALTER COLUMN "tsv" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "cms_search_index" ALTER COLUMN "body" SET STORAGE EXTERNAL;
