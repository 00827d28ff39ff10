import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { consoleMe } from '../test-console-me.ts';
import { installAdminTexts } from '../admin-texts.ts';
import { CouponsScreen } from './coupons-screen.tsx';

// Decision 059: the console lists codes with their uses and budget, pauses them, creates one code
// (the server's refusal under its field) and exports a batch's CSV; roles without the write
// permission only read.

beforeAll(() => installAdminTexts());
afterEach(() => vi.restoreAllMocks());

const row = (values: Record<string, unknown> = {}) => ({
  id: 1,
  code: 'WELCOME',
  name: '新規会員',
  kind: 'points',
  points: 100,
  discount_percent: null,
  discount_yen: null,
  budget: 1000,
  remaining: 700,
  uses: 3,
  max_uses: null,
  members: 2,
  per_member_limit: 2,
  first_purchase_only: false,
  min_rank_id: null,
  starts_at: '2026-11-01T00:00:00.000Z',
  ends_at: '2026-12-31T00:00:00.000Z',
  paused: false,
  batch: null,
  status: 'active',
  created_at: '2026-11-01T00:00:00.000Z',
  ...values,
});

const TAKEN = 'このコードはすでに登録されています。';

describe('/admin/coupons', () => {
  it('lists codes with uses and budget, pauses one, refuses a taken code under its field, then creates one', async () => {
    let paused = false;
    const sent: Record<string, unknown>[] = [];
    mockApi({
      'GET /admin/me': consoleMe('owner'),
      'GET /admin/ranks': { ranks: [] },
      'GET /admin/coupons*': () => ({
        coupons: [row({ paused, status: paused ? 'paused' : 'active' })],
        total: 1,
        page: 1,
        per: 50,
        batches: [{ batch: '20261128-ABCDEF', name: '店頭', kind: 'points', codes: 100, used: 4, points_given: 120, created_at: '2026-11-28T00:00:00.000Z' }],
      }),
      'POST /admin/coupons/pause': ({ body }: { body: URLSearchParams | null }) => {
        paused = (JSON.parse(body?.get('json') ?? '{}') as { paused: boolean }).paused;
        return { coupon: row({ paused, status: 'paused' }) };
      },
      'POST /admin/coupons/create': ({ body }: { body: URLSearchParams | null }) => {
        const payload = JSON.parse(body?.get('json') ?? '{}') as Record<string, unknown>;
        sent.push(payload);
        if (payload.code === 'WELCOME') return { state: 409, errors: { code: [TAKEN] } };
        return { coupon: row({ id: 2, code: String(payload.code) }) };
      },
    } as never);
    renderAt('/admin/coupons', <CouponsScreen />);
    const table = await screen.findByTestId('coupons-table');
    const cells = within(table).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['WELCOME', '新規会員', '100pt', '3 / 2', '700 / 1,000使用 300']);
    expect(within(table).getByText('利用可')).toBeTruthy();
    expect(within(screen.getByTestId('coupon-batches')).getByText('4 / 100')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: '停止' }));
    await waitFor(() => expect(within(screen.getByTestId('coupons-table')).getByText('停止中')).toBeTruthy());
    expect(within(screen.getByTestId('coupons-table')).getByRole('button', { name: '再開' })).toBeTruthy();

    const form = screen.getByTestId('coupon-create');
    fireEvent.change(within(form).getByLabelText('コード（英数字4〜32文字）'), { target: { value: 'WELCOME' } });
    fireEvent.change(within(form).getByLabelText('付与ポイント（無償）'), { target: { value: '50' } });
    fireEvent.change(within(form).getByLabelText('予算（ポイント付与はポイント、割引は円の合計）'), { target: { value: '5000' } });
    fireEvent.change(within(form).getByLabelText('開始日時'), { target: { value: '2026-12-01T10:00' } });
    fireEvent.change(within(form).getByLabelText('終了日時'), { target: { value: '2026-12-31T10:00' } });
    fireEvent.click(within(form).getByRole('button', { name: '作成' }));
    expect(await within(form).findByText(TAKEN)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('コード（英数字4〜32文字）'), { target: { value: 'XMAS2026' } });
    fireEvent.click(within(form).getByRole('button', { name: '作成' }));
    await waitFor(() => expect(screen.getByTestId('coupons-notice').textContent).toBe('コード XMAS2026 を作成しました。'));
    expect(sent[1]).toMatchObject({ code: 'XMAS2026', kind: 'points', points: '50', budget: '5000', per_member_limit: '1', first_purchase_only: false, min_rank_id: null });
    expect(Date.parse(String(sent[1]?.starts_at))).toBe(new Date('2026-12-01T10:00').getTime());
  });

  it('creates a percentage discount code with a budget in yen, and lists discount codes with yen used (decision 061)', async () => {
    const sent: Record<string, unknown>[] = [];
    mockApi({
      'GET /admin/me': consoleMe('owner'),
      'GET /admin/ranks': { ranks: [] },
      'GET /admin/coupons*': {
        coupons: [row({ code: 'YEN100', kind: 'yen_off', points: 0, discount_yen: 100, budget: 1000, remaining: 900, uses: 1, members: 1 })],
        total: 1,
        page: 1,
        per: 50,
        batches: [{ batch: 'B2', name: '同梱', kind: 'yen_off', codes: 10, used: 2, points_given: 600, created_at: '2026-11-28T00:00:00.000Z' }],
      },
      'POST /admin/coupons/create': ({ body }: { body: URLSearchParams | null }) => {
        const payload = JSON.parse(body?.get('json') ?? '{}') as Record<string, unknown>;
        sent.push(payload);
        return { coupon: row({ id: 3, code: String(payload.code), kind: 'percent_off', points: 0, discount_percent: 10 }) };
      },
    } as never);
    renderAt('/admin/coupons', <CouponsScreen />);
    const table = await screen.findByTestId('coupons-table');
    expect(within(table).getByTestId('coupon-gives').textContent).toBe('100円引き');
    expect(within(table).getByTestId('coupon-budget').textContent).toBe('¥900 / ¥1,000使用 ¥100');
    const batches = screen.getByTestId('coupon-batches');
    expect(within(batches).getByText('コース割引（円）')).toBeTruthy();
    expect(within(batches).getByText('¥600')).toBeTruthy();

    const form = screen.getByTestId('coupon-create');
    expect(within(form).queryByLabelText('割引率（％、1〜99）')).toBeNull();
    fireEvent.change(within(form).getByTestId('coupon-kind'), { target: { value: 'percent_off' } });
    expect(within(form).queryByLabelText('付与ポイント（無償）')).toBeNull();
    fireEvent.change(within(form).getByLabelText('コード（英数字4〜32文字）'), { target: { value: 'TENOFF' } });
    fireEvent.change(within(form).getByLabelText('割引率（％、1〜99）'), { target: { value: '10' } });
    fireEvent.change(within(form).getByLabelText('予算（ポイント付与はポイント、割引は円の合計）'), { target: { value: '100000' } });
    fireEvent.change(within(form).getByLabelText('開始日時'), { target: { value: '2026-12-01T10:00' } });
    fireEvent.change(within(form).getByLabelText('終了日時'), { target: { value: '2026-12-31T10:00' } });
    fireEvent.click(within(form).getByRole('button', { name: '作成' }));
    await waitFor(() => expect(screen.getByTestId('coupons-notice').textContent).toBe('コード TENOFF を作成しました。'));
    expect(sent[0]).toMatchObject({ code: 'TENOFF', kind: 'percent_off', discount_percent: '10', budget: '100000' });
    expect(sent[0]).not.toHaveProperty('points');
  });

  it('shows support the codes without the forms or the pause and CSV buttons', async () => {
    mockApi({
      'GET /admin/me': consoleMe('support'),
      'GET /admin/coupons*': { coupons: [row()], total: 1, page: 1, per: 50, batches: [{ batch: 'B1', name: '', kind: 'points', codes: 1, used: 0, points_given: 0, created_at: '2026-11-28T00:00:00.000Z' }] },
    } as never);
    renderAt('/admin/coupons', <CouponsScreen />);
    const table = await screen.findByTestId('coupons-table');
    expect(within(table).queryByRole('button', { name: '停止' })).toBeNull();
    expect(screen.queryByTestId('coupon-create')).toBeNull();
    expect(screen.queryByRole('button', { name: 'CSV（UTF-8）' })).toBeNull();
    expect(screen.getByText('作成・停止はオーナー（または権限を与えられたロール）のみ行えます。')).toBeTruthy();
  });
});
