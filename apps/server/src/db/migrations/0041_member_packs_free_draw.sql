-- Member-only packs and the free daily draw (decision 056).
-- A pack may be sold only to members of a minimum rank, only to members who never bought a pack
-- (first purchase), only to SMS-verified members; or be drawn free once a day per member.
ALTER TABLE "packs" ADD COLUMN "min_rank_id" integer;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "first_purchase_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "sms_verified_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "free_daily" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_min_rank_id_ranks_id_fk" FOREIGN KEY ("min_rank_id") REFERENCES "public"."ranks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One free draw per member, pack and Japan-time day: the unique key a parallel second try meets.
CREATE TABLE "free_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"jst_day" date NOT NULL,
	"purchase_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "free_draws" ADD CONSTRAINT "free_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_draws" ADD CONSTRAINT "free_draws_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_draws" ADD CONSTRAINT "free_draws_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "free_draws_member_day_idx" ON "free_draws" USING btree ("user_id","pack_id","jst_day");--> statement-breakpoint
CREATE UNIQUE INDEX "free_draws_purchase_idx" ON "free_draws" USING btree ("purchase_id");
