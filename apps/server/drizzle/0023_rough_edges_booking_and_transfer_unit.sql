-- A case booked online before its list learned of it offers the booking slip (kyy 2), not 点击预约.
UPDATE "applications" SET "kyy" = '2'
WHERE "kyy" = '1' AND EXISTS (SELECT 1 FROM "appointment_orders" o WHERE o."application_id" = "applications"."id");--> statement-breakpoint
-- A transfer (200+4) asks its 交易金额 in the 权利信息 only: the unit form no longer asks it again.
DELETE FROM "business_fields"
WHERE "field" = 'qdjg' AND "prodef_id" IN (SELECT "id" FROM "businesses" WHERE "djlx" = '200' AND "qllx" = '4');
