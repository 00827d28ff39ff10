ALTER TABLE "exchange_cards" ADD COLUMN "card_name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_cards" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;