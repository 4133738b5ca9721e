CREATE TABLE "cms_content_view_day" (
	"content_id" bigint NOT NULL,
	"day" date NOT NULL,
	"site_id" bigint NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cms_content_view_day_content_id_day_pk" PRIMARY KEY("content_id","day")
);
--> statement-breakpoint
ALTER TABLE "cms_content_view_day" ADD CONSTRAINT "cms_content_view_day_content_id_cms_content_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."cms_content"("content_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cms_content_view_day_site_idx" ON "cms_content_view_day" USING btree ("site_id","day");