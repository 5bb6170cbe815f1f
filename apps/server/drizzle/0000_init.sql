CREATE TABLE "articles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "common_questions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "face_checks" (
	"biz_token" text PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"session_id" text NOT NULL,
	"name" text NOT NULL,
	"idcard" text NOT NULL,
	"bsm" text DEFAULT '' NOT NULL,
	"redirect_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"content" text NOT NULL,
	"reply" text,
	"status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"prodefid" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"cdzmyhxz_content" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"menuname" text NOT NULL,
	"menutype" text DEFAULT 'click' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"imgpath" text DEFAULT '' NOT NULL,
	"bz" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"openid" text NOT NULL,
	"role" text DEFAULT 'sys_admin' NOT NULL,
	CONSTRAINT "operators_openid_role_pk" PRIMARY KEY("openid","role")
);
--> statement-breakpoint
CREATE TABLE "query_cities" (
	"xzqdm" text PRIMARY KEY NOT NULL,
	"xzqmc" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "query_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"state_msg" text DEFAULT '' NOT NULL,
	"result" jsonb,
	"file_id" text,
	"filename" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registry_cases" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"process_name" text NOT NULL,
	"act_start" timestamp with time zone NOT NULL,
	"activity_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_certificates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"xzqdm" text NOT NULL,
	"qzh" text NOT NULL,
	"owner_name" text NOT NULL,
	"owner_idcard" text NOT NULL,
	"bdcdyh" text NOT NULL,
	"zl" text NOT NULL,
	"yt" text NOT NULL,
	"mj" text NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"openid" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"oauth" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code" text NOT NULL,
	"openid" text,
	"purpose" text DEFAULT 'general' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" text PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"openid" text PRIMARY KEY NOT NULL,
	"appid" text DEFAULT '' NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"headimgurl" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"cardtype" text DEFAULT '1' NOT NULL,
	"cardnum" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"sex" text DEFAULT '' NOT NULL,
	"usertype" text DEFAULT '0' NOT NULL,
	"iswebuser" text DEFAULT '0' NOT NULL,
	"password_hash" text,
	"real_name_auth" integer DEFAULT 0 NOT NULL,
	"xzqdm" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_simulator_grants" (
	"code" text PRIMARY KEY NOT NULL,
	"access_token" text NOT NULL,
	"openid" text NOT NULL,
	"nickname" text NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "articles_type_idx" ON "articles" USING btree ("type","published_at");--> statement-breakpoint
CREATE INDEX "feedback_openid_idx" ON "feedback" USING btree ("openid","created_at");--> statement-breakpoint
CREATE INDEX "query_records_owner_idx" ON "query_records" USING btree ("openid","kind","created_at");--> statement-breakpoint
CREATE INDEX "query_records_pending_idx" ON "query_records" USING btree ("state") WHERE state IN (0, 10);--> statement-breakpoint
CREATE UNIQUE INDEX "registry_certificates_qzh_idx" ON "registry_certificates" USING btree ("qzh");--> statement-breakpoint
CREATE INDEX "sessions_openid_idx" ON "sessions" USING btree ("openid");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone","created_at");