-- A number at the window: 办理中, between the call and 办结 (services/queue-calling).
ALTER TABLE "queue_orders" DROP CONSTRAINT "queue_orders_call_state_check";--> statement-breakpoint
ALTER TABLE "queue_orders" ADD CONSTRAINT "queue_orders_call_state_check" CHECK ("queue_orders"."call_state" IN ('waiting', 'called', 'serving', 'skipped', 'done'));