-- A download link downloads once: the links already used, until they would have expired anyway.
CREATE TABLE "download_link_uses" (
	"nonce" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
