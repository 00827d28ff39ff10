import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEMBER, mockApi, renderAt } from '@/test-utils.tsx';
import { LoginScreen } from '../login-screen.tsx';
import { LineLinkSection } from './line-link-section.tsx';

describe('LINE Login button', () => {
  it('shows no LINE button when the shop has no LINE channel', async () => {
    const fetchMock = mockApi({ 'GET /line/settings': { enabled: false, pending: null }, 'GET /user/point': MEMBER });
    renderAt('/login', <LoginScreen />);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/line/settings')).toBe(true));
    await screen.findByTestId('login-form');
    expect(screen.queryByTestId('line-login-button')).toBeNull();
  });

  it('sends the browser to the shop’s LINE start, and says why a LINE sign-in came back refused', async () => {
    mockApi({ 'GET /line/settings': { enabled: true, pending: null }, 'GET /user/point': MEMBER });
    renderAt('/login?line=failed', <LoginScreen />);
    const button = await screen.findByTestId('line-login-button');
    expect(button.getAttribute('href')).toBe('/api/line/start?mode=login');
    expect(button.textContent).toContain('LINEでログイン');
    expect(screen.getByTestId('line-login-refused').textContent).toContain('LINEでのログインを完了できませんでした');
  });
});

describe('LINE link on the member information page', () => {
  it('keeps a member without a password linked, and unlinks a member with one', async () => {
    let linked = true;
    const fetchMock = mockApi({
      'GET /line/account': () => ({ enabled: true, linked, display_name: 'Taro', has_password: true, can_unlink: linked, friend_bonus: 0 }),
      'POST /line/unlink': () => {
        linked = false;
        return {};
      },
    });
    renderAt('/change-member', <LineLinkSection />);
    fireEvent.click(await screen.findByTestId('line-unlink'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/line/unlink')).toBe(true));
    expect((await screen.findByTestId('line-result-message')).textContent).toBe('LINE連携を解除しました。');
    await screen.findByTestId('line-link-button');
  });

  it('tells a LINE-only member that unlinking needs a password first', async () => {
    mockApi({ 'GET /line/account': { enabled: true, linked: true, display_name: 'Hanako', has_password: false, can_unlink: false, friend_bonus: 300 } });
    renderAt('/change-member', <LineLinkSection />);
    expect((await screen.findByTestId('line-unlink-needs-password')).textContent).toContain('パスワード');
    expect(screen.queryByTestId('line-unlink')).toBeNull();
  });
});
