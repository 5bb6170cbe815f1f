CREATE TABLE "archive_query_steps" (
	"bsm" text PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"session_id" text NOT NULL,
	"phone" text NOT NULL,
	"code_verified_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"record_id" bigint
);
--> statement-breakpoint
ALTER TABLE "archive_query_steps" ADD CONSTRAINT "archive_query_steps_record_id_query_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."query_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archive_query_steps_owner_idx" ON "archive_query_steps" USING btree ("openid","session_id","code_verified_at");