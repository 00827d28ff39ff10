CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_type_id" integer NOT NULL,
	"image" text NOT NULL,
	"card_name" text NOT NULL,
	"name" text NOT NULL,
	"model_number" text DEFAULT '' NOT NULL,
	"rarity" smallint NOT NULL,
	"sub_coin" numeric(14, 2) NOT NULL,
	"stock" integer NOT NULL,
	"limit_per_member" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "exchange_cards_stock" CHECK ("exchange_cards"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pack_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"pack_id" integer NOT NULL,
	"name" text NOT NULL,
	"image_url" text NOT NULL,
	"model_number" text DEFAULT '' NOT NULL,
	"rarity" smallint NOT NULL,
	"num" integer DEFAULT 1 NOT NULL,
	"buy_point" integer NOT NULL,
	"action_type" text DEFAULT '0' NOT NULL,
	"count" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pack_prizes_rarity" CHECK ("pack_prizes"."rarity" between 1 and 7),
	CONSTRAINT "pack_prizes_count" CHECK ("pack_prizes"."count" > 0),
	CONSTRAINT "pack_prizes_buy_point" CHECK ("pack_prizes"."buy_point" >= 0),
	CONSTRAINT "pack_prizes_action_type" CHECK ("pack_prizes"."action_type" in ('0','2'))
);
--> statement-breakpoint
CREATE TABLE "packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"point" integer NOT NULL,
	"payment_method" text NOT NULL,
	"total_pack_count" integer NOT NULL,
	"drawn_count" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"max_buy_count" integer DEFAULT 0 NOT NULL,
	"limit_per_member" integer DEFAULT 0 NOT NULL,
	"limit_message" text DEFAULT '' NOT NULL,
	"show_cardlist" boolean DEFAULT true NOT NULL,
	"detail_html" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"movie_style" smallint DEFAULT 0 NOT NULL,
	"seed_secret" text NOT NULL,
	"seed_hash" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packs_payment_method" CHECK ("packs"."payment_method" in ('1','2')),
	CONSTRAINT "packs_price_positive" CHECK ("packs"."point" > 0),
	CONSTRAINT "packs_drawn_range" CHECK ("packs"."drawn_count" >= 0 and "packs"."drawn_count" <= "packs"."total_pack_count")
);
--> statement-breakpoint
CREATE TABLE "point_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"point" integer NOT NULL,
	"price" integer NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prefectures" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ranks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer NOT NULL,
	"threshold_price" integer DEFAULT 0 NOT NULL,
	"maintain_coin" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "ranks_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail" text NOT NULL,
	"pass_hash" text NOT NULL,
	"last_name" text NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"first_name" text NOT NULL,
	"tel" text NOT NULL,
	"zipcode" text NOT NULL,
	"pref_id" integer NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"shiku" text NOT NULL,
	"address" text NOT NULL,
	"building" text DEFAULT '' NOT NULL,
	"referral_code" text NOT NULL,
	"referred_by" integer,
	"end_sms" smallint DEFAULT 0 NOT NULL,
	"point_balance" integer DEFAULT 0 NOT NULL,
	"coin_balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"rank_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_mail_unique" UNIQUE("mail"),
	CONSTRAINT "users_referral_code_unique" UNIQUE("referral_code"),
	CONSTRAINT "users_point_nonnegative" CHECK ("users"."point_balance" >= 0),
	CONSTRAINT "users_coin_nonnegative" CHECK ("users"."coin_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"remember" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exchange_cards" ADD CONSTRAINT "exchange_cards_card_type_id_card_types_id_fk" FOREIGN KEY ("card_type_id") REFERENCES "public"."card_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_prizes" ADD CONSTRAINT "pack_prizes_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_card_type_id_card_types_id_fk" FOREIGN KEY ("card_type_id") REFERENCES "public"."card_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_rank_id_ranks_id_fk" FOREIGN KEY ("rank_id") REFERENCES "public"."ranks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pack_prizes_pack_idx" ON "pack_prizes" USING btree ("pack_id");--> statement-breakpoint
CREATE INDEX "packs_card_type_idx" ON "packs" USING btree ("card_type_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");