-- Indexes the hall's queries need at volume (bench/volume: 1 M applications, 2 M query records, a year of bookings):
-- the review queues' order, and the statistics page's date ranges of submissions, queries, bookings and queue calls.
CREATE INDEX "query_records_created_idx" ON "query_records" USING btree ("created_at","kind");--> statement-breakpoint
CREATE INDEX "applications_review_queue_idx" ON "applications" USING btree ("shzt","submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_submitted_idx" ON "applications" USING btree ("submitted_at","shzt","prodefid","xzqdm");--> statement-breakpoint
CREATE INDEX "appointment_orders_booked_date_idx" ON "appointment_orders" USING btree ("booked_date");--> statement-breakpoint
CREATE INDEX "counter_bookings_booked_date_idx" ON "counter_bookings" USING btree ("booked_date");--> statement-breakpoint
CREATE INDEX "queue_orders_called_idx" ON "queue_orders" USING btree ("called_at");