-- Ranks created before coin-back existed got rate 0 and no icon path. Give the demo ranks the
-- demo table's rates and icons (decision 011), only where an operator has not set them.
UPDATE "ranks" SET "coin_back_rate" = CASE "code"
    WHEN 'bronze' THEN 0.50 WHEN 'silver' THEN 1.00 WHEN 'gold' THEN 2.00
    WHEN 'platinum' THEN 3.00 WHEN 'diamond' THEN 5.00 END
  WHERE "code" IN ('bronze', 'silver', 'gold', 'platinum', 'diamond') AND "coin_back_rate" = 0;--> statement-breakpoint
UPDATE "ranks" SET "icon" = '/media/rank-' || "code" || '.svg' WHERE "icon" = '';
