import type { Pack, PackDetail } from '@oripa/contract/catalog';

/** Pack fixtures for the web tests (catalogue, gacha, exchange). */
export function makePack(overrides: Partial<Pack> = {}): Pack {
  return {
    id: 1,
    name: 'ポケモンカード 超高額オリパ',
    point: 1000,
    payment_method: '1',
    pack_count: 123,
    total_pack_count: 500,
    card_type: 1,
    image: ['/media/pack-1.svg', '/media/pack-1b.svg'],
    is_before: false,
    start_date: '2025-01-01T00:00:00.000Z',
    format_end_date: '',
    max_buy_count: 0,
    can_limit: 0,
    limit_message: '',
    show_cardlist: '1',
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<PackDetail> = {}): PackDetail {
  return { ...makePack(overrides), detail: '<p>当たりカード多数収録！</p>', member_remaining: null, ...overrides };
}
