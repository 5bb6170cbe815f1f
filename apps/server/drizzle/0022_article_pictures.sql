-- Pictures in articles' bodies: uploaded in the console, public by id, and kept out of the stored-file clean-up.
CREATE TABLE "article_pictures" (
	"id" text PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
