ALTER TABLE "sys_logininfor" ADD COLUMN "msg_key" varchar(100);--> statement-breakpoint
ALTER TABLE "sys_logininfor" ADD COLUMN "msg_params" jsonb;