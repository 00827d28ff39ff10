-- Free points kept apart (decision 055). A lot is 'paid' (bought with money: a prepaid
-- instrument under 資金決済法) or 'free' (bonuses, referrals, grants, campaigns: not one), with
-- its own expiry. Every lot before this migration was counted as paid and stays so.
ALTER TABLE "point_lots" ADD COLUMN "kind" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "point_lots" ADD CONSTRAINT "point_lots_kind" CHECK ("point_lots"."kind" in ('paid', 'free'));--> statement-breakpoint
-- The part of a ledger row's delta that was free points (0 for paid; the same sign as delta):
-- the ledger alone then sums to the paid and the free outstanding balance at any instant.
ALTER TABLE "point_ledger" ADD COLUMN "free_delta" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_free_part" CHECK (("point_ledger"."delta" >= 0 and "point_ledger"."free_delta" between 0 and "point_ledger"."delta") or ("point_ledger"."delta" < 0 and "point_ledger"."free_delta" between "point_ledger"."delta" and 0));
