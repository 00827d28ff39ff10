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
