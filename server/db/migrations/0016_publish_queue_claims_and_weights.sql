ALTER TABLE "cms_publish_task" ADD COLUMN "weight" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_publish_task" ADD COLUMN "done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_publish_task" ADD COLUMN "failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "cms_publish_task_claim_idx" ON "cms_publish_task" USING btree ((case "data_type" when 'content' then 0 when 'contents' then 0 when 'catalog' then 1 else 2 end),"task_id") WHERE status = 'READY';--> statement-breakpoint
CREATE INDEX "cms_publish_task_site_time_idx" ON "cms_publish_task" USING btree ("site_id","create_time");