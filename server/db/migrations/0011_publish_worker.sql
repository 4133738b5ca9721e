CREATE TABLE "cms_publish_run" (
	"site_id" bigint PRIMARY KEY NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cms_publish_task" ADD COLUMN "worker_id" varchar(64);--> statement-breakpoint
ALTER TABLE "cms_publish_task" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cms_publish_task" ADD COLUMN "errors" jsonb;--> statement-breakpoint
ALTER TABLE "cms_publish_run" ADD CONSTRAINT "cms_publish_run_site_id_cms_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."cms_site"("site_id") ON DELETE cascade ON UPDATE no action;