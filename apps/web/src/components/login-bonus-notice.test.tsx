import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CurrentUser } from '@oripa/contract/user';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { createTestQueryClient, MEMBER, mockApi, renderAt, VISITOR } from '@/test-utils.tsx';
import { LoginBonusNotice } from './login-bonus-notice.tsx';

function renderNotice(user: CurrentUser, credited: boolean) {
  const fetchMock = mockApi({
    'GET /user/point': user,
    'POST /user/login_bonus': credited ? { credited: true, point: 10, day: '2026-11-28', expires: '2027-02-26T01:00:00.000Z' } : { credited: false, point: 0, day: '2026-11-28', expires: '' },
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  renderAt('/', <LoginBonusNotice />, { queryClient });
  return { fetchMock, queryClient };
}

const claims = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.filter(([url]) => url === '/api/user/login_bonus').length;

describe('login bonus notice', () => {
  it("says the day's bonus was credited on the first visit, and closes", async () => {
    const { fetchMock } = renderNotice(MEMBER, true);
    expect((await screen.findByTestId('login-bonus')).textContent).toContain('ログインボーナス 10P を獲得しました（無償ポイント）');
    expect(claims(fetchMock)).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByTestId('login-bonus')).toBeNull();
  });

  it('shows nothing on a later visit of the day (credited false)', async () => {
    const { fetchMock } = renderNotice(MEMBER, false);
    await waitFor(() => expect(claims(fetchMock)).toBe(1));
    expect(screen.queryByTestId('login-bonus')).toBeNull();
  });

  it('claims nothing for a visitor, and claims once the visitor signs in', async () => {
    const { fetchMock, queryClient } = renderNotice(VISITOR, true);
    expect(claims(fetchMock)).toBe(0);
    expect(screen.queryByTestId('login-bonus')).toBeNull();
    queryClient.setQueryData(CURRENT_USER_KEY, MEMBER);
    expect(await screen.findByTestId('login-bonus')).toBeTruthy();
    expect(claims(fetchMock)).toBe(1);
  });
});
