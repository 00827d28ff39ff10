import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { installAdminTexts } from '../admin-texts.ts';
import { MembersScreen } from './members-screen.tsx';

const row = (id: number) => ({ id, mail: `m${id}@example.com`, name: `会員 ${id}`, tel: '', point: id * 10, coin: '0.00', suspended: false, created_at: '2026-11-01T00:00:00.000Z' });

beforeAll(() => installAdminTexts());

describe('/admin/members', () => {
  it('lists members without a query, pages on the server and keeps the search in the address', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /admin/members*': ({ path }: { path: string }) => {
        asked.push(path);
        const page = Number(new URLSearchParams(path.split('?')[1]).get('page') ?? 1);
        return { members: page === 1 ? [row(3), row(2)] : [row(1)], total: 3, page, per: 2 };
      },
    } as never);
    renderAt('/admin/members?per=2', <MembersScreen />);
    await screen.findByText('m3@example.com');
    expect(screen.getByTestId('members-total').textContent).toBe('3人');
    expect(asked[0]).toBe('/admin/members?page=1&per=2&sort=id&dir=desc');
    fireEvent.click(screen.getByRole('button', { name: '次へ' }));
    await screen.findByText('m1@example.com');
    fireEvent.change(screen.getByLabelText('会員ID・メールアドレス・名前・電話番号'), { target: { value: 'tanaka' } });
    fireEvent.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(asked.at(-1)).toBe('/admin/members?q=tanaka&page=1&per=2&sort=id&dir=desc'));
  });
});
