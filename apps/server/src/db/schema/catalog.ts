import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const cardTypes = pgTable('card_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** English name (console); empty: the shop shows the Japanese name. */
  nameEn: text('name_en').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export const prefectures = pgTable('prefectures', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
});

/** Top-page banners. Whether they show as a slider or a video is the 'banner_mode' setting. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull(),
  url: text('url').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** The shop shows a published banner from start_at (null: at once) until before end_at (null: open). */
  startAt: timestamp('start_at', { withTimezone: true }),
  endAt: timestamp('end_at', { withTimezone: true }),
});

/**
 * A pack is a finite lot: total_pack_count packs, each holding one prize; drawn_count of them
 * are gone. The lot's order is fixed by seed_secret (committed by seed_hash) before sale.
 */
export const packs = pgTable(
  'packs',
  {
    id: serial('id').primaryKey(),
    cardTypeId: integer('card_type_id')
      .notNull()
      .references(() => cardTypes.id),
    name: text('name').notNull(),
    /** English name for English mode; '' shows the Japanese name. */
    nameEn: text('name_en').notNull().default(''),
    /** The price of one pack, in points or coins by payment_method (the column keeps the spec's name). */
    price: integer('point').notNull(),
    paymentMethod: text('payment_method').notNull(),
    totalPackCount: integer('total_pack_count').notNull(),
    drawnCount: integer('drawn_count').notNull().default(0),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }),
    maxBuyCount: integer('max_buy_count').notNull().default(0),
    /** Packs one member may buy in all; 0 means no limit. can_limit is 1 when above 0. */
    limitPerMember: integer('limit_per_member').notNull().default(0),
    limitMessage: text('limit_message').notNull().default(''),
    showCardlist: boolean('show_cardlist').notNull().default(true),
    /** Sanitized when written, so reading never serves script. */
    detailHtml: text('detail_html').notNull().default(''),
    /** English description (sanitized like detail_html); '' shows the Japanese one. */
    detailHtmlEn: text('detail_html_en').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    movieStyle: smallint('movie_style').notNull().default(0),
    seedSecret: text('seed_secret').notNull(),
    seedHash: text('seed_hash').notNull(),
    sort: integer('sort').notNull().default(0),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the lot was committed: the end of the transaction that created it with its lineup and
     * seed. From then on a trigger refuses any change of seed, size or lineup (migration 0014).
     */
    committedAt: timestamp('committed_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'oripa-feistel-v1' (decision 004, lots before 0029) or 'oripa-draw-v2' (decision 027). */
    drawAlgorithm: text('draw_algorithm').notNull().default('oripa-feistel-v1'),
    /** v2: the seed sealed with LOT_SEED_KEY (seed_secret is then ''). */
    seedSealed: text('seed_sealed'),
    /** v2: hex sha256 of the commitment document's canonical bytes. */
    commitmentHash: text('commitment_hash'),
    revealDeadline: timestamp('reveal_deadline', { withTimezone: true }),
    /** Purchases recorded of the lot (v2: the next one's seq is this + 1). */
    purchaseSeq: integer('purchase_seq').notNull().default(0),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    /** Member-only pack (decision 056): only members of this rank or above (by ranks.sort) may buy it. */
    minRankId: integer('min_rank_id').references((): AnyPgColumn => ranks.id),
    /** Only members who never bought a pack with points or coins (a free draw does not count). */
    firstPurchaseOnly: boolean('first_purchase_only').notNull().default(false),
    /** Only SMS-verified members (users.end_sms = 1). */
    smsVerifiedOnly: boolean('sms_verified_only').notNull().default(false),
    /** Free once a day: one pack (count 1) at no cost, per member and Japan-time day, SMS-verified members only. */
    freeDaily: boolean('free_daily').notNull().default(false),
  },
  (t) => [
    check('packs_payment_method', sql`${t.paymentMethod} in ('1','2')`),
    check('packs_price_positive', sql`${t.price} > 0`),
    check('packs_drawn_range', sql`${t.drawnCount} >= 0 and ${t.drawnCount} <= ${t.totalPackCount}`),
    index('packs_card_type_idx').on(t.cardTypeId),
  ],
);

