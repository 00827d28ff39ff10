import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
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
    /** The member whose referral code this member registered with. */
    referredBy: integer('referred_by'),
    /** When this member's referral bonus (and the referrer's) was granted; null until then. */
    referralRewardedAt: timestamp('referral_rewarded_at', { withTimezone: true }),
    /** 1 once the phone was verified by SMS; the phone is read-only from then on. */
    endSms: smallint('end_sms').notNull().default(0),
    /** Language the member registered in ('ja' or 'en'); mails are written in it. */
    lang: text('lang').notNull().default('ja'),
    pointBalance: integer('point_balance').notNull().default(0),
    /** Coins are decimal: numeric with two places, never a float. */
    coinBalance: numeric('coin_balance', { precision: 14, scale: 2 }).notNull().default('0'),
    /**
     * The sequence number of the member's latest point (coin) ledger row. Each balance change
     * takes the next one in the statement that moves the balance, under the member's row lock,
     * so the member's ledger read in seq order is a running sum of its balance.
     */
    pointSeq: integer('point_seq').notNull().default(0),
    coinSeq: integer('coin_seq').notNull().default(0),
    rankId: integer('rank_id').references(() => ranks.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_point_nonnegative', sql`${t.pointBalance} >= 0`),
    check('users_coin_nonnegative', sql`${t.coinBalance} >= 0`),
    check('users_lang', sql`${t.lang} in ('ja','en')`),
    // One phone number can be SMS-verified on one account only (design decision 6).
    uniqueIndex('users_verified_tel_idx').on(t.tel).where(sql`${t.endSms} = 1`),
    index('users_referred_by_idx').on(t.referredBy),
  ],
);
