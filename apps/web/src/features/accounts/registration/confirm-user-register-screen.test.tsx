import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { createTestQueryClient, mockApi, renderAt, VISITOR, type ApiAnswer } from '@/test-utils.tsx';
import { ConfirmUserRegisterScreen, PASSWORD_MASK } from './confirm-user-register-screen.tsx';
import { readPasswords, storePasswords } from './registration-values.ts';
import { UserRegisterScreen } from './user-register-screen.tsx';

const VALUES = {
  lastName: '山田',
  firstName: '太郎',
  tel: '09012345678',
  mail: 'taro@example.jp',
  zipcode: '1500002',
  pref_id: '13',
  shiku: '渋谷区渋谷',
  address: '2-21-1',
  building: 'ヒカリエ 11F',
  referralCode: 'ABCD2345',
};
const QUERY = new URLSearchParams(VALUES).toString();

function Done() {
  return <p data-testid="done">completed</p>;
}

function renderConfirm(append: ApiAnswer<'POST /user/append'> = {}) {
  const fetchMock = mockApi({
    'GET /user/pref_list': { list: [{ id: 13, name: '東京都' }] },
    'POST /address/zipcode': { result: [] },
    'POST /user/append': append,
    'GET /user/point': { is_login: '1', rank: 'bronze', rank_name: 'ブロンズ', point: 0, coin: '0.00' },
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, VISITOR);
  const view = renderAt(`/confirm-user-register?${QUERY}`, <ConfirmUserRegisterScreen />, {
    queryClient,
    extraRoutes: [
      { path: '/user-register', element: <UserRegisterScreen /> },
      { path: '/complete-user-register', element: <Done /> },
    ],
  });
  return { ...view, fetchMock, queryClient };
}

describe('registration confirmation', () => {
  afterEach(() => {
    window.sessionStorage.clear();
  });

  it('shows every value from the query and masks the password', async () => {
    storePasswords({ pass: 'secret123', confirmPass: 'secret123' });
    renderConfirm();
    await waitFor(() => expect(screen.getByTestId('confirm-pref_id').textContent).toContain('東京都'));
    expect(screen.getByTestId('confirm-mail').textContent).toContain('taro@example.jp');
    expect(screen.getByTestId('confirm-building').textContent).toContain('ヒカリエ 11F');
    expect(screen.getByTestId('confirm-referralCode').textContent).toContain('ABCD2345');
    const password = screen.getByTestId('confirm-pass').textContent ?? '';
    expect(password).toContain(PASSWORD_MASK);
    expect(screen.getByTestId('confirm-list').textContent).not.toContain('secret123');
  });

  it("'fix' returns to the form with the values, the password and the terms already agreed", async () => {
    storePasswords({ pass: 'secret123', confirmPass: 'secret123' });
    const { router } = renderConfirm();
    fireEvent.click(screen.getByTestId('register-fix'));
    await screen.findByTestId('register-form');
    expect(router.state.location.pathname).toBe('/user-register');
    const value = (name: string) => (document.querySelector(`[name="${name}"]`) as HTMLInputElement).value;
    expect(value('mail')).toBe('taro@example.jp');
    expect(value('building')).toBe('ヒカリエ 11F');
    expect(value('referralCode')).toBe('ABCD2345');
    expect(value('pass')).toBe('secret123');
    expect(screen.getByTestId('register-confirm')).toBeTruthy();
  });

  it("'register' sends the values with the referral code as entered, then replaces itself with the completion", async () => {
    storePasswords({ pass: 'secret123', confirmPass: 'secret123' });
    const { fetchMock, router, queryClient } = renderConfirm();
    fireEvent.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('done');

    const call = fetchMock.mock.calls.find(([url]) => url === '/api/user/append');
    const payload = JSON.parse(new URLSearchParams(String(call?.[1]?.body)).get('json') ?? '{}') as Record<
      string,
      unknown
    >;
    expect(payload).toMatchObject({
      mail: 'taro@example.jp',
      pref_id: 13,
      middleName: '',
      country: '',
      pass: 'secret123',
      confirmPass: 'secret123',
      referralCode: 'ABCD2345',
    });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(readPasswords()).toBeNull();
    // The header's current user is fetched again: it is a member now.
    expect(queryClient.getQueryState(CURRENT_USER_KEY)?.isInvalidated).toBe(true);
  });

  it('shows a refused registration under the values (e.g. the referral code)', async () => {
    storePasswords({ pass: 'secret123', confirmPass: 'secret123' });
    const { router } = renderConfirm({
      state: 400,
      errors: { referralCode: ['この紹介コードは使用できません。'] },
    });
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('この紹介コードは使用できません。')).toBeTruthy();
    expect(screen.getByTestId('confirm-referralCode').className).toContain('has-error');
    expect(router.state.location.pathname).toBe('/confirm-user-register');
    expect(readPasswords()).not.toBeNull();
  });

  it('asks to fix the entry when the password was not carried over', () => {
    renderConfirm();
    expect(screen.getByText(/パスワードの入力内容を引き継げませんでした/)).toBeTruthy();
    expect(screen.getByTestId('register-submit')).toHaveProperty('disabled', true);
  });
});
