-- The rankings (stat/queries.ts ranking) sum a period's day rows of one dimension: with the counts
-- in the primary key's index they are read from the index alone (an index-only scan), not from the
-- table's pages. 90 days of a busy site are 90,000 rows a dimension; this halves the time to rank
-- them on PostgreSQL (docs/statistics.md). Drizzle's schema cannot say INCLUDE: the constraint keeps
-- the name and the key columns the schema declares, so later generated migrations see no change.
ALTER TABLE "cms_stat_dim_day" DROP CONSTRAINT "cms_stat_dim_day_site_id_dim_day_key_pk";
--> statement-breakpoint
ALTER TABLE "cms_stat_dim_day" ADD CONSTRAINT "cms_stat_dim_day_site_id_dim_day_key_pk" PRIMARY KEY ("site_id", "dim", "day", "key") INCLUDE ("pv", "uv", "visits");
