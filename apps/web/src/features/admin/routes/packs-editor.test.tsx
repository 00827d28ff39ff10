import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { installAdminTexts } from '../admin-texts.ts';
import { PackEditorScreen } from './packs-editor.tsx';

// Issue 27 point 4: committing a lot fixes its lineup for good, so a lot that loses money even
// sold out is created only after the operator confirms, with the margin named.

beforeAll(() => installAdminTexts());
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

async function fillLossMakingLot() {
  renderAt('/admin/packs/new', <PackEditorScreen />);
  fireEvent.change(await screen.findByLabelText('パック名'), { target: { value: '赤字パック' } });
  fireEvent.change(screen.getByLabelText('1パックの価格'), { target: { value: '80' } });
  const prize = within(screen.getByTestId('lineup')).getAllByRole('listitem')[0] as HTMLElement;
  fireEvent.change(within(prize).getByLabelText('名前'), { target: { value: 'カード' } });
  fireEvent.change(within(prize).getByLabelText('枚数'), { target: { value: '10' } });
  fireEvent.change(within(prize).getByLabelText('還元ポイント'), { target: { value: '100' } });
  expect(screen.getByTestId('lot-margin').textContent).toBe('-25%');
}

describe('/admin/packs/new', () => {
  it('asks before committing a loss-making lot, naming the margin, and sends nothing when declined', async () => {
    const created: unknown[] = [];
    mockApi({ 'GET /admin/card_types': { card_types: [] }, 'POST /admin/packs/create': () => (created.push(1), { state: 400, errors: {} }) } as never);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await fillLossMakingLot();
    fireEvent.click(screen.getByRole('button', { name: '作成してロットをコミット' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('粗利率が -25%'));
    expect(created).toEqual([]);
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: '作成してロットをコミット' }));
    await waitFor(() => expect(created).toHaveLength(1));
  });
});

// Issue 26 point 6: the editor shows each last-one or milestone prize against 景品表示法's caps;
// the server refuses a lot beyond them unless an owner records a reason, which the editor sends.
const operator = (role: 'owner' | 'staff') => ({ operator: { id: 1, mail: `${role}@example.com`, name: role, role, totp_enrolled: true }, idle_minutes: 30 });
const CAP_REFUSAL = '「ラストワン」の価額25,000円が景品表示法の上限を超えています（価格5,000円未満のため1個あたり価格の20倍 = 20,000円まで）。オーナーが理由を記録すると登録できます。';

async function fillLotWithLastOne(value: string) {
  renderAt('/admin/packs/new', <PackEditorScreen />);
  fireEvent.change(await screen.findByLabelText('パック名'), { target: { value: '上限テスト' } });
  fireEvent.change(screen.getByLabelText('1パックの価格'), { target: { value: '1000' } });
  const prize = within(screen.getByTestId('lineup')).getAllByRole('listitem')[0] as HTMLElement;
  fireEvent.change(within(prize).getByLabelText('名前'), { target: { value: 'カード' } });
  fireEvent.change(within(prize).getByLabelText('枚数'), { target: { value: '100' } });
  fireEvent.change(within(prize).getByLabelText('還元ポイント'), { target: { value: '100' } });
  fireEvent.click(screen.getByRole('button', { name: 'ラストワン賞を追加' }));
  const lastOne = within(screen.getByTestId('lineup')).getAllByRole('listitem')[1] as HTMLElement;
  fireEvent.change(within(lastOne).getByLabelText('名前'), { target: { value: 'ラストワン' } });
  fireEvent.change(within(lastOne).getByLabelText('還元ポイント'), { target: { value: value } });
}

describe('/admin/packs/new: prize caps', () => {
  it('shows the last-one prize against 20× the price and 2% of the sales, and sends the owner’s reason after the refusal', async () => {
    const sent: (string | null)[] = [];
    mockApi({
      'GET /admin/me': operator('owner'),
      'GET /admin/card_types': { card_types: [] },
      'POST /admin/packs/create': ({ body }: { body: URLSearchParams | null }) => {
        const payload = JSON.parse(body?.get('json') ?? '{}') as { prize_cap_reason?: string };
        sent.push(payload.prize_cap_reason ?? null);
        return payload.prize_cap_reason ? { state: 400, errors: { card_type_id: ['カード種別を選んでください。'] } } : { state: 400, errors: { prize_caps: [CAP_REFUSAL] } };
      },
    } as never);
    await fillLotWithLastOne('25000');
    const caps = screen.getByTestId('prize-caps');
    expect(within(caps).getByTestId('prize-cap-each').textContent).toBe('¥20,000 (価格の20倍)');
    expect(within(caps).getByTestId('prize-cap-total').textContent).toBe('¥2,000');
    expect(within(caps).getByTestId('prize-cap-row').textContent).toContain('上限超過');

    fireEvent.click(screen.getByRole('button', { name: '作成してロットをコミット' }));
    expect((await within(caps).findByTestId('prize-cap-error')).textContent).toBe(CAP_REFUSAL);
    fireEvent.change(within(caps).getByLabelText('上限を超える理由（オーナーのみ・監査ログに記録）'), { target: { value: '顧問弁護士の確認済み' } });
    fireEvent.click(screen.getByRole('button', { name: '作成してロットをコミット' }));
    await waitFor(() => expect(sent).toEqual(['', '顧問弁護士の確認済み']));
  });

  it('offers staff no reason field beyond the caps, and none is needed within them', async () => {
    mockApi({ 'GET /admin/me': operator('staff'), 'GET /admin/card_types': { card_types: [] } } as never);
    await fillLotWithLastOne('25000');
    const caps = screen.getByTestId('prize-caps');
    expect(await within(caps).findByText('上限を超えるロットは、オーナーが理由を記録した場合だけ登録できます。')).toBeTruthy();
    expect(within(caps).queryByRole('textbox')).toBeNull();
    const lastOne = within(screen.getByTestId('lineup')).getAllByRole('listitem')[1] as HTMLElement;
    fireEvent.change(within(lastOne).getByLabelText('還元ポイント'), { target: { value: '1500' } });
    expect(within(caps).getByTestId('prize-cap-row').textContent).toContain('上限内');
    expect(within(caps).queryByText('上限を超えるロットは、オーナーが理由を記録した場合だけ登録できます。')).toBeNull();
  });
});
