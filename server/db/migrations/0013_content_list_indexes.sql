-- pg_trgm ships with PostgreSQL (contrib, a trusted extension since 13) and with PGlite (loaded in server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "cms_content_catalog_default_idx";--> statement-breakpoint
DROP INDEX "cms_content_catalog_create_idx";--> statement-breakpoint
DROP INDEX "cms_content_catalog_publish_idx";--> statement-breakpoint
DROP INDEX "cms_content_site_default_idx";--> statement-breakpoint
CREATE INDEX "cms_content_site_create_idx" ON "cms_content" USING btree ("site_id","create_time","content_id") WHERE recycle_time is null;--> statement-breakpoint
CREATE INDEX "cms_content_site_publish_idx" ON "cms_content" USING btree ("site_id","publish_date" DESC NULLS LAST,"content_id" DESC NULLS FIRST) WHERE recycle_time is null;--> statement-breakpoint
CREATE INDEX "cms_content_site_view_idx" ON "cms_content" USING btree ("site_id","view_count" DESC NULLS FIRST,"content_id" DESC NULLS FIRST) WHERE recycle_time is null;--> statement-breakpoint
CREATE INDEX "cms_content_site_favorite_idx" ON "cms_content" USING btree ("site_id","favorite_count" DESC NULLS FIRST,"content_id" DESC NULLS FIRST) WHERE recycle_time is null;--> statement-breakpoint
CREATE INDEX "cms_content_site_like_idx" ON "cms_content" USING btree ("site_id","like_count" DESC NULLS FIRST,"content_id" DESC NULLS FIRST) WHERE recycle_time is null;--> statement-breakpoint
CREATE INDEX "cms_content_site_comment_idx" ON "cms_content" USING btree ("site_id","comment_count" DESC NULLS FIRST,"content_id" DESC NULLS FIRST) WHERE recycle_time is null;--> statement-breakpoint
CREATE INDEX "cms_content_title_trgm_idx" ON "cms_content" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cms_content_catalog_default_idx" ON "cms_content" USING btree ("catalog_id","top_flag" DESC NULLS FIRST,"sort_flag" DESC NULLS FIRST,"content_id" DESC NULLS FIRST) WHERE recycle_time is null;--> statement-breakpoint
CREATE INDEX "cms_content_catalog_create_idx" ON "cms_content" USING btree ("catalog_id","create_time","content_id") WHERE recycle_time is null;--> statement-breakpoint
CREATE INDEX "cms_content_catalog_publish_idx" ON "cms_content" USING btree ("catalog_id","publish_date" DESC NULLS LAST,"content_id" DESC NULLS FIRST) WHERE recycle_time is null;--> statement-breakpoint
CREATE INDEX "cms_content_site_default_idx" ON "cms_content" USING btree ("site_id","top_flag" DESC NULLS FIRST,"sort_flag" DESC NULLS FIRST,"content_id" DESC NULLS FIRST) WHERE recycle_time is null;