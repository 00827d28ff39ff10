import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import type { CurrentUser } from '@oripa/contract/user';
import { createTestQueryClient, MEMBER, mockApi, renderAt, siteInfo, VISITOR } from '@/test-utils.tsx';
import { Header } from './header.tsx';

const SITE_INFO = siteInfo({ company: 'https://company.example.jp/', contact: 'https://company.example.jp/contact' });

function renderHeader(user: CurrentUser) {
  mockApi({ 'GET /user/point': user, 'GET /user/site_info': SITE_INFO });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  return renderAt('/', <Header />, { queryClient });
}

describe('header', () => {
  afterEach(async () => {
    await i18next.changeLanguage('ja');
  });

  it('shows a login link to visitors', () => {
    renderHeader(VISITOR);
    expect(screen.getAllByRole('link', { name: 'ログイン' })[0]?.getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('header-point')).toBeNull();
  });

  it("shows a member's rank icon and balances with their links", () => {
    renderHeader(MEMBER);
    const point = screen.getByTestId('header-point');
    expect(point.textContent).toBe('12,345P');
    expect(point.getAttribute('href')).toBe('/buy-point');
    const coin = screen.getByTestId('header-coin');
    expect(coin.textContent).toBe('1,234.5C');
    expect(coin.getAttribute('href')).toBe('/exchange-card');
    const rank = screen.getByRole('link', { name: /ランク：ゴールド/ });
    expect(rank.getAttribute('href')).toBe('/my-page');
    expect(rank.querySelector('img')?.getAttribute('src')).toBe('/media/rank-gold.svg');
  });

  it('has the menu entries, with logout for members and the external contact page', async () => {
    renderHeader(MEMBER);
    const menu = screen.getByRole('navigation', { name: 'メインメニュー' });
    const hrefs = Array.from(menu.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/my-page',
        '/buy-point',
        '/buy-point-history',
        '/buy-product-history',
        '/exchange-card',
        '/user-guide',
        '/terms-of-service',
      ]),
    );
    expect(screen.getByRole('button', { name: 'ログアウト' })).toBeTruthy();
    const contact = await screen.findByRole('link', { name: /お問い合わせ/ });
    expect(contact.getAttribute('href')).toBe('https://company.example.jp/contact');
    expect(contact.getAttribute('target')).toBe('_blank');
  });

  it('opens and closes the menu drawer', () => {
    renderHeader(VISITOR);
    const button = screen.getByRole('button', { name: 'メニューを開く' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('site-menu')?.className).toContain('is-open');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('switches to English and back, remembering the choice for the server', async () => {
    renderHeader(VISITOR);
    const toggle = screen.getByTestId('lang-toggle');
    expect(toggle.textContent).toBe('English');
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('lang-toggle').textContent).toBe('日本語'));
    expect(document.documentElement.lang).toBe('en');
    expect(document.cookie).toContain('lang=en');
    expect(screen.getAllByRole('link', { name: 'Log in' }).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('lang-toggle'));
    await waitFor(() => expect(screen.getByTestId('lang-toggle').textContent).toBe('English'));
    expect(document.cookie).toContain('lang=ja');
    expect(document.documentElement.lang).toBe('ja');
  });

  it("draws the language switch and the menu button disabled in the server's HTML, enabled once hydrated", () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(CURRENT_USER_KEY, VISITOR);
    const router = createMemoryRouter([{ path: '/', element: <Header /> }]);
    const html = renderToString(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    expect((container.querySelector('[data-testid="lang-toggle"]') as HTMLButtonElement).disabled).toBe(true);
    expect((container.querySelector('.menu-button') as HTMLButtonElement).disabled).toBe(true);
    const { container: rendered } = renderHeader(VISITOR);
    expect((screen.getByTestId('lang-toggle') as HTMLButtonElement).disabled).toBe(false);
    expect((rendered.querySelector('.menu-button') as HTMLButtonElement).disabled).toBe(false);
  });
});
