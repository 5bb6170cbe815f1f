-- Citizens signing in on the web: a sign-in code works in the browser that asked for it and for a few tries; a phone proved by a code finds its one account.
ALTER TABLE "sms_codes" ADD COLUMN "browser_ticket" text;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_idx" ON "users" USING btree ("phone") WHERE "users"."phone_verified";--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "users_account_idx" ON "users" USING btree ("account");