-- Coupons that take yen or a percentage off a point course (decision 061). A discount code's
-- budget and remaining count yen; `points` is 0 for them and the discount is `discount_percent`
-- or `discount_yen`. A redemption of a discount code belongs to one payment (`payment_id`), and is
-- released (`released_at`, its yen back in the budget) once when that payment fails, is cancelled
-- or lapses. The payment records the discount and the code; its amount is the yen actually paid.
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_kind";
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_points";
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "discount_percent" integer;
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "discount_yen" integer;
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_kind" CHECK ("coupons"."kind" in ('points','percent_off','yen_off'));
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_points" CHECK (("coupons"."kind" = 'points' and "coupons"."points" > 0 and "coupons"."discount_percent" is null and "coupons"."discount_yen" is null) or ("coupons"."kind" = 'percent_off' and "coupons"."points" = 0 and "coupons"."discount_percent" between 1 and 99 and "coupons"."discount_yen" is null) or ("coupons"."kind" = 'yen_off' and "coupons"."points" = 0 and "coupons"."discount_yen" > 0 and "coupons"."discount_percent" is null));
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "payment_id" integer;
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "discount_yen" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "released_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_payment_idx" ON "coupon_redemptions" USING btree ("payment_id");
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_yen" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "coupon_id" integer;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount" CHECK ("payments"."discount_yen" >= 0 and ("payments"."discount_yen" = 0 or "payments"."coupon_id" is not null));
