CREATE TABLE "cms_stat_day" (
	"site_id" bigint NOT NULL,
	"day" date NOT NULL,
	"pv" bigint NOT NULL,
	"uv" bigint NOT NULL,
	"ips" bigint NOT NULL,
	"visits" bigint NOT NULL,
	CONSTRAINT "cms_stat_day_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
CREATE TABLE "cms_stat_dim_day" (
	"site_id" bigint NOT NULL,
	"day" date NOT NULL,
	"dim" varchar(10) NOT NULL,
	"key" varchar(500) NOT NULL,
	"pv" bigint NOT NULL,
	"uv" bigint NOT NULL,
	"visits" bigint NOT NULL,
	CONSTRAINT "cms_stat_dim_day_site_id_dim_day_key_pk" PRIMARY KEY("site_id","dim","day","key")
);
--> statement-breakpoint
CREATE TABLE "cms_stat_event" (
	"event_id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"content_id" bigint,
	"catalog_id" bigint,
	"path" varchar(500) NOT NULL,
	"entry" boolean NOT NULL,
	"ref_host" varchar(255),
	"source" varchar(10) NOT NULL,
	"engine" varchar(20),
	"word" varchar(100),
	"browser" varchar(40) NOT NULL,
	"os" varchar(40) NOT NULL,
	"device" varchar(20) NOT NULL,
	"country" varchar(2),
	"visitor" varchar(22) NOT NULL,
	"addr" varchar(22) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_stat_hour" (
	"site_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"pv" bigint NOT NULL,
	"uv" bigint NOT NULL,
	"ips" bigint NOT NULL,
	"visits" bigint NOT NULL,
	CONSTRAINT "cms_stat_hour_site_id_hour_pk" PRIMARY KEY("site_id","hour")
);
--> statement-breakpoint
CREATE TABLE "cms_stat_rollup" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_event_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cms_stat_event_site_at_idx" ON "cms_stat_event" USING btree ("site_id","at");--> statement-breakpoint
CREATE INDEX "cms_stat_event_at_idx" ON "cms_stat_event" USING btree ("at");