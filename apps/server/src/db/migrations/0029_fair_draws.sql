-- oripa-draw-v2 (docs/fairness/draw-v2.md, decision 027): lots committed by a published
-- document, purchases recorded first and drawn from a beacon round later, a transparency log.
-- Lots that exist keep the algorithm they were committed under (oripa-feistel-v1).
ALTER TABLE "packs" ADD COLUMN "draw_algorithm" text DEFAULT 'oripa-feistel-v1' NOT NULL;--> statement-breakpoint
-- v2: the 32 seed bytes sealed with the shop's LOT_SEED_KEY (AES-256-GCM), never in plain text.
ALTER TABLE "packs" ADD COLUMN "seed_sealed" text;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "commitment_hash" text;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "reveal_deadline" timestamp with time zone;--> statement-breakpoint
-- Purchases recorded of the lot so far (the next purchase's seq is this + 1).
ALTER TABLE "packs" ADD COLUMN "purchase_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "revealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "buyer_tag" text;--> statement-breakpoint
-- When the purchase's cards were drawn; null while it waits for its beacon round (v2 only).
ALTER TABLE "purchases" ADD COLUMN "drawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "beacon_round" bigint;--> statement-breakpoint
UPDATE "purchases" SET "drawn_at" = "created_at";--> statement-breakpoint
CREATE INDEX "purchases_undrawn_idx" ON "purchases" ("pack_id", "seq") WHERE "drawn_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_lot_seq_idx" ON "purchases" ("pack_id", "seq") WHERE "seq" IS NOT NULL;--> statement-breakpoint
-- What remains of a v2 lot after its drawn purchases: the drawer's own row, so drawing never
-- waits for the purchase path's lock on the pack row.
CREATE TABLE "lot_draw_state" (
  "pack_id" integer PRIMARY KEY NOT NULL REFERENCES "packs"("id") ON DELETE CASCADE,
  "remaining" integer[] NOT NULL,
  "drawn_seq" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- The transparency log (RFC 9162): entries get their leaf index when the head signer sequences
-- them, in id order; bodies are the entries' RFC 8785 bytes and never change.
CREATE TABLE "transparency_entries" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "leaf_index" bigint,
  "type" text NOT NULL,
  "lot_id" integer,
  "seq" integer,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "transparency_entries_type" CHECK ("type" in ('commitment','purchase','draw','withdrawal','reveal'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "transparency_entries_leaf_idx" ON "transparency_entries" ("leaf_index");--> statement-breakpoint
CREATE INDEX "transparency_entries_unsequenced_idx" ON "transparency_entries" ("id") WHERE "leaf_index" IS NULL;--> statement-breakpoint
CREATE INDEX "transparency_entries_lot_idx" ON "transparency_entries" ("lot_id", "type", "seq");--> statement-breakpoint
CREATE TABLE "transparency_heads" (
  "tree_size" bigint PRIMARY KEY NOT NULL,
  "timestamp" bigint NOT NULL,
  "root_hash" text NOT NULL,
  "signature" text NOT NULL
);--> statement-breakpoint
-- Beacon rounds the shop used, verified when fetched (a mirror carries their signatures anyway).
CREATE TABLE "beacon_rounds" (
  "chain_hash" text NOT NULL,
  "round" bigint NOT NULL,
  "signature" text NOT NULL,
  "fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("chain_hash", "round")
);--> statement-breakpoint
-- Append-only: an entry's body never changes, its leaf index is given once; heads never change.
CREATE FUNCTION "transparency_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'log_append_only: % rows are never deleted', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF TG_TABLE_NAME = 'transparency_entries' AND OLD.leaf_index IS NULL AND NEW.leaf_index IS NOT NULL
     AND NEW.body = OLD.body AND NEW.type = OLD.type AND NEW.lot_id IS NOT DISTINCT FROM OLD.lot_id
     AND NEW.seq IS NOT DISTINCT FROM OLD.seq AND NEW.id = OLD.id THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'log_append_only: % rows never change', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "transparency_entries_append_only" BEFORE UPDATE OR DELETE ON "transparency_entries"
  FOR EACH ROW EXECUTE FUNCTION "transparency_append_only"();--> statement-breakpoint
CREATE TRIGGER "transparency_heads_append_only" BEFORE UPDATE OR DELETE ON "transparency_heads"
  FOR EACH ROW EXECUTE FUNCTION "transparency_append_only"();--> statement-breakpoint
-- A v2 lot's commitment (document hash, sealed seed, sale start, reveal deadline, algorithm) is
-- fixed with the lot, like its seed and lineup (migration 0013).
CREATE FUNCTION "packs_keep_v2_commitment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.commitment_hash IS NOT NULL AND (
       NEW.commitment_hash IS DISTINCT FROM OLD.commitment_hash OR NEW.seed_sealed IS DISTINCT FROM OLD.seed_sealed
       OR NEW.start_at IS DISTINCT FROM OLD.start_at OR NEW.reveal_deadline IS DISTINCT FROM OLD.reveal_deadline
       OR NEW.draw_algorithm IS DISTINCT FROM OLD.draw_algorithm) THEN
    RAISE EXCEPTION 'lot_committed: pack % is committed; its commitment cannot change', OLD.id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "packs_keep_v2_commitment" BEFORE UPDATE OF "commitment_hash", "seed_sealed", "start_at", "reveal_deadline", "draw_algorithm" ON "packs"
  FOR EACH ROW EXECUTE FUNCTION "packs_keep_v2_commitment"();
