ALTER TABLE "articles" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "updated_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_status_idx" ON "articles" USING btree ("status","type","published_at");--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "image_mime" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;
