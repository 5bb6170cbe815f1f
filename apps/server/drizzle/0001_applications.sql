CREATE SEQUENCE "public"."application_slbh_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "applicants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"sqr_lx" text NOT NULL,
	"sqr_name" text DEFAULT '' NOT NULL,
	"sqr_tel" text DEFAULT '' NOT NULL,
	"sqr_zjlx" text DEFAULT '' NOT NULL,
	"sqr_zjh" text DEFAULT '' NOT NULL,
	"sqr_adress" text DEFAULT '' NOT NULL,
	"sqr_qt_dlr_name" text DEFAULT '' NOT NULL,
	"sqr_qt_zjh" text DEFAULT '' NOT NULL,
	"sqr_qt_zjlx" text DEFAULT '' NOT NULL,
	"sqr_qt_tel" text DEFAULT '' NOT NULL,
	"sqr_qt_fr_name" text DEFAULT '' NOT NULL,
	"sqr_qt_fr_zjh" text DEFAULT '' NOT NULL,
	"sqr_qt_fr_zjlx" text DEFAULT '' NOT NULL,
	"sqr_qt_fr_tel" text DEFAULT '' NOT NULL,
	"iscqr" text DEFAULT '1' NOT NULL,
	"sqr_gyfs" text DEFAULT '0' NOT NULL,
	"sqr_gyfe" text DEFAULT '' NOT NULL,
	"qzzt" text DEFAULT '0' NOT NULL,
	"signature_file_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"prodefid" text NOT NULL,
	"name" text NOT NULL,
	"prolsh" text,
	"slbh" text NOT NULL,
	"djlx" text NOT NULL,
	"qllx" text NOT NULL,
	"xzqdm" text NOT NULL,
	"areaname" text NOT NULL,
	"shzt" integer DEFAULT -1 NOT NULL,
	"appointment" text DEFAULT '0' NOT NULL,
	"kyy" text DEFAULT '0' NOT NULL,
	"czfs" text DEFAULT '' NOT NULL,
	"sh_qjdc_yj" text DEFAULT '' NOT NULL,
	"sh_xmsl_yj" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "applications_slbh_unique" UNIQUE("slbh")
);
--> statement-breakpoint
CREATE TABLE "business_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"prodef_name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_fields" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prodef_id" text NOT NULL,
	"field" text NOT NULL,
	"isfillin" text DEFAULT '0' NOT NULL,
	"label" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_materials" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prodef_id" text NOT NULL,
	"name" text NOT NULL,
	"required" text DEFAULT '是' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_types" (
	"id" text PRIMARY KEY NOT NULL,
	"examplename" text NOT NULL,
	"examplerange" text NOT NULL,
	"imgpath" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "business_types_examplerange_unique" UNIQUE("examplerange")
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text NOT NULL,
	"type_id" text NOT NULL,
	"prodef_name" text NOT NULL,
	"yhlx" text DEFAULT '0' NOT NULL,
	"djlx" text NOT NULL,
	"qllx" text NOT NULL,
	"code" text NOT NULL,
	"xzqdm" text NOT NULL,
	"areaname" text NOT NULL,
	"ywr" text DEFAULT '1' NOT NULL,
	"ywr_alias" text DEFAULT '义务人' NOT NULL,
	"qlr_alias" text DEFAULT '权利人' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionaries" (
	"type" text NOT NULL,
	"code" text NOT NULL,
	"text" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dictionaries_type_code_pk" PRIMARY KEY("type","code")
);
--> statement-breakpoint
CREATE TABLE "material_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"material_id" bigint NOT NULL,
	"stored_file_id" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"name" text NOT NULL,
	"required" text DEFAULT '是' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_units" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"bdcqzmh" text DEFAULT '' NOT NULL,
	"bdcdyh" text DEFAULT '' NOT NULL,
	"zl" text DEFAULT '' NOT NULL,
	"fwsyqmj" text DEFAULT '' NOT NULL,
	"tdsyq_mj" text DEFAULT '' NOT NULL,
	"mj_bgh" text DEFAULT '' NOT NULL,
	"zgzqse" text DEFAULT '' NOT NULL,
	"bdbzzqse" text DEFAULT '' NOT NULL,
	"qdjg" text DEFAULT '' NOT NULL,
	"qlqssj" text DEFAULT '' NOT NULL,
	"qljssj" text DEFAULT '' NOT NULL,
	"fwyt" text DEFAULT '10' NOT NULL,
	"tdsyq_yt" text DEFAULT '071' NOT NULL,
	"czfs" text DEFAULT '02' NOT NULL,
	"sfhbzs" text DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rights_info" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" bigint NOT NULL,
	"savetype" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_signature_file_id_stored_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_prodefid_businesses_id_fk" FOREIGN KEY ("prodefid") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_fields" ADD CONSTRAINT "business_fields_prodef_id_businesses_id_fk" FOREIGN KEY ("prodef_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_materials" ADD CONSTRAINT "business_materials_prodef_id_businesses_id_fk" FOREIGN KEY ("prodef_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_parent_id_business_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."business_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_type_id_business_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."business_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_files" ADD CONSTRAINT "material_files_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_files" ADD CONSTRAINT "material_files_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_units" ADD CONSTRAINT "property_units_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_info" ADD CONSTRAINT "rights_info_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicants_application_idx" ON "applicants" USING btree ("application_id","sqr_lx");--> statement-breakpoint
CREATE INDEX "applications_owner_idx" ON "applications" USING btree ("openid","shzt","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "business_fields_prodef_field_idx" ON "business_fields" USING btree ("prodef_id","field");--> statement-breakpoint
CREATE UNIQUE INDEX "business_materials_prodef_name_idx" ON "business_materials" USING btree ("prodef_id","name");--> statement-breakpoint
CREATE INDEX "businesses_district_idx" ON "businesses" USING btree ("xzqdm","type_id");--> statement-breakpoint
CREATE INDEX "material_files_material_idx" ON "material_files" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "materials_application_idx" ON "materials" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "property_units_application_idx" ON "property_units" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rights_info_application_savetype_idx" ON "rights_info" USING btree ("application_id","savetype");