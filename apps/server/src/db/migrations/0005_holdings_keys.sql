-- Cheaper keys for the 3000-card insert of a purchase (measured: the per-card referential checks
-- were most of its time). A holding's purchase and member become one key, which also enforces that
-- a holding belongs to its purchase's member; the unique index it references comes first.
ALTER TABLE "holdings" DROP CONSTRAINT "holdings_purchase_id_purchases_id_fk";
--> statement-breakpoint
ALTER TABLE "holdings" DROP CONSTRAINT "holdings_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "holdings" DROP CONSTRAINT "holdings_prize_id_pack_prizes_id_fk";
--> statement-breakpoint
DROP INDEX "purchases_user_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_purchase_member_fk" FOREIGN KEY ("user_id","purchase_id") REFERENCES "public"."purchases"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- In place of the prize key: a prize cannot be deleted (or renumbered) once its lot has sold a
-- pack, so every holding's prize stays (the draw function numbers a lot's slots by its prizes).
CREATE FUNCTION "pack_prizes_keep_sold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM packs WHERE id = OLD.pack_id AND drawn_count > 0) THEN
    RAISE EXCEPTION 'prize % belongs to pack %, which has sold packs', OLD.id, OLD.pack_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "pack_prizes_keep_sold" BEFORE DELETE OR UPDATE OF "id", "pack_id", "count" ON "pack_prizes"
  FOR EACH ROW EXECUTE FUNCTION "pack_prizes_keep_sold"();
