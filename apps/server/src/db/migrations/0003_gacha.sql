CREATE TABLE "holdings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"prize_id" integer NOT NULL,
	"name" text NOT NULL,
	"image_url" text NOT NULL,
	"rarity" smallint NOT NULL,
	"model_number" text NOT NULL,
	"num" integer NOT NULL,
	"buy_point" integer NOT NULL,
	"action_type" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"shipping_request_id" integer,
	CONSTRAINT "holdings_state" CHECK ("holdings"."state" in ('pending','ship','converted'))
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"pack_name" text NOT NULL,
	"count" integer NOT NULL,
	"payment_method" text NOT NULL,
	"unit_price" integer NOT NULL,
	"cost" integer NOT NULL,
	"draw_from" integer NOT NULL,
	"movie_style" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_count" CHECK ("purchases"."count" between 1 and 3000)
);
--> statement-breakpoint
CREATE TABLE "shipping_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purchase_id" integer NOT NULL,
	"address" jsonb NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"delivery_code" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_prize_id_pack_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."pack_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_shipping_request_id_shipping_requests_id_fk" FOREIGN KEY ("shipping_request_id") REFERENCES "public"."shipping_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_requests" ADD CONSTRAINT "shipping_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_requests" ADD CONSTRAINT "shipping_requests_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holdings_purchase_idx" ON "holdings" USING btree ("purchase_id","id");--> statement-breakpoint
CREATE INDEX "holdings_due_idx" ON "holdings" USING btree ("deadline_at") WHERE "holdings"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "purchases_pack_user_idx" ON "purchases" USING btree ("pack_id","user_id");--> statement-breakpoint
CREATE INDEX "shipping_requests_purchase_idx" ON "shipping_requests" USING btree ("purchase_id");