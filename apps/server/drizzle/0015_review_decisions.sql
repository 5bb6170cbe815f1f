-- The review decisions the statistics page reads, apart from the wide audit trail (services/review writes
-- one in each decision's transaction). The decisions made before this migration are copied from the audit
-- trail as the page counted them until now: against the application's latest submission, leaving out a
-- decision of an earlier round, whose own submission time the trail does not keep.
CREATE TABLE "review_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"stage" text NOT NULL,
	"decision" text NOT NULL,
	"opinion" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"review_seconds" integer NOT NULL,
	"xzqdm" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_decisions_group_idx" ON "review_decisions" USING btree ("stage","decision","decided_at","review_seconds","xzqdm");--> statement-breakpoint
CREATE INDEX "review_decisions_application_idx" ON "review_decisions" USING btree ("application_id");--> statement-breakpoint
INSERT INTO "review_decisions" ("application_id", "stage", "decision", "opinion", "decided_at", "submitted_at", "review_seconds", "xzqdm")
SELECT a."id", t."after"->>'stage', substr(t."action", 8), coalesce(t."after"->>'sh_qjdc_yj', t."after"->>'sh_xmsl_yj', ''), t."at", a."submitted_at",
       round(date_part('epoch', t."at" - a."submitted_at"))::int, a."xzqdm"
FROM "audit_trail" t
JOIN "applications" a ON a."id" = CASE WHEN t."target" ~ '^application:[1-9][0-9]{0,17}$' THEN substr(t."target", 13)::bigint END
WHERE t."action" IN ('review.pass', 'review.reject') AND t."after"->>'stage' IS NOT NULL
  AND a."submitted_at" IS NOT NULL AND t."at" >= a."submitted_at"
ORDER BY t."id";
