import type { PackDetail } from '@oripa/contract/catalog';
import type { PurchaseResult, WonCard } from '@oripa/contract/gacha';
import { afterEach, beforeEach, vi } from 'vitest';
import { makeDetail } from '@/test-packs.ts';

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
  return makeDetail({ image: ['/media/pack-1.svg'], detail: '', ...overrides });
}

/**
 * For the reveal's tests: fake timers the test advances (time still runs), and the calm version
 * of the reveal (prefers-reduced-motion), since jsdom has no canvas for the movie.
 */
export function useCalmReveal(): void {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
