/**
 * Each table's one owner: the module whose repos write it (docs/architecture.md, "Table
 * owners"). Another module reads or changes the table through the owner's service or its SQL
 * fragment, never with statements of its own; the few measured exceptions are listed in
 * SHARED_WRITES with their reason. `db/table-owners.unit.test.ts` reads the server's code and
 * fails on a write outside these, and on an exception that no longer writes.
 */
export const TABLE_OWNERS = {
  alerts_sent: 'alerts',
  app_settings: 'settings',
  audit_log: 'audit',
  banners: 'catalog',
  beacon_rounds: 'beacon',
  card_types: 'catalog',
  campaign_grants: 'campaigns',
  campaigns: 'campaigns',
  coin_ledger: 'wallet',
  coupon_redemptions: 'coupons',
  coupons: 'coupons',
  exchange_cards: 'exchange',
  exchanges: 'exchange',
  free_draws: 'gacha',
  holdings: 'holdings',
  inquiries: 'inquiries',
  inquiry_attachments: 'inquiries',
  inquiry_messages: 'inquiries',
  login_failures: 'accounts',
  lot_draw_state: 'gacha',
  mail_opt_outs: 'notifications',
  media: 'media',
  media_chunks: 'media',
  member_ages: 'safety',
  member_identities: 'accounts',
  member_limit_changes: 'safety',
  member_limits: 'safety',
  member_notes: 'admin',
  member_suspensions: 'admin',
  operator_alert_mails: 'alerts',
  operator_login_failures: 'admin',
  operator_roles: 'admin',
  operator_sessions: 'admin',
  operators: 'admin',
  outbox: 'notifications',
  pack_prizes: 'catalog',
  packs: 'catalog',
  password_reset_tokens: 'accounts',
  payment_events: 'payments',
  payment_refunds: 'payments',
  payments: 'payments',
  point_courses: 'payments',
  point_ledger: 'wallet',
  point_lots: 'wallet',
  prefectures: 'address',
  purchases: 'gacha',
  rank_keeps: 'ranks',
  rank_months: 'ranks',
  ranks: 'ranks',
  sandbox_checkout_sessions: 'payments',
  sandbox_pay_refunds: 'payments',
  sandbox_pay_tokens: 'payments',
  sandbox_pay_transactions: 'payments',
  sessions: 'sessions',
  shipping_events: 'shipping',
  shipping_parcels: 'shipping',
  shipping_requests: 'shipping',
  sms_codes: 'accounts',
  sms_deliveries: 'notifications',
  throttle_hits: 'throttle',
  transparency_entries: 'transparency',
  transparency_heads: 'transparency',
  users: 'accounts',
} as const;

export type TableName = keyof typeof TABLE_OWNERS;

/** A write outside the owner, allowed for the reason given (file: path under apps/server/src). */
export interface SharedWrite {
  table: TableName;
  file: string;
  why: string;
}

const HOT_PATH =
  'the purchase hot path writes in its own statements, one round trip per batch (decision 005)';

export const SHARED_WRITES: readonly SharedWrite[] = [
  {
    table: 'packs',
    file: 'modules/gacha/purchase-batch.repo.ts',
    why: `the lot's counters (drawn_count, purchase_seq): ${HOT_PATH}`,
  },
  {
    table: 'packs',
    file: 'modules/gacha/drawer.repo.ts',
    why: 'the drawer marks the lot revealed (revealed_at) in the transaction that reveals its seed',
  },
  { table: 'holdings', file: 'modules/gacha/purchase-batch.repo.ts', why: `the cards drawn: ${HOT_PATH}` },
  {
    table: 'holdings',
    file: 'modules/gacha/drawer.repo.ts',
    why: "a v2 lot's cards, drawn when their beacon round comes, in the drawer's transaction",
  },
  {
    table: 'sessions',
    file: 'modules/gacha/purchase-batch.repo.ts',
    why: `the pending checks a batch spends: ${HOT_PATH}`,
  },
  {
    table: 'sessions',
    file: 'modules/gacha/purchase.repo.ts',
    why: `the checks' one statement reads and writes the check: ${HOT_PATH}`,
  },
  {
    table: 'shipping_requests',
    file: 'db/shipping-requests.ts',
    why: 'the one insert, spliced into the statements of the purchase batch, the card choice and the exchange (modules below shipping in the layers), so a request is born in the transaction that decides it',
  },
  {
    table: 'lot_draw_state',
    file: 'modules/catalog/lot-commitment.ts',
    why: "the commitment creates the lot's draw state in the commit's transaction",
  },
  {
    table: 'users',
    file: 'modules/wallet/wallet.repo.ts',
    why: 'the balance columns (point_balance, coin_balance and their seq) change with their ledger row',
  },
  {
    table: 'users',
    file: 'modules/ranks/ranks.repo.ts',
    why: "the rank column (rank_id), the ranks module's",
  },
  {
    table: 'users',
    file: 'modules/referrals/referrals.repo.ts',
    why: "the referral reward's time (referral_rewarded_at), the referrals module's",
  },
];
