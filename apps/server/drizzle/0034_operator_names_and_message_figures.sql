CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
-- Marks, answers and articles written before named the operator's account; they name the person now, as new ones do.
UPDATE "appointment_attendance" AS a SET "operator_name" = o."display_name" FROM "operator_accounts" AS o WHERE a."operator_name" = o."username" AND o."display_name" <> '';--> statement-breakpoint
UPDATE "rating_follow_ups" AS f SET "answered_by_name" = o."display_name" FROM "operator_accounts" AS o WHERE f."answered_by" = o."id" AND f."answered_by_name" = o."username" AND o."display_name" <> '';--> statement-breakpoint
UPDATE "articles" AS r SET "updated_by" = o."display_name" FROM "operator_accounts" AS o WHERE r."updated_by" = o."username" AND o."display_name" <> '';
