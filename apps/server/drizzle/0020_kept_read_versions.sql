-- One version row for each read a process keeps between changes (src/lib/kept-read.ts KEPT_READS), in
-- place of review_queue_version alone: the review queues keep theirs (carried over, so a process that
-- runs across the migration sees no change it did not make), the home's menus gain one that the content
-- console moves. The review queue's triggers of 0016 are made again on one trigger function that takes
-- the read it moves as its argument, so a test can find, for each table a kept read declares, the
-- trigger that moves it (test/kept-reads.test.ts). What fires them and when is as in 0016. To go back:
-- make 0016's triggers again on hall_review_queue_changed(), then drop this table and hall_kept_read_changed().
CREATE TABLE "kept_read_versions" (
	"read" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "kept_read_versions" ("read", "version") SELECT 'review_queue', "version" FROM "review_queue_version" WHERE "id" = 1;--> statement-breakpoint
INSERT INTO "kept_read_versions" ("read", "version") VALUES ('review_queue', 0), ('wx_menu', 0) ON CONFLICT ("read") DO NOTHING;--> statement-breakpoint
-- Moves the version of the kept read named by the trigger's argument.
CREATE FUNCTION "hall_kept_read_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "kept_read_versions" SET "version" = "version" + 1 WHERE "read" = TG_ARGV[0];
  RETURN NULL;
END $$;--> statement-breakpoint
-- An applicant's change matters only while the application waits in a queue.
CREATE OR REPLACE FUNCTION "hall_review_queue_applicant_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "applications" WHERE "id" IN (OLD."application_id", NEW."application_id") AND "shzt" IN (0, 10)) THEN
    UPDATE "kept_read_versions" SET "version" = "version" + 1 WHERE "read" = TG_ARGV[0];
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "applications_review_queue_insert" ON "applications";--> statement-breakpoint
DROP TRIGGER "applications_review_queue_update" ON "applications";--> statement-breakpoint
DROP TRIGGER "applications_review_queue_delete" ON "applications";--> statement-breakpoint
DROP TRIGGER "applications_review_queue_truncate" ON "applications";--> statement-breakpoint
DROP TRIGGER "applicants_review_queue" ON "applicants";--> statement-breakpoint
DROP TRIGGER "users_review_queue" ON "users";--> statement-breakpoint
DROP TRIGGER "businesses_review_queue" ON "businesses";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "applications_review_queue_insert" AFTER INSERT ON "applications" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."shzt" IN (0, 10)) EXECUTE FUNCTION "hall_kept_read_changed"('review_queue');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "applications_review_queue_update" AFTER UPDATE ON "applications" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD."shzt" IN (0, 10) OR NEW."shzt" IN (0, 10)) AND OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "hall_kept_read_changed"('review_queue');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "applications_review_queue_delete" AFTER DELETE ON "applications" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."shzt" IN (0, 10)) EXECUTE FUNCTION "hall_kept_read_changed"('review_queue');--> statement-breakpoint
CREATE TRIGGER "applications_review_queue_truncate" AFTER TRUNCATE ON "applications"
  FOR EACH STATEMENT EXECUTE FUNCTION "hall_kept_read_changed"('review_queue');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "applicants_review_queue" AFTER INSERT OR UPDATE OR DELETE ON "applicants" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "hall_review_queue_applicant_changed"('review_queue');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_review_queue" AFTER UPDATE OF "name" ON "users" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "hall_kept_read_changed"('review_queue');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "businesses_review_queue" AFTER UPDATE OF "prodef_name" ON "businesses" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."prodef_name" IS DISTINCT FROM NEW."prodef_name") EXECUTE FUNCTION "hall_kept_read_changed"('review_queue');
