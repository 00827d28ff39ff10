CREATE TABLE "coin_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"delta" numeric(14, 2) NOT NULL,
	"balance_after" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_ledger_balance" CHECK ("coin_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"money" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_ledger_balance" CHECK ("point_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_lots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ledger_id" integer,
	CONSTRAINT "point_lots_remaining" CHECK ("point_lots"."remaining" >= 0 and "point_lots"."remaining" <= "point_lots"."amount")
);
--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lots" ADD CONSTRAINT "point_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_ledger_idem_idx" ON "coin_ledger" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "coin_ledger_user_idx" ON "coin_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_ledger_idem_idx" ON "point_ledger" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "point_ledger_user_idx" ON "point_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "point_lots_user_open_idx" ON "point_lots" USING btree ("user_id","expires_at") WHERE "point_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "point_lots_expiry_idx" ON "point_lots" USING btree ("expires_at") WHERE "point_lots"."remaining" > 0;