CREATE TABLE "appointment_site_settings" (
	"area_id" text PRIMARY KEY NOT NULL,
	"working_weekdays" text DEFAULT '12345' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_special_days" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "appointment_special_days_kind_check" CHECK ("appointment_special_days"."kind" in ('holiday', 'workday'))
);
--> statement-breakpoint
CREATE TABLE "appointment_slot_settings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"process_id" text NOT NULL,
	"time_name" text NOT NULL,
	"max_num" integer NOT NULL,
	"weekdays" text DEFAULT '12345' NOT NULL,
	CONSTRAINT "appointment_slot_settings_places_check" CHECK ("appointment_slot_settings"."max_num" >= 0 AND "appointment_slot_settings"."max_num" <= 999)
);
--> statement-breakpoint
CREATE TABLE "appointment_attendance" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_kind" text NOT NULL,
	"booking_id" bigint NOT NULL,
	"state" text NOT NULL,
	"operator_name" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_attendance_kind_check" CHECK ("appointment_attendance"."booking_kind" in ('order', 'counter')),
	CONSTRAINT "appointment_attendance_state_check" CHECK ("appointment_attendance"."state" in ('arrived', 'no_show'))
);
--> statement-breakpoint
ALTER TABLE "appointment_site_settings" ADD CONSTRAINT "appointment_site_settings_area_id_appointment_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."appointment_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_special_days" ADD CONSTRAINT "appointment_special_days_area_id_appointment_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."appointment_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slot_settings" ADD CONSTRAINT "appointment_slot_settings_process_id_appointment_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."appointment_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_special_days_area_day_idx" ON "appointment_special_days" USING btree ("area_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_slot_settings_process_time_idx" ON "appointment_slot_settings" USING btree ("process_id","time_name");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_attendance_booking_idx" ON "appointment_attendance" USING btree ("booking_kind","booking_id");
