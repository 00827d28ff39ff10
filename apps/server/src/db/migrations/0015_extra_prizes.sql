ALTER TABLE "pack_prizes" ADD COLUMN "kind" text DEFAULT 'lot' NOT NULL;--> statement-breakpoint
ALTER TABLE "pack_prizes" ADD COLUMN "milestone_at" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pack_prizes" ADD COLUMN "milestone_every" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pack_prizes" ADD CONSTRAINT "pack_prizes_kind" CHECK ("pack_prizes"."kind" in ('lot','last_one','milestone'));--> statement-breakpoint
ALTER TABLE "pack_prizes" ADD CONSTRAINT "pack_prizes_milestone" CHECK (("pack_prizes"."kind" = 'milestone') = ("pack_prizes"."milestone_at" > 0) and "pack_prizes"."milestone_every" >= 0);--> statement-breakpoint
-- Last-one and milestone prizes are part of a lot's commitment like its lineup (migration 0013).
DROP TRIGGER "pack_prizes_keep_commitment_update" ON "pack_prizes";--> statement-breakpoint
CREATE TRIGGER "pack_prizes_keep_commitment_update" BEFORE UPDATE OF "id", "pack_id", "name", "image_url", "model_number", "rarity", "count", "sort", "kind", "milestone_at", "milestone_every" ON "pack_prizes"
  FOR EACH ROW EXECUTE FUNCTION "pack_prizes_keep_commitment"();
