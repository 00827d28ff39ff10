import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderAt, type ApiRoutes } from '@/test-utils.tsx';
import { CompletePasswordReissueScreen } from './complete-password-reissue-screen.tsx';
import { PasswordReissueScreen } from './password-reissue-screen.tsx';

const TOKEN = 'Rp-gEzIf5WXF2YbnIH3sUHLQ2gNF4YkWR4M5E_c2lgB';

function renderReissue(path: string, routes: ApiRoutes) {
  const fetchMock = mockApi(routes);
  const view = renderAt(path, <PasswordReissueScreen />, {
    extraRoutes: [{ path: '/complete-password-reissue', element: <CompletePasswordReissueScreen /> }],
  });
  return { ...view, fetchMock };
}

function payloads(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => url === `/api${path}`)
    .map(([, init]) => JSON.parse(new URLSearchParams(String(init?.body)).get('json') ?? '{}') as unknown);
}

function type(name: string, value: string) {
  fireEvent.change(document.querySelector(`[name="${name}"]`) as HTMLInputElement, { target: { value } });
}

describe('password reissue', () => {
  it('sends the request and replaces the form with the completion', async () => {
    const { fetchMock, router } = renderReissue('/password-reissue', { 'POST /user/reset_password': {} });
    type('mail', 'taro@example.jp');
    fireEvent.click(screen.getByTestId('reissue-send'));
    await screen.findByTestId('reissue-complete');
    expect(payloads(fetchMock, '/user/reset_password')).toEqual([{ mail: 'taro@example.jp' }]);
    expect(router.state.location.pathname).toBe('/complete-password-reissue');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText(/パスワード再設定用のURLをお送りしました/)).toBeTruthy();
  });

  it('with the token of the mail: checks the link, sets the new password and replaces the form', async () => {
    const { fetchMock, router } = renderReissue(`/password-reissue?token=${TOKEN}`, {
      'POST /user/reset_password/verify': {},
      'POST /user/reset_password/complete': {},
    });
    await screen.findByTestId('new-password-form');
    expect(payloads(fetchMock, '/user/reset_password/verify')).toEqual([{ token: TOKEN }]);
    type('pass', 'newpass456');
    type('confirmPass', 'newpass456');
    fireEvent.click(screen.getByTestId('new-password-submit'));

    await screen.findByTestId('reissue-complete');
    expect(payloads(fetchMock, '/user/reset_password/complete')).toEqual([
      { token: TOKEN, pass: 'newpass456', confirmPass: 'newpass456' },
    ]);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.search).toBe('');
    expect(
      screen.getByText('新しいパスワードを設定しました。新しいパスワードでログインしてください。'),
    ).toBeTruthy();
  });

  it('shows the password errors under both fields', async () => {
    const mismatch = 'パスワードと確認用パスワードが一致しません。';
    renderReissue(`/password-reissue?token=${TOKEN}`, {
      'POST /user/reset_password/verify': {},
      'POST /user/reset_password/complete': {
        state: 400,
        errors: { pass: [mismatch], confirmPass: [mismatch] },
      },
    });
    await screen.findByTestId('new-password-form');
    type('pass', 'newpass456');
    type('confirmPass', 'newpass457');
    fireEvent.click(screen.getByTestId('new-password-submit'));
    expect(await screen.findAllByText(mismatch)).toHaveLength(2);
  });

  it('says so when the link is used or expired, and offers a new request', async () => {
    const invalid = 'このURLは無効か、有効期限が切れています。';
    renderReissue(`/password-reissue?token=${TOKEN}`, {
      'POST /user/reset_password/verify': { state: 400, errors: { token: [invalid] } },
    });
    expect(await screen.findByText(invalid)).toBeTruthy();
    expect(screen.queryByTestId('new-password-form')).toBeNull();
    expect(screen.getByRole('link', { name: 'パスワード再発行をやり直す' }).getAttribute('href')).toBe(
      '/password-reissue',
    );
  });
});
