CREATE TABLE "sys_login_attempt" (
	"name_key" varchar(30) PRIMARY KEY NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"lock_end_time" timestamp with time zone,
	"last_fail_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "sys_user_user_name_uq";--> statement-breakpoint
CREATE INDEX "sys_login_attempt_last_fail_idx" ON "sys_login_attempt" USING btree ("last_fail_time");--> statement-breakpoint
-- User names become unique regardless of case. Should two differ only by case (`Admin` beside
-- `admin`), the older account keeps its name and each newer one gets `_<user id>` appended (cut to
-- fit 30 characters), so the unique index can be built and nobody loses an account.
UPDATE "sys_user" AS u SET "user_name" = left(u."user_name", 29 - length(u."user_id"::text)) || '_' || u."user_id"
WHERE EXISTS (SELECT 1 FROM "sys_user" AS o WHERE lower(o."user_name") = lower(u."user_name") AND o."user_id" < u."user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_user_name_lower_uq" ON "sys_user" USING btree (lower("user_name"));--> statement-breakpoint
-- Failure counts and running locks move to sys_login_attempt, keyed by the lower-cased name.
INSERT INTO "sys_login_attempt" ("name_key", "fail_count", "lock_end_time")
SELECT lower("user_name"), "login_fail_count", CASE WHEN "lock_end_time" > now() THEN "lock_end_time" END FROM "sys_user"
WHERE "login_fail_count" > 0 OR "lock_end_time" > now();--> statement-breakpoint
ALTER TABLE "sys_user" DROP COLUMN "login_fail_count";--> statement-breakpoint
ALTER TABLE "sys_user" DROP COLUMN "lock_end_time";
