CREATE TABLE "exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"exchange_card_id" integer NOT NULL,
	"sub_coin" numeric(14, 2) NOT NULL,
	"shipping_request_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"actor" text DEFAULT 'ops' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_changes_action" CHECK ("operator_changes"."action" <> '')
);
--> statement-breakpoint
CREATE TABLE "rank_keeps" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"month" text NOT NULL,
	"rank_id" integer NOT NULL,
	"coin" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rank_months" (
	"month" text PRIMARY KEY NOT NULL,
	"members" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipping_requests" ALTER COLUMN "purchase_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_cards" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_cards" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ranks" ADD COLUMN "icon" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ranks" ADD COLUMN "coin_back_rate" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD COLUMN "money" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_exchange_card_id_exchange_cards_id_fk" FOREIGN KEY ("exchange_card_id") REFERENCES "public"."exchange_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_shipping_request_id_shipping_requests_id_fk" FOREIGN KEY ("shipping_request_id") REFERENCES "public"."shipping_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_keeps" ADD CONSTRAINT "rank_keeps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_keeps" ADD CONSTRAINT "rank_keeps_rank_id_ranks_id_fk" FOREIGN KEY ("rank_id") REFERENCES "public"."ranks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchanges_user_card_idx" ON "exchanges" USING btree ("user_id","exchange_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rank_keeps_user_month_idx" ON "rank_keeps" USING btree ("user_id","month");--> statement-breakpoint
ALTER TABLE "exchange_cards" ADD CONSTRAINT "exchange_cards_sub_coin" CHECK ("exchange_cards"."sub_coin" > 0);--> statement-breakpoint
ALTER TABLE "exchange_cards" ADD CONSTRAINT "exchange_cards_limit" CHECK ("exchange_cards"."limit_per_member" >= 0);