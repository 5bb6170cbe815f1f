-- review_queue_version's number now lives in kept_read_versions (0020), and no trigger calls
-- hall_review_queue_changed() any more: both go.
DROP TABLE "review_queue_version" CASCADE;--> statement-breakpoint
DROP FUNCTION "hall_review_queue_changed"();
