-- pg_trgm ships with PostgreSQL (contrib, a trusted extension since 13) and with PGlite (loaded in server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "cms_content_title_trgm_idx" ON "cms_content" USING gin ("title" gin_trgm_ops);