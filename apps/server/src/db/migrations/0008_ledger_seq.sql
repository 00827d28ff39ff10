ALTER TABLE "users" ADD COLUMN "point_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "coin_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD COLUMN "seq" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_ledger_user_seq_idx" ON "coin_ledger" USING btree ("user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "point_ledger_user_seq_idx" ON "point_ledger" USING btree ("user_id","seq");--> statement-breakpoint
-- Rows written before the sequence existed are numbered in id order (the best order known then).
UPDATE "point_ledger" AS l SET "seq" = r.n FROM (SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "id") AS n FROM "point_ledger") AS r WHERE l."id" = r."id";--> statement-breakpoint
UPDATE "coin_ledger" AS l SET "seq" = r.n FROM (SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "id") AS n FROM "coin_ledger") AS r WHERE l."id" = r."id";--> statement-breakpoint
UPDATE "users" AS u SET "point_seq" = s.n FROM (SELECT "user_id", max("seq") AS n FROM "point_ledger" GROUP BY "user_id") AS s WHERE u."id" = s."user_id";--> statement-breakpoint
UPDATE "users" AS u SET "coin_seq" = s.n FROM (SELECT "user_id", max("seq") AS n FROM "coin_ledger" GROUP BY "user_id") AS s WHERE u."id" = s."user_id";
