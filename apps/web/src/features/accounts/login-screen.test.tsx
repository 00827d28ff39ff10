import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEMBER, mockApi, renderAt, type ApiAnswer } from '@/test-utils.tsx';
import { LoginScreen } from './login-screen.tsx';

const FAILED = 'メールアドレスまたはパスワードが一致しません。';

function Where() {
  return <p data-testid="where">navigated</p>;
}

function renderLogin(path = '/login', login: ApiAnswer<'POST /user/login'> = {}) {
  const fetchMock = mockApi({ 'POST /user/login': login, 'GET /user/point': MEMBER });
  const view = renderAt(path, <LoginScreen />, {
    extraRoutes: [
      { path: '/', element: <Where /> },
      { path: '/pack-detail', element: <Where /> },
    ],
  });
  return { ...view, fetchMock };
}

function loginCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .filter(([url]) => url === '/api/user/login')
    .map(
      ([, init]) =>
        JSON.parse(new URLSearchParams(String(init?.body)).get('json') ?? '{}') as Record<string, string>,
    );
}

function fill(mail: string, pass: string) {
  fireEvent.change(document.querySelector('input[name="mail"]') as HTMLInputElement, {
    target: { value: mail },
  });
  const password = document.querySelector('input[name="pass"]') as HTMLInputElement;
  fireEvent.change(password, { target: { value: pass } });
  return password;
}

describe('login screen', () => {
  it('ignores the Enter that confirms an IME conversion, and submits on a plain Enter', async () => {
    const { fetchMock, router } = renderLogin();
    const password = fill('taro@example.jp', 'secret123');

    fireEvent.keyDown(password, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(password, { key: 'Enter', keyCode: 229 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loginCalls(fetchMock)).toEqual([]);

    fireEvent.keyDown(password, { key: 'Enter', keyCode: 13 });
    await screen.findByTestId('where');
    expect(loginCalls(fetchMock)).toEqual([{ mail: 'taro@example.jp', pass: 'secret123', save_cookie: '0' }]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('returns to the pack after login when the query had packId, with save_cookie when asked', async () => {
    const { fetchMock, router } = renderLogin('/login?packId=42');
    fill('taro@example.jp', 'secret123');
    fireEvent.click(screen.getByLabelText('次回から入力を省略する'));
    fireEvent.click(screen.getByTestId('login-button'));
    await screen.findByTestId('where');
    expect(router.state.location.pathname).toBe('/pack-detail');
    expect(router.state.location.search).toBe('?packId=42');
    expect(loginCalls(fetchMock)[0]?.save_cookie).toBe('1');
  });

  it('shows the failure under the mail field and stays on the screen', async () => {
    const { router } = renderLogin('/login', { state: 400, errors: { mail: [FAILED] } });
    fill('taro@example.jp', 'wrong');
    fireEvent.click(screen.getByTestId('login-button'));

    const message = await screen.findByText(FAILED);
    const mail = document.querySelector('input[name="mail"]') as HTMLInputElement;
    expect(mail.getAttribute('aria-describedby')).toContain(message.id);
    expect(mail.getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('input[name="pass"]')?.getAttribute('aria-invalid')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');

    // Editing the address clears its message.
    fireEvent.change(mail, { target: { value: 'taro@example.com' } });
    expect(screen.queryByText(FAILED)).toBeNull();
  });

  it('shows the throttling message (state 429) under the mail field', async () => {
    const locked = 'ログインに続けて失敗したため、一時的にログインを制限しています。';
    renderLogin('/login', { state: 429, errors: { mail: [locked] } });
    fill('taro@example.jp', 'secret123');
    fireEvent.click(screen.getByTestId('login-button'));
    expect(await screen.findByText(locked)).toBeTruthy();
  });

  it('shows the password in clear with the toggle and back', () => {
    renderLogin();
    const password = document.querySelector('input[name="pass"]') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: '表示' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: '隠す' }));
    expect(password.type).toBe('password');
  });

  it('links to the password reissue and the registration', async () => {
    renderLogin();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'パスワードをお忘れの方' }).getAttribute('href')).toBe(
        '/password-reissue',
      ),
    );
    expect(screen.getByTestId('register-link').getAttribute('href')).toBe('/user-register');
  });
});
