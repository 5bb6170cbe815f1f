CREATE TABLE "counter_bookings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"calendar_id" bigint NOT NULL,
	"slot_id" bigint NOT NULL,
	"booked_date" date NOT NULL,
	"yysj" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"zjh" text NOT NULL,
	"application_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "counter_bookings" ADD CONSTRAINT "counter_bookings_calendar_id_appointment_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."appointment_calendars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_bookings" ADD CONSTRAINT "counter_bookings_slot_id_appointment_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."appointment_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_bookings" ADD CONSTRAINT "counter_bookings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counter_bookings_owner_date_idx" ON "counter_bookings" USING btree ("openid","booked_date");--> statement-breakpoint
CREATE UNIQUE INDEX "counter_bookings_application_idx" ON "counter_bookings" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "counter_bookings_owner_idx" ON "counter_bookings" USING btree ("openid","created_at");