import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { ranks } from './catalog.ts';

/** Members. Balances only ever change together with a ledger row (see the wallet module). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    mail: text('mail').notNull().unique(),
    passHash: text('pass_hash').notNull(),
    lastName: text('last_name').notNull(),
    middleName: text('middle_name').notNull().default(''),
    firstName: text('first_name').notNull(),
    tel: text('tel').notNull(),
    zipcode: text('zipcode').notNull(),
    prefId: integer('pref_id').notNull(),
    country: text('country').notNull().default(''),
    shiku: text('shiku').notNull(),
    address: text('address').notNull(),
    building: text('building').notNull().default(''),
    referralCode: text('referral_code').notNull().unique(),
    referredBy: integer('referred_by'),
    endSms: smallint('end_sms').notNull().default(0),
    pointBalance: integer('point_balance').notNull().default(0),
    /** Coins are decimal: numeric with two places, never a float. */
    coinBalance: numeric('coin_balance', { precision: 14, scale: 2 }).notNull().default('0'),
    rankId: integer('rank_id').references(() => ranks.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_point_nonnegative', sql`${t.pointBalance} >= 0`),
    check('users_coin_nonnegative', sql`${t.coinBalance} >= 0`),
  ],
);
