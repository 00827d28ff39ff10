import { describe, expect, it } from 'vitest';
import { createPayload, draftEconomics, draftOf, draftOfCopy, draftPrizeCaps, emptyPrize, fromJstInput, keepDraft, newDraft, savedDraft, toJstInput, updatePayload } from './packs-draft.ts';

describe('the pack editor’s draft', () => {
  it('reads and writes times as Japan time, whatever the browser’s zone', () => {
    expect(toJstInput('2026-12-01T01:30:00.000Z')).toBe('2026-12-01T10:30');
    expect(fromJstInput('2026-12-01T10:30')).toBe('2026-12-01T10:30:00+09:00');
    expect(fromJstInput('2026-12-01T10:30:45')).toBe('2026-12-01T10:30:45+09:00');
    expect(new Date(fromJstInput(toJstInput('2026-12-31T15:00:00.000Z'))).toISOString()).toBe('2026-12-31T15:00:00.000Z');
    expect(toJstInput(null)).toBe('');
    // Anything else goes to the server as typed, to be refused there under its field.
    expect(fromJstInput('tomorrow')).toBe('tomorrow');
  });

  it('computes the lot size, expected value and margin as the operator types, ignoring what is not a number yet', () => {
    const draft = newDraft();
    draft.point = '500';
    draft.lineup = [
      { ...emptyPrize(), count: '2', buy_point: '300' },
      { ...emptyPrize(), count: '8', buy_point: '50' },
      { ...emptyPrize(), count: '', buy_point: 'x' },
    ];
    expect(draftEconomics(draft)).toEqual({ size: 10, expectedValue: 100, margin: 0.8 });
    draft.point = '';
    expect(draftEconomics(draft).margin).toBeNull();
    // Last-one and milestone prizes are outside the lot.
    draft.lineup.push({ ...emptyPrize(), kind: 'last_one', count: '1', buy_point: '99999' });
    expect(draftEconomics(draft).size).toBe(10);
  });

  it('sends a new pack’s prizes without an image when none was uploaded, and a committed pack’s prizes as stored', () => {
    const draft = newDraft();
    draft.lineup = [{ ...emptyPrize(), name: 'A' }, { ...emptyPrize(), name: 'B', image: '/media/upload-1.png' }];
    const created = createPayload(draft) as { lineup: Record<string, unknown>[]; end_at: unknown };
    expect(created.lineup[0]).not.toHaveProperty('image');
    expect(created.lineup[1]).toMatchObject({ image: '/media/upload-1.png' });
    expect(created.end_at).toBeNull();

    // Last-one and milestone prizes go where the pack file has them, without a count.
    draft.lineup.push({ ...emptyPrize('last_one'), name: 'L' }, { ...emptyPrize('milestone'), name: 'M', at: '5', every: '10' });
    const extras = createPayload(draft) as { lineup: unknown[]; last_one: Record<string, unknown>; milestones: Record<string, unknown>[] };
    expect(extras.lineup).toHaveLength(2);
    expect(extras.last_one).toMatchObject({ name: 'L' });
    expect(extras.last_one).not.toHaveProperty('count');
    expect(extras.milestones).toEqual([expect.objectContaining({ name: 'M', at: '5', every: '10' })]);
    expect(extras.milestones[0]).not.toHaveProperty('count');

    const stored = {
      id: 7, name: 'P', name_en: '', card_type_id: 1, point: 500, payment_method: '1' as const, start_at: '2026-12-01T01:00:00.000Z', end_at: null,
      max_buy_count: 0, limit_per_member: 0, limit_message: '', min_rank_id: null, first_purchase_only: false, sms_verified_only: false, free_daily: false, show_cardlist: true, movie_style: 0, images: [], detail: '', detail_en: '', sort: 0,
      published: true, state: 'on_sale' as const, total: 3, drawn: 0, seed_hash: 'h', committed_at: '2026-11-30T00:00:00.000Z',
      lineup: [{ id: 11, kind: 'lot' as const, name: 'A', name_en: 'A en', image_url: '/media/a.svg', model_number: 'M', rarity: 3, num: 1, buy_point: 10, action_type: '0' as const, count: 3, at: 0, every: 0, cost_yen: 4 }],
    };
    const draftBack = draftOf(stored);
    expect(draftBack.start_at).toBe('2026-12-01T10:00');
    expect(draftBack.lineup[0]!.cost_yen).toBe('4');
    draftBack.lineup[0]!.buy_point = '20';
    draftBack.lineup[0]!.cost_yen = '';
    const update = updatePayload(7, draftBack) as { lineup: Record<string, unknown>[] };
    expect(update.lineup[0]).toEqual({ id: 11, name: 'A', name_en: 'A en', image_url: '/media/a.svg', model_number: 'M', rarity: '3', count: '3', num: '1', buy_point: '20', action_type: '0', cost_yen: '' });
  });
});

describe('who may buy (decision 056)', () => {
  it('sends the member conditions, and weighs a free daily lot’s whole lineup against the prize caps', () => {
    const draft = { ...newDraft(), point: '100', min_rank_id: '3', sms_verified_only: true };
    draft.lineup = [{ ...emptyPrize(), name: 'A', count: '10', buy_point: '50' }];
    expect(createPayload(draft)).toMatchObject({ min_rank_id: '3', first_purchase_only: false, sms_verified_only: true, free_daily: false });
    expect(draftPrizeCaps(draft).prizes).toEqual([]);
    const free = { ...draft, free_daily: true };
    const { prizes, report } = draftPrizeCaps(free);
    expect(prizes).toEqual([expect.objectContaining({ name: 'A', kind: 'free_draw', count: 10, value: 50 })]);
    // 10 cards of ¥50 = ¥500 given free, against 2% of 10 × ¥100.
    expect(report).toMatchObject({ totalValue: 500, totalCap: 20, overTotal: true });
    expect(createPayload({ ...newDraft(), min_rank_id: '' })).toMatchObject({ min_rank_id: null });
  });
});

describe('a duplicated pack', () => {
  it('keeps who may buy in the new draft', () => {
    const copy = {
      name: 'コピー', name_en: 'Copy', card_type_id: 1, point: 500, payment_method: '1' as const, end_at: null, max_buy_count: 0,
      limit_per_member: 0, limit_message: '', min_rank_id: 3, first_purchase_only: true, sms_verified_only: true, free_daily: false,
      show_cardlist: true, movie_style: 1, images: [], detail: '', detail_en: '', sort: 0, lineup: [],
    };
    expect(draftOfCopy(copy)).toMatchObject({ min_rank_id: '3', first_purchase_only: true, sms_verified_only: true, free_daily: false, published: false });
    expect(draftOfCopy({ ...copy, min_rank_id: null }).min_rank_id).toBe('');
  });
});

describe('an unsent new pack', () => {
  it('is kept in this browser until it is created, and a broken copy is ignored', () => {
    const draft = { ...newDraft(), name: '下書き' };
    keepDraft(draft);
    expect(savedDraft()?.name).toBe('下書き');
    keepDraft(null);
    expect(savedDraft()).toBeNull();
    window.localStorage.setItem('oripa.admin.pack-draft', '{broken');
    expect(savedDraft()).toBeNull();
    window.localStorage.setItem('oripa.admin.pack-draft', '{"name":"x"}');
    expect(savedDraft()).toBeNull();
  });
});
