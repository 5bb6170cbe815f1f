CREATE TABLE "audit_trail" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_id" bigint,
	"operator_name" text NOT NULL,
	"ip" text NOT NULL,
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "operator_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"must_change_password" boolean DEFAULT true NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"failed_sign_ins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"wechat_openid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_changed_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operator_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_trail_at_idx" ON "audit_trail" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_trail_operator_idx" ON "audit_trail" USING btree ("operator_id","at");--> statement-breakpoint
CREATE INDEX "audit_trail_action_idx" ON "audit_trail" USING btree ("action","at");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_accounts_username_idx" ON "operator_accounts" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_accounts_wechat_idx" ON "operator_accounts" USING btree ("wechat_openid");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
-- Operators of the earlier shell were WeChat openids with a role: each becomes an account that signs in through its bound WeChat (no password until an administrator sets one).
INSERT INTO "operator_accounts" ("username", "display_name", "password_hash", "roles", "wechat_openid", "must_change_password")
SELECT 'wx-' || substr(md5("openid"), 1, 12), '微信管理员', '!', ARRAY['admin', 'reviewer']::text[], "openid", false
FROM (SELECT DISTINCT "openid" FROM "operators") AS earlier
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "operators" CASCADE;--> statement-breakpoint
-- The audit trail is append-only: what happened is never rewritten, by anyone.
CREATE FUNCTION "audit_trail_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_trail is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_trail_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_trail" FOR EACH ROW EXECUTE FUNCTION "audit_trail_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_trail_no_truncate" BEFORE TRUNCATE ON "audit_trail" FOR EACH STATEMENT EXECUTE FUNCTION "audit_trail_append_only"();
