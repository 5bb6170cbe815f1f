CREATE TABLE "rating_follow_ups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rating_id" bigint NOT NULL,
	"role" text NOT NULL,
	"due_on" date NOT NULL,
	"answer" text,
	"answered_by" bigint,
	"answered_by_name" text DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"service_kind" text NOT NULL,
	"service_id" text NOT NULL,
	"service_title" text NOT NULL,
	"site" text DEFAULT '' NOT NULL,
	"site_name" text DEFAULT '' NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"grade" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_grade_check" CHECK ("ratings"."grade" between 1 and 5),
	CONSTRAINT "ratings_round_check" CHECK ("ratings"."round" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "rating_follow_ups" ADD CONSTRAINT "rating_follow_ups_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_follow_ups" ADD CONSTRAINT "rating_follow_ups_answered_by_operator_accounts_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."operator_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rating_follow_ups_rating_idx" ON "rating_follow_ups" USING btree ("rating_id");--> statement-breakpoint
CREATE INDEX "rating_follow_ups_role_idx" ON "rating_follow_ups" USING btree ("role","answered_at","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_service_round_idx" ON "ratings" USING btree ("service_kind","service_id","round");--> statement-breakpoint
CREATE INDEX "ratings_owner_idx" ON "ratings" USING btree ("openid","created_at");--> statement-breakpoint
CREATE INDEX "ratings_created_idx" ON "ratings" USING btree ("created_at");