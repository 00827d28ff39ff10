-- Campaigns (decision 060). A point bonus (+1..20 % free points on a point course) or a rank
-- coin-back multiplier (×2, ×3) for point purchases whose order was created in the period,
-- granted in the transaction that credits the purchase, from a budget (whole points, or coins)
-- taken by one conditional UPDATE. campaign_grants keeps one row per payment and kind: its
-- unique index makes the grant happen once whatever credits the payment.
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"percent" integer,
	"multiplier" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"budget" numeric(14, 2) NOT NULL,
	"remaining" numeric(14, 2) NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_kind" CHECK (("campaigns"."kind" = 'point_bonus' and "campaigns"."percent" between 1 and 20 and "campaigns"."multiplier" is null and "campaigns"."budget" = trunc("campaigns"."budget"))
      or ("campaigns"."kind" = 'coinback_multiplier' and "campaigns"."multiplier" in (2, 3) and "campaigns"."percent" is null)),
	CONSTRAINT "campaigns_budget" CHECK ("campaigns"."remaining" >= 0 and "campaigns"."remaining" <= "campaigns"."budget"),
	CONSTRAINT "campaigns_period" CHECK ("campaigns"."ends_at" > "campaigns"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "campaign_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_grants" ADD CONSTRAINT "campaign_grants_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campaign_grants" ADD CONSTRAINT "campaign_grants_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campaign_grants" ADD CONSTRAINT "campaign_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "campaigns_kind_period_idx" ON "campaigns" USING btree ("kind","starts_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_grants_payment_kind_idx" ON "campaign_grants" USING btree ("payment_id","kind");
--> statement-breakpoint
CREATE INDEX "campaign_grants_campaign_idx" ON "campaign_grants" USING btree ("campaign_id");
