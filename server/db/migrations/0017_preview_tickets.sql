CREATE TABLE "cms_preview_ticket" (
	"ticket_hash" varchar(64) PRIMARY KEY NOT NULL,
	"session_hash" varchar(64) NOT NULL,
	"site_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"object_type" varchar(16) NOT NULL,
	"object_id" bigint NOT NULL,
	"console_origin" varchar(255) NOT NULL,
	"html" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cms_preview_ticket" ADD CONSTRAINT "cms_preview_ticket_site_id_cms_site_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."cms_site"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cms_preview_ticket_expires_idx" ON "cms_preview_ticket" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "cms_preview_ticket_session_idx" ON "cms_preview_ticket" USING btree ("session_hash","kind");