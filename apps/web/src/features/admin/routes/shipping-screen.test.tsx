import type { AdminShippingRequest } from '@oripa/contract/admin-shipping';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { installAdminTexts } from '../admin-texts.ts';
import { ShippingScreen } from './shipping-screen.tsx';

const request = (id: number, overrides: Partial<AdminShippingRequest> = {}): AdminShippingRequest => ({
  id,
  state: 'requested',
  created_at: '2026-11-02T01:00:00.000Z',
  user_id: 7,
  mail: 'hanako@example.com',
  source: 'pack',
  purchase_id: 3,
  pack_id: 1,
  pack_name: '幻獣降臨オリパ',
  point_pack: true,
  address: { name: '髙橋 花子', zipcode: '150-0002', pref_name: '東京都', country: 'JP', shiku: '渋谷区渋谷', address: '2-21-1', building: '', tel: '090-1234-5678' },
  cards: [{ name: 'カード1', model_number: 'T-1', rarity: 5, count: 2 }],
  carrier: '',
  tracking_number: '',
  tracking_url: '',
  age_business_days: 3,
  overdue: false,
  converted_points: 0,
  ...overrides,
});

beforeAll(() => installAdminTexts());

describe('/admin/shipping', () => {
  it('marks overdue requests with their age, and lists the rows a refused bulk step names', async () => {
    const posted: unknown[] = [];
    mockApi({
      'GET /admin/shipping*': { requests: [request(1, { age_business_days: 16, overdue: true }), request(2, { state: 'picking' })], more: false },
      'POST /admin/shipping/transition': ({ body }: { body: URLSearchParams | null }) => {
        posted.push(JSON.parse(body?.get('json') ?? '{}'));
        return { state: 409, errors: { request_ids: ['1件の発送依頼はこの操作ができないため、何も変更していません。'] }, refused: [{ id: 1, reason: 'skip_or_back', state: 'requested' }] };
      },
    } as never);
    renderAt('/admin/shipping', <ShippingScreen />);
    const late = await screen.findByTestId('shipping-late');
    expect(late.textContent).toBe('期限超過 16営業日');
    fireEvent.click(screen.getByTestId('shipping-select-all'));
    expect(screen.getByText('2件を選択中')).toBeTruthy();
    expect(screen.getByTestId('shipping-convert')).toBeTruthy();
    fireEvent.click(screen.getByTestId('shipping-to-packed'));
    await waitFor(() => expect(screen.getByTestId('shipping-notice').textContent).toContain('#1 (発送依頼): 段階を飛ばす・戻す操作はできません'));
    expect(posted).toEqual([{ request_ids: [1, 2], to: 'packed', convert: false }]);
  });
});
