-- What the shop paid for one card of a prize, in yen (decision 050): optional, for the per-pack
-- report's cost of prizes drawn. Not part of the lot's commitment, so the triggers of 0013 leave
-- it open: a cost learnt after the lot went on sale can still be entered.
ALTER TABLE "pack_prizes" ADD COLUMN "cost_yen" integer;--> statement-breakpoint
ALTER TABLE "pack_prizes" ADD CONSTRAINT "pack_prizes_cost_yen" CHECK ("cost_yen" IS NULL OR "cost_yen" >= 0);
