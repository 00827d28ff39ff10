import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { payments } from './payments.ts';
import { users } from './users.ts';

/**
 * Campaigns (decision 060), owned by the campaigns module. For the point purchases whose order
 * was created between `starts_at` and `ends_at`, a `point_bonus` gives `percent` % of the course's
 * points as free points and a `coinback_multiplier` multiplies the rank coin-back by `multiplier`,
 * while the campaign is not paused and its budget (`remaining` of `budget`: whole points for a
 * point bonus, coins for coin-back) covers the grant. The budget moves in one conditional UPDATE
 * in the transaction that credits the purchase (campaigns.repo.ts takeFromBudget).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'point_bonus' | 'coinback_multiplier'>().notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    percent: integer('percent'),
    multiplier: integer('multiplier'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    budget: numeric('budget', { precision: 14, scale: 2 }).notNull(),
    remaining: numeric('remaining', { precision: 14, scale: 2 }).notNull(),
    paused: boolean('paused').notNull().default(false),
    createdBy: text('created_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('campaigns_kind', sql`(${t.kind} = 'point_bonus' and ${t.percent} between 1 and 20 and ${t.multiplier} is null and ${t.budget} = trunc(${t.budget}))
      or (${t.kind} = 'coinback_multiplier' and ${t.multiplier} in (2, 3) and ${t.percent} is null)`),
    check('campaigns_budget', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.budget}`),
    check('campaigns_period', sql`${t.endsAt} > ${t.startsAt}`),
    index('campaigns_kind_period_idx').on(t.kind, t.startsAt),
  ],
);

/**
 * What a campaign gave one payment (points or coins), one row per payment and kind: the unique
 * index is what makes the grant happen once, however many paths credit the payment.
 */
export const campaignGrants = pgTable(
  'campaign_grants',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'point_bonus' | 'coinback_multiplier'>().notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('campaign_grants_payment_kind_idx').on(t.paymentId, t.kind), index('campaign_grants_campaign_idx').on(t.campaignId)],
);
