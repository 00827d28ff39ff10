ALTER TABLE "packs" ADD COLUMN "committed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Lots that exist were committed (seed_hash) when they were created.
UPDATE "packs" SET "committed_at" = "created_at";--> statement-breakpoint
-- A lot is committed when the transaction creating it commits (committed_at defaults to that
-- transaction's now()): its seed, commitment, size and commitment time never change afterwards.
CREATE FUNCTION "packs_keep_commitment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seed_secret IS DISTINCT FROM OLD.seed_secret OR NEW.seed_hash IS DISTINCT FROM OLD.seed_hash
     OR NEW.total_pack_count IS DISTINCT FROM OLD.total_pack_count OR NEW.committed_at IS DISTINCT FROM OLD.committed_at THEN
    RAISE EXCEPTION 'lot_committed: pack % is committed; its seed, size and lineup cannot change', OLD.id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "packs_keep_commitment" BEFORE UPDATE OF "seed_secret", "seed_hash", "total_pack_count", "committed_at" ON "packs"
  FOR EACH ROW EXECUTE FUNCTION "packs_keep_commitment"();--> statement-breakpoint
-- The lineup (what each slot holds, in which order, and how many) is part of the commitment: it may
-- be written only in the transaction that creates the lot (whose now() is its committed_at).
-- Conversion terms (buy_point, action_type, num) stay the operator's to change.
CREATE FUNCTION "pack_prizes_keep_commitment"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lot_id integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.pack_id ELSE NEW.pack_id END;
BEGIN
  IF EXISTS (SELECT 1 FROM packs p WHERE p.id = lot_id AND p.committed_at < now())
     OR (TG_OP = 'UPDATE' AND NEW.pack_id <> OLD.pack_id
         AND EXISTS (SELECT 1 FROM packs p WHERE p.id = OLD.pack_id AND p.committed_at < now())) THEN
    RAISE EXCEPTION 'lot_committed: the lineup of pack % is committed and cannot change', lot_id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "pack_prizes_keep_commitment_write" BEFORE INSERT OR DELETE ON "pack_prizes"
  FOR EACH ROW EXECUTE FUNCTION "pack_prizes_keep_commitment"();--> statement-breakpoint
CREATE TRIGGER "pack_prizes_keep_commitment_update" BEFORE UPDATE OF "id", "pack_id", "name", "image_url", "model_number", "rarity", "count", "sort" ON "pack_prizes"
  FOR EACH ROW EXECUTE FUNCTION "pack_prizes_keep_commitment"();
