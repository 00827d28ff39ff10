ALTER TABLE "pack_prizes" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "detail_html_en" text DEFAULT '' NOT NULL;