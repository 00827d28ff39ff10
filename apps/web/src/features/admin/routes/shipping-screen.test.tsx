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
  parcel_id: null,
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

  it('combines the selected requests, shows the parcel, and lists the fields over a carrier’s limit (decision 051)', async () => {
    const posted: Record<string, unknown[]> = { combine: [], settings: [] };
    const searches: string[] = [];
    mockApi({
      'GET /admin/shipping/settings': { auto_combine: false },
      'GET /admin/shipping/export*': ({ path }: { path: string }) => {
        searches.push(path);
        return {
          state: 409,
          errors: { ids: ['1か所が佐川 e飛伝の文字数制限を超えるため、ファイルを作成していません'] },
          over_limits: [{ parcel_id: 1, request_ids: [1, 2], field: 'お届け先名称1', limit: 32, length: 36 }],
        };
      },
      'GET /admin/shipping*': { requests: [request(1), request(2, { parcel_id: 1 })], more: false },
      'POST /admin/shipping/combine': ({ body }: { body: URLSearchParams | null }) => {
        posted.combine!.push(JSON.parse(body?.get('json') ?? '{}'));
        return { parcel_id: 1, request_ids: [1, 2] };
      },
      'POST /admin/shipping/settings': ({ body }: { body: URLSearchParams | null }) => {
        posted.settings!.push(JSON.parse(body?.get('json') ?? '{}'));
        return { auto_combine: true };
      },
    } as never);
    renderAt('/admin/shipping', <ShippingScreen />);
    expect((await screen.findByTestId('shipping-parcel')).textContent).toBe('#1 と同梱');
    fireEvent.click(screen.getByTestId('shipping-select-all'));
    fireEvent.click(screen.getByTestId('shipping-combine'));
    await waitFor(() => expect(screen.getByTestId('shipping-parcels-notice').textContent).toBe('2件を1つの荷物（#1）にまとめました。'));
    expect(posted.combine).toEqual([{ request_ids: [1, 2] }]);

    fireEvent.change(screen.getByTestId('shipping-export-format'), { target: { value: 'sagawa_ehiden' } });
    fireEvent.click(screen.getByTestId('shipping-export'));
    await waitFor(() => expect(screen.getByTestId('shipping-tools-notice').textContent).toContain('荷物 #1 の「お届け先名称1」が36バイト（上限32バイト）'));
    expect(searches[0]).toContain('ids=1%2C2&format=sagawa_ehiden');

    await waitFor(() => expect((screen.getByTestId('shipping-auto-combine') as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('shipping-auto-combine'));
    await waitFor(() => expect(screen.getByTestId('shipping-parcels-notice').textContent).toBe('自動同梱をオンにしました。'));
    expect(posted.settings).toEqual([{ auto_combine: true }]);
  });
});
