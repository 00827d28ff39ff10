-- Coupons and promotion codes (decision 059). A code gives free points to the member who redeems
-- it, within its validity period, its total budget (in points) and its per-member limit; it may
-- ask for a member who has never bought points, or a minimum rank. The budget (`remaining`) and
-- the use count (`uses`, against `max_uses` for single-use codes) move in one conditional UPDATE
-- in the redemption's transaction, so parallel redemptions never take it below zero.
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'points' NOT NULL,
	"points" integer NOT NULL,
	"budget" integer NOT NULL,
	"remaining" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"max_uses" integer,
	"per_member_limit" integer DEFAULT 1 NOT NULL,
	"first_purchase_only" boolean DEFAULT false NOT NULL,
	"min_rank_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"batch" text,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_kind" CHECK ("coupons"."kind" in ('points')),
	CONSTRAINT "coupons_points" CHECK ("coupons"."points" > 0),
	CONSTRAINT "coupons_budget" CHECK ("coupons"."remaining" >= 0 and "coupons"."remaining" <= "coupons"."budget"),
	CONSTRAINT "coupons_uses" CHECK ("coupons"."uses" >= 0 and ("coupons"."max_uses" is null or "coupons"."uses" <= "coupons"."max_uses")),
	CONSTRAINT "coupons_per_member" CHECK ("coupons"."per_member_limit" >= 1),
	CONSTRAINT "coupons_period" CHECK ("coupons"."ends_at" > "coupons"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_min_rank_id_ranks_id_fk" FOREIGN KEY ("min_rank_id") REFERENCES "public"."ranks"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree ("code");
--> statement-breakpoint
CREATE INDEX "coupons_batch_idx" ON "coupons" USING btree ("batch");
--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_member_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id");
--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_idx" ON "coupon_redemptions" USING btree ("user_id");
