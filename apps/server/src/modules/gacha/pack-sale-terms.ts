import type { SaleTerms } from './sale-rule.ts';

/** A pack's sale terms with what names it: what the check, the batch and a refusal's explanation read. */
export interface PackSaleTerms extends SaleTerms {
  id: number;
  name: string;
}

/** Each field of PackSaleTerms and the packs column it comes from: the one mapping of the row. */
const COLUMNS: Record<keyof PackSaleTerms, string> = {
  id: 'id',
  name: 'name',
  price: 'point',
  paymentMethod: 'payment_method',
  totalPackCount: 'total_pack_count',
  drawnCount: 'drawn_count',
  startAt: 'start_at',
  endAt: 'end_at',
  published: 'published',
  maxBuyCount: 'max_buy_count',
  limitPerMember: 'limit_per_member',
  minRankId: 'min_rank_id',
  firstPurchaseOnly: 'first_purchase_only',
  smsVerifiedOnly: 'sms_verified_only',
  freeDaily: 'free_daily',
};

/**
 * SQL text: the sale terms of the packs row `alias` as one jsonb, keyed as PackSaleTerms. Text,
 * so the checks' fixed statement can hold it; the batch splices it with sql.raw.
 */
export function saleTermsJson(alias: string): string {
  return `jsonb_build_object(${Object.entries(COLUMNS)
    .map(([field, column]) => `'${field}', ${alias}.${column}`)
    .join(', ')})`;
}

/** That jsonb as the database answers it (times as text). */
export type SaleTermsJson = Omit<PackSaleTerms, 'startAt' | 'endAt'> & {
  startAt: string;
  endAt: string | null;
};

export function saleTermsFromJson(json: SaleTermsJson): PackSaleTerms {
  return {
    ...json,
    startAt: new Date(json.startAt),
    endAt: json.endAt === null ? null : new Date(json.endAt),
  };
}
