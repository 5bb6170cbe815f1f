CREATE TABLE "appointment_areas" (
	"id" text PRIMARY KEY NOT NULL,
	"xzqdm" text NOT NULL,
	"area_name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"worktime" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"lat" text DEFAULT '' NOT NULL,
	"lng" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_calendars" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" text NOT NULL,
	"calendar_date" date NOT NULL,
	"time_class" text NOT NULL,
	"holiday" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"application_id" bigint NOT NULL,
	"wlsh" text NOT NULL,
	"area_id" text NOT NULL,
	"process_id" text NOT NULL,
	"calendar_id" bigint NOT NULL,
	"slot_id" bigint NOT NULL,
	"booked_date" date NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"extend_data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"area_id" text NOT NULL,
	"process_name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_slots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"calendar_id" bigint NOT NULL,
	"process_id" text NOT NULL,
	"time_name" text NOT NULL,
	"max_num" integer NOT NULL,
	"count_num" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_slots_capacity_check" CHECK ("appointment_slots"."count_num" >= 0 AND "appointment_slots"."count_num" <= "appointment_slots"."max_num")
);
--> statement-breakpoint
ALTER TABLE "appointment_calendars" ADD CONSTRAINT "appointment_calendars_area_id_appointment_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."appointment_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_orders" ADD CONSTRAINT "appointment_orders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_orders" ADD CONSTRAINT "appointment_orders_area_id_appointment_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."appointment_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_orders" ADD CONSTRAINT "appointment_orders_process_id_appointment_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."appointment_processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_orders" ADD CONSTRAINT "appointment_orders_calendar_id_appointment_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."appointment_calendars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_orders" ADD CONSTRAINT "appointment_orders_slot_id_appointment_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."appointment_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_processes" ADD CONSTRAINT "appointment_processes_area_id_appointment_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."appointment_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_calendar_id_appointment_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."appointment_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_process_id_appointment_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."appointment_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_areas_xzqdm_idx" ON "appointment_areas" USING btree ("xzqdm");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_calendars_area_date_idx" ON "appointment_calendars" USING btree ("area_id","calendar_date","time_class");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_orders_owner_case_idx" ON "appointment_orders" USING btree ("openid","application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_orders_owner_date_idx" ON "appointment_orders" USING btree ("openid","booked_date");--> statement-breakpoint
CREATE INDEX "appointment_orders_owner_idx" ON "appointment_orders" USING btree ("openid","created_at");--> statement-breakpoint
CREATE INDEX "appointment_processes_area_idx" ON "appointment_processes" USING btree ("area_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_slots_calendar_process_time_idx" ON "appointment_slots" USING btree ("calendar_id","process_id","time_name");