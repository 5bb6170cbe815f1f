-- The registry retry rule (services/queries/registry-retry.ts): when a pending record may be tried next,
-- and its last failed try. Records already in the table get now(), so those still pending are tried at once.
ALTER TABLE "query_records" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "query_records" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "query_records" ADD COLUMN "last_error" text;