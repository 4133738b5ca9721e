ALTER TABLE "cms_search_word" ADD COLUMN "found_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Words searched before the column existed: their searches that found something, from the log (searchlog/logger.ts wordOf, as SQL).
UPDATE "cms_search_word" w SET "found_total" = f.n FROM (
  SELECT site_id, left(lower(regexp_replace(btrim(query), '\s+', ' ', 'g')), 100) AS word, count(*) AS n
  FROM "cms_search_log" WHERE result_count > 0 GROUP BY 1, 2
) f WHERE f.site_id = w.site_id AND f.word = w.word;
