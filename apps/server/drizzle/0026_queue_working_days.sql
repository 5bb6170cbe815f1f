CREATE TABLE "queue_working_days" (
	"company_id" text NOT NULL,
	"work_date" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "queue_working_days_company_id_work_date_pk" PRIMARY KEY("company_id","work_date")
);
--> statement-breakpoint
ALTER TABLE "queue_working_days" ADD CONSTRAINT "queue_working_days_company_id_queue_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."queue_companies"("id") ON DELETE cascade ON UPDATE no action;