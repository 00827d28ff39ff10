CREATE TABLE "media_chunks" (
	"blob_key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "media_chunks_blob_key_seq_pk" PRIMARY KEY("blob_key","seq")
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "storage" text DEFAULT 'inline' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "blob_key" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "byte_size" bigint;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "sha256" text;--> statement-breakpoint
-- Files stored before this migration are base64 text in media.body (everything but SVG and text).
-- Move them into chunks of 196,608 bytes (262,144 base64 characters, so every chunk decodes alone),
-- the chunk size db-blob-store.ts reads with; nothing is lost and the body is emptied.
INSERT INTO "media_chunks" ("blob_key", "seq", "data")
SELECT 'legacy:' || m."id", g.n, decode(substr(m."body", g.n * 262144 + 1, 262144), 'base64')
FROM "media" m
CROSS JOIN LATERAL generate_series(0, greatest((length(m."body") - 1) / 262144, 0)) AS g(n)
WHERE m."storage" = 'inline' AND m."content_type" NOT LIKE 'image/svg+xml%' AND m."content_type" NOT LIKE 'text/%';--> statement-breakpoint
UPDATE "media" SET
  "storage" = 'db',
  "blob_key" = 'legacy:' || "id",
  "byte_size" = octet_length(decode("body", 'base64')),
  "sha256" = encode(sha256(decode("body", 'base64')), 'hex'),
  "body" = ''
WHERE "storage" = 'inline' AND "content_type" NOT LIKE 'image/svg+xml%' AND "content_type" NOT LIKE 'text/%';
