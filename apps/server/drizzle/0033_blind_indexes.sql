-- Phones and ID numbers are sealed at rest (docs/decisions/021): their indexes are on the blind index each sealed value carries.
DROP INDEX "sms_codes_phone_idx";--> statement-breakpoint
DROP INDEX "users_verified_phone_idx";--> statement-breakpoint
DROP INDEX "users_phone_idx";--> statement-breakpoint
DROP INDEX "users_cardnum_idx";--> statement-breakpoint
CREATE INDEX "registry_certificates_owner_idx" ON "registry_certificates" USING btree (nullif(split_part("owner_idcard", '$', 3), ''));--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree (nullif(split_part("phone", '$', 3), ''),"created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_idx" ON "users" USING btree (nullif(split_part("phone", '$', 3), '')) WHERE "users"."phone_verified";--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree (nullif(split_part("phone", '$', 3), ''));--> statement-breakpoint
CREATE INDEX "users_cardnum_idx" ON "users" USING btree (nullif(split_part("cardnum", '$', 3), ''));