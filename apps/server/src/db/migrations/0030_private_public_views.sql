-- Public views name no one and share nothing guessable (issue 20 item 5, decision 027): a
-- purchase's share link is a random code of its own, not a card id.
ALTER TABLE "purchases" ADD COLUMN "share_code" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_share_code_idx" ON "purchases" ("share_code");
