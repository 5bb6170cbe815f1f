-- Console sign-in failures by name and client address (services/operators/sign-in-locks.ts): a lock stops the
-- address that guessed, not the owner elsewhere; the account's own lock stays for a campaign from many addresses.
CREATE TABLE "operator_sign_in_failures" (
	"username" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "operator_sign_in_failures_username_address_pk" PRIMARY KEY("username","address")
);
--> statement-breakpoint
CREATE INDEX "operator_sign_in_failures_window_idx" ON "operator_sign_in_failures" USING btree ("window_start");--> statement-breakpoint
ALTER TABLE "operator_accounts" DROP COLUMN "failed_sign_ins";