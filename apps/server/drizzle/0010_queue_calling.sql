ALTER TABLE "queue_orders" ADD COLUMN "call_state" text DEFAULT 'waiting' NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_orders" ADD COLUMN "call_window" integer;--> statement-breakpoint
ALTER TABLE "queue_orders" ADD COLUMN "called_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "queue_orders_calling_idx" ON "queue_orders" USING btree ("group_id","res_day","call_state","res_time","id");--> statement-breakpoint
ALTER TABLE "queue_orders" ADD CONSTRAINT "queue_orders_call_state_check" CHECK ("queue_orders"."call_state" IN ('waiting', 'called', 'skipped', 'done'));
