CREATE TABLE "review_queue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "review_queue_version_one_row" CHECK ("review_queue_version"."id" = 1)
);
--> statement-breakpoint
-- What the review queues show (services/review listReviewQueues) comes from the applications waiting at
-- a review stage's status (0 权籍调查审核, 10 受理审核: packages/domain reviewStageStatus), their
-- applicants' names, their filer's name and their business's name. Each change to any of these moves
-- review_queue_version on, whoever makes it (any process, any statement). The triggers are deferred
-- to commit time: the number moves in the committing transaction, after all its other work, so it
-- becomes visible with the change itself and its row lock is held for no longer than the commit.
INSERT INTO "review_queue_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "hall_review_queue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "review_queue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An applicant's change matters only while the application waits in a queue.
CREATE FUNCTION "hall_review_queue_applicant_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "applications" WHERE "id" IN (OLD."application_id", NEW."application_id") AND "shzt" IN (0, 10)) THEN
    UPDATE "review_queue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "applications_review_queue_insert" AFTER INSERT ON "applications" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."shzt" IN (0, 10)) EXECUTE FUNCTION "hall_review_queue_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "applications_review_queue_update" AFTER UPDATE ON "applications" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD."shzt" IN (0, 10) OR NEW."shzt" IN (0, 10)) AND OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "hall_review_queue_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "applications_review_queue_delete" AFTER DELETE ON "applications" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."shzt" IN (0, 10)) EXECUTE FUNCTION "hall_review_queue_changed"();--> statement-breakpoint
CREATE TRIGGER "applications_review_queue_truncate" AFTER TRUNCATE ON "applications"
  FOR EACH STATEMENT EXECUTE FUNCTION "hall_review_queue_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "applicants_review_queue" AFTER INSERT OR UPDATE OR DELETE ON "applicants" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "hall_review_queue_applicant_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_review_queue" AFTER UPDATE OF "name" ON "users" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "hall_review_queue_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "businesses_review_queue" AFTER UPDATE OF "prodef_name" ON "businesses" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."prodef_name" IS DISTINCT FROM NEW."prodef_name") EXECUTE FUNCTION "hall_review_queue_changed"();
