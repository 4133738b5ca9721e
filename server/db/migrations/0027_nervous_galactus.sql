CREATE TABLE "cms_search_pending" (
	"content_id" bigint PRIMARY KEY NOT NULL,
	"enqueued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cms_search_pending_order_idx" ON "cms_search_pending" USING btree ("enqueued_at","content_id");