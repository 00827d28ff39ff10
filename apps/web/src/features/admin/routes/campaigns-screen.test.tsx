import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { consoleMe } from '../test-console-me.ts';
import { installAdminTexts } from '../admin-texts.ts';
import { CampaignsScreen } from './campaigns-screen.tsx';

// Decision 060: the console lists campaigns with state, budget used and payments, pauses them,
// creates one (the server's refusal under its field); roles without the write permission only read.

beforeAll(() => installAdminTexts());
afterEach(() => vi.restoreAllMocks());

const row = (values: Record<string, unknown> = {}) => ({
  id: 1,
  kind: 'point_bonus',
  name: '秋の増量',
  name_en: 'Autumn bonus',
  percent: 10,
  multiplier: null,
  starts_at: '2026-11-01T00:00:00.000Z',
  ends_at: '2026-12-31T00:00:00.000Z',
  budget: '10000.00',
  remaining: '9700.00',
  used: '300.00',
  paused: false,
  payments: 3,
  status: 'active',
  created_by: 'owner@example.com',
  created_at: '2026-11-01T00:00:00.000Z',
  ...values,
});

const OVERLAP = '同じ種類のキャンペーン「秋の増量」と期間が重なっています（2026/11/01 09:00〜2026/12/31 09:00）。同じ種類は同時に1つまでです。';

describe('/admin/campaigns', () => {
  it('lists campaigns with budget used and payments, pauses one, shows its payments, refuses an overlap under its field, then creates a coin-back one', async () => {
    let paused = false;
    const sent: Record<string, unknown>[] = [];
    mockApi({
      'GET /admin/me': consoleMe('owner'),
      'GET /admin/campaigns/grants/1': { campaign: row(), grants: [{ payment_id: 77, user_id: 5, amount: '100.00', granted_at: '2026-11-20T00:00:00.000Z' }] },
      'GET /admin/campaigns': () => ({ campaigns: [row({ paused, status: paused ? 'paused' : 'active' })] }),
      'POST /admin/campaigns/pause': ({ body }: { body: URLSearchParams | null }) => {
        paused = (JSON.parse(body?.get('json') ?? '{}') as { paused: boolean }).paused;
        return { campaign: row({ paused, status: 'paused' }) };
      },
      'POST /admin/campaigns/create': ({ body }: { body: URLSearchParams | null }) => {
        const payload = JSON.parse(body?.get('json') ?? '{}') as Record<string, unknown>;
        sent.push(payload);
        if (payload.kind === 'point_bonus') return { state: 409, errors: { starts_at: [OVERLAP] } };
        return { campaign: row({ id: 2, kind: 'coinback_multiplier', name: String(payload.name), percent: null, multiplier: 2 }) };
      },
    } as never);
    renderAt('/admin/campaigns', <CampaignsScreen />);
    const table = await screen.findByTestId('campaigns-table');
    const cells = within(table).getAllByRole('cell').map((c) => c.textContent);
    expect(cells[0]).toBe('秋の増量Autumn bonus');
    expect(cells.slice(1, 3)).toEqual(['ポイント増量', '+10%']);
    expect(cells.slice(4, 7)).toEqual(['300.00 / 10000.00', '3', '実施中']);

    fireEvent.click(within(table).getByRole('button', { name: '停止' }));
    await waitFor(() => expect(within(screen.getByTestId('campaigns-table')).getByText('停止中')).toBeTruthy());
    fireEvent.click(within(screen.getByTestId('campaigns-table')).getByRole('button', { name: '対象の決済' }));
    expect(within(await screen.findByTestId('campaign-grants')).getByText('77')).toBeTruthy();

    const form = screen.getByTestId('campaign-create');
    fireEvent.change(within(form).getByLabelText('キャンペーン名（日本語・会員に表示）'), { target: { value: '冬の増量' } });
    fireEvent.change(within(form).getByLabelText('増量率（%・1〜20）'), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('予算（ポイント増量はポイント、コインバックはコイン）'), { target: { value: '5000' } });
    fireEvent.change(within(form).getByLabelText('開始日時'), { target: { value: '2026-12-01T10:00' } });
    fireEvent.change(within(form).getByLabelText('終了日時'), { target: { value: '2026-12-31T10:00' } });
    fireEvent.click(within(form).getByRole('button', { name: '作成' }));
    expect(await within(form).findByText(OVERLAP)).toBeTruthy();
    expect(sent[0]).toMatchObject({ kind: 'point_bonus', name: '冬の増量', percent: '5', multiplier: null, budget: '5000' });

    fireEvent.change(within(form).getByLabelText(/種類/), { target: { value: 'coinback_multiplier' } });
    expect(within(form).queryByLabelText('増量率（%・1〜20）')).toBeNull();
    fireEvent.change(within(form).getByLabelText(/コインバック倍率/), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: '作成' }));
    await waitFor(() => expect(screen.getByTestId('campaigns-notice').textContent).toBe('キャンペーン「冬の増量」を作成しました。'));
    expect(sent[1]).toMatchObject({ kind: 'coinback_multiplier', percent: null, multiplier: '3', budget: '5000' });
    expect(Date.parse(String(sent[1]?.starts_at))).toBe(new Date('2026-12-01T10:00').getTime());
  });

  it('shows support the campaigns without the form or the pause button', async () => {
    mockApi({
      'GET /admin/me': consoleMe('support'),
      'GET /admin/campaigns': { campaigns: [row()] },
    } as never);
    renderAt('/admin/campaigns', <CampaignsScreen />);
    const table = await screen.findByTestId('campaigns-table');
    expect(within(table).queryByRole('button', { name: '停止' })).toBeNull();
    expect(screen.queryByTestId('campaign-create')).toBeNull();
    expect(screen.getByText('作成・停止はオーナー（または権限を与えられたロール）のみ行えます。')).toBeTruthy();
  });
});
