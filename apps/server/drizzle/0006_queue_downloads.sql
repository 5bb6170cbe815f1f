CREATE TABLE "application_statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_statements_kind_check" CHECK ("application_statements"."kind" in ('jusInfo', 'recordInfo', 'changecqzInfo'))
);
--> statement-breakpoint
CREATE TABLE "download_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"file_alias" text NOT NULL,
	"xzqdm" text DEFAULT '' NOT NULL,
	"mime" text NOT NULL,
	"storage_key" text,
	"size" bigint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "download_files_file_name_unique" UNIQUE("file_name")
);
--> statement-breakpoint
CREATE TABLE "queue_businesses" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_closed_days" (
	"company_id" text NOT NULL,
	"closed_date" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "queue_closed_days_company_id_closed_date_pk" PRIMARY KEY("company_id","closed_date")
);
--> statement-breakpoint
CREATE TABLE "queue_companies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"worktime" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"strtime" text NOT NULL,
	"endtime" text NOT NULL,
	"addtime" integer NOT NULL,
	"yuyueabovetime" integer NOT NULL,
	"cancelyuyuetime" integer NOT NULL,
	"yuyueday" integer NOT NULL,
	CONSTRAINT "queue_configs_company_id_unique" UNIQUE("company_id")
);
--> statement-breakpoint
CREATE TABLE "queue_day_serials" (
	"group_id" text NOT NULL,
	"res_day" date NOT NULL,
	"last_serial" integer NOT NULL,
	CONSTRAINT "queue_day_serials_group_id_res_day_pk" PRIMARY KEY("group_id","res_day")
);
--> statement-breakpoint
CREATE TABLE "queue_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "queue_groups_capacity_check" CHECK ("queue_groups"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "queue_news" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"webid" text DEFAULT '' NOT NULL,
	"company_id" text NOT NULL,
	"group_id" text NOT NULL,
	"res_day" date NOT NULL,
	"res_time" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"number" text NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "queue_time_counts" (
	"group_id" text NOT NULL,
	"res_day" date NOT NULL,
	"res_time" text NOT NULL,
	"max_num" integer NOT NULL,
	"count_num" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "queue_time_counts_group_id_res_day_res_time_pk" PRIMARY KEY("group_id","res_day","res_time"),
	CONSTRAINT "queue_time_counts_capacity_check" CHECK ("queue_time_counts"."count_num" >= 0 AND "queue_time_counts"."count_num" <= "queue_time_counts"."max_num")
);
--> statement-breakpoint
ALTER TABLE "application_statements" ADD CONSTRAINT "application_statements_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_businesses" ADD CONSTRAINT "queue_businesses_group_id_queue_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."queue_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_closed_days" ADD CONSTRAINT "queue_closed_days_company_id_queue_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."queue_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_configs" ADD CONSTRAINT "queue_configs_company_id_queue_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."queue_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_day_serials" ADD CONSTRAINT "queue_day_serials_group_id_queue_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."queue_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_groups" ADD CONSTRAINT "queue_groups_company_id_queue_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."queue_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_orders" ADD CONSTRAINT "queue_orders_company_id_queue_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."queue_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_orders" ADD CONSTRAINT "queue_orders_group_id_queue_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."queue_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_time_counts" ADD CONSTRAINT "queue_time_counts_group_id_queue_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."queue_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_statements_application_kind_idx" ON "application_statements" USING btree ("application_id","kind");--> statement-breakpoint
CREATE INDEX "download_files_xzqdm_idx" ON "download_files" USING btree ("xzqdm","sort");--> statement-breakpoint
CREATE INDEX "queue_businesses_group_idx" ON "queue_businesses" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "queue_groups_company_idx" ON "queue_groups" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_orders_owner_group_day_idx" ON "queue_orders" USING btree ("openid","group_id","res_day") WHERE state = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_orders_group_day_number_idx" ON "queue_orders" USING btree ("group_id","res_day","number");--> statement-breakpoint
CREATE INDEX "queue_orders_owner_idx" ON "queue_orders" USING btree ("openid","created_at");