-- The province's unified identity: an account holds at most one OpenID provider subject; a verified ID card number finds its account.
ALTER TABLE "users" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_subject_idx" ON "users" USING btree ("oidc_issuer","oidc_subject") WHERE "users"."oidc_subject" is not null;--> statement-breakpoint
CREATE INDEX "users_cardnum_idx" ON "users" USING btree ("cardnum");