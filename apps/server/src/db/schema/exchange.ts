import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { exchangeCards, ranks } from './catalog.ts';
import { shippingRequests } from './gacha.ts';
import { users } from './users.ts';

/** A card a member took in the exchange shop: the coins it cost and its shipping request. */
export const exchanges = pgTable(
  'exchanges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exchangeCardId: integer('exchange_card_id')
      .notNull()
      .references(() => exchangeCards.id),
    subCoin: numeric('sub_coin', { precision: 14, scale: 2 }).notNull(),
    shippingRequestId: integer('shipping_request_id')
      .notNull()
      .references(() => shippingRequests.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exchanges_user_card_idx').on(t.userId, t.exchangeCardId)],
);

/**
 * A rank kept with coins (POST /user/buy_rank): in JST month `month` ('2026-11') the member paid
 * `coin` to keep `rankId` for the next month. One a member a month.
 */
export const rankKeeps = pgTable(
  'rank_keeps',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    rankId: integer('rank_id')
      .notNull()
      .references(() => ranks.id),
    coin: numeric('coin', { precision: 14, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rank_keeps_user_month_idx').on(t.userId, t.month)],
);

/** JST months ('2026-12') whose start-of-month rank change has run: it runs once a month. */
export const rankMonths = pgTable('rank_months', {
  month: text('month').primaryKey(),
  members: integer('members').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
