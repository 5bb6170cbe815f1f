-- Help for each material at 资料上传: a hint and a sample picture (an article picture's id), edited with the business's guide.
ALTER TABLE "business_materials" ADD COLUMN "hint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_materials" ADD COLUMN "sample_picture_id" text;