/** The prizes of a lot: `count` packs of the lot hold this prize. */
export const packPrizes = pgTable(
  'pack_prizes',
  {
    id: serial('id').primaryKey(),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** English name for English mode; '' shows the Japanese name. */
    nameEn: text('name_en').notNull().default(''),
    imageUrl: text('image_url').notNull(),
    modelNumber: text('model_number').notNull().default(''),
    rarity: smallint('rarity').notNull(),
    /** Set size of the item (num on the won card). */
    num: integer('num').notNull().default(1),
    /** Points credited when the won card is converted. */
    buyPoint: integer('buy_point').notNull(),
    /** '0' member chooses ship or convert, '2' ship only. */
    actionType: text('action_type').notNull().default('0'),
    count: integer('count').notNull(),
    sort: integer('sort').notNull().default(0),
    /**
     * 'lot': `count` packs of the lot hold it. 'last_one': the buyer of the lot's last pack also
     * gets it. 'milestone': the buyer of pack number milestone_at, milestone_at + milestone_every, …
     * (every 0: only milestone_at) also gets it; `count` is how many such numbers the lot has.
     * Never a reward for collecting a set (complete gacha is prohibited).
     */
    kind: text('kind').notNull().default('lot'),
    milestoneAt: integer('milestone_at').notNull().default(0),
    milestoneEvery: integer('milestone_every').notNull().default(0),
    /** What one card cost the shop, in yen; null: not entered (the report says so). Not committed. */
    costYen: integer('cost_yen'),
  },
  (t) => [
    check('pack_prizes_kind', sql`${t.kind} in ('lot','last_one','milestone')`),
    check('pack_prizes_milestone', sql`(${t.kind} = 'milestone') = (${t.milestoneAt} > 0) and ${t.milestoneEvery} >= 0`),
    check('pack_prizes_rarity', sql`${t.rarity} between 1 and 7`),
    check('pack_prizes_count', sql`${t.count} > 0`),
    check('pack_prizes_buy_point', sql`${t.buyPoint} >= 0`),
    check('pack_prizes_action_type', sql`${t.actionType} in ('0','2')`),
    check('pack_prizes_cost_yen', sql`${t.costYen} is null or ${t.costYen} >= 0`),
    index('pack_prizes_pack_idx').on(t.packId),
  ],
);

/**
 * Point courses: `point` points plus `bonus_point` bonus points for `price` yen, tax included.
 * Payments copy the amounts when they are made, so editing a course never changes one already
 * made. A retired course is gone from the shop and the console's editor for good (payments
 * still point at it).
 */
export const pointCourses = pgTable(
  'point_courses',
  {
    id: serial('id').primaryKey(),
    point: integer('point').notNull(),
    price: integer('price').notNull(),
    memo: text('memo').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    bonusPoint: integer('bonus_point').notNull().default(0),
    nameEn: text('name_en').notNull().default(''),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [check('point_courses_amounts', sql`${t.point} > 0 and ${t.price} > 0 and ${t.bonusPoint} >= 0`)],
);

/** Cards members can take for coins in the exchange shop. */
export const exchangeCards = pgTable(
  'exchange_cards',
  {
    id: serial('id').primaryKey(),
    cardTypeId: integer('card_type_id')
      .notNull()
      .references(() => cardTypes.id),
    image: text('image').notNull(),
    cardName: text('card_name').notNull(),
    /** English series name for English mode; '' shows card_name. */
    cardNameEn: text('card_name_en').notNull().default(''),
    name: text('name').notNull(),
    /** English card name for English mode; '' shows name. */
    nameEn: text('name_en').notNull().default(''),
    modelNumber: text('model_number').notNull().default(''),
    rarity: smallint('rarity').notNull(),
    subCoin: numeric('sub_coin', { precision: 14, scale: 2 }).notNull(),
    stock: integer('stock').notNull(),
    /** Exchanges one member may make of this card; 0 means no limit. */
    limitPerMember: integer('limit_per_member').notNull().default(0),
    /** Published: shown in the exchange shop and exchangeable. */
    active: boolean('active').notNull().default(true),
    /** Operator's order among cards of equal sort key (lower first). */
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exchange_cards_stock', sql`${t.stock} >= 0`),
    check('exchange_cards_sub_coin', sql`${t.subCoin} > 0`),
    check('exchange_cards_limit', sql`${t.limitPerMember} >= 0`),
  ],
);

/** Member ranks, kept by spending coins each month. */
export const ranks = pgTable('ranks', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull(),
  /** Yen spent in a month that reaches this rank. */
  thresholdPrice: integer('threshold_price').notNull().default(0),
  /** Coins that keep this rank for next month. */
  maintainCoin: numeric('maintain_coin', { precision: 14, scale: 2 }).notNull().default('0'),
  /** Rank icon: an image under /media or a path of the web app. */
  icon: text('icon').notNull().default(''),
  /** Coin-back on point purchases, percent of the yen paid (1.50 = 1.5%). */
  coinBackRate: numeric('coin_back_rate', { precision: 5, scale: 2 }).notNull().default('0'),
});
