import type { PackDetail } from '@oripa/contract/catalog';
import type { PurchaseResult, WonCard } from '@oripa/contract/gacha';

/** Purchase-result fixtures for the gacha screen tests. */
export function makeCard(history_id: number, overrides: Partial<WonCard> = {}): WonCard {
  return {
    history_id,
    name: `カード${history_id}`,
    image: `/media/card-${history_id}.svg`,
    rarity: 1,
    rarity_label: 'C',
    model_number: `MD-${history_id}`,
    num: 1,
    buy_point: 100,
    action_type: '0',
    status: '0',
    ...overrides,
  };
}

export function makeResult(cards: WonCard[], overrides: Partial<PurchaseResult> = {}): PurchaseResult {
  return {
    result: '1',
    pack_history_id: 5,
    pack_id: 3,
    cards,
    card_type: 1,
    movie_style: 1,
    is_buy_coin: 0,
    title: '【1,000P】幻獣降臨オリパ',
    created: '2025/04/01 18:00',
    deadline: new Date(Date.now() + 23 * 3600_000).toISOString(),
    twitter_code: '',
    ...overrides,
  };
}

export const payloadOf = (body: URLSearchParams | null) => JSON.parse(body?.get('json') ?? '{}') as unknown;

export function makePackDetail(overrides: Partial<PackDetail> = {}): PackDetail {
  return {
    id: 1,
    name: 'ポケモンカード 超高額オリパ',
    point: 1000,
    payment_method: '1',
    pack_count: 123,
    total_pack_count: 500,
    card_type: 1,
    image: ['/media/pack-1.svg'],
    is_before: false,
    start_date: '2025-01-01T00:00:00.000Z',
    format_end_date: '',
    max_buy_count: 0,
    can_limit: 0,
    limit_message: '',
    show_cardlist: '1',
    detail: '',
    member_remaining: null,
    ...overrides,
  };
}
