import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, mockApi, renderAt } from '@/test-utils.tsx';
import { pack, Where } from '../test-support.tsx';
import { BuyPointScreen } from './buy-point-screen.tsx';
import { CardInputScreen } from './card-input-screen.tsx';

const COURSES = {
  list: [
    { id: '1', point: '1000', price: '1100', tax: '100', memo: 'はじめての方におすすめ', bonus_point: '0', name_en: '' },
    { id: '2', point: '30000', price: '33000', tax: '3000', memo: '', bonus_point: '3000', name_en: '' },
  ],
  page: { page: 1, all_page: 2, pages: [1, 2] },
};
const PAGE_TWO = { list: [{ id: '9', point: '100000', price: '110000', tax: '10000', memo: '最大', bonus_point: '0', name_en: 'Largest' }], page: { page: 2, all_page: 2, pages: [1, 2] } };

const targets = ['/confirm-buy-point', '/specific-commerce', '/fund-settlement', '/point-terms-of-service', '/pack-detail'].map(
  (path) => ({ path, element: <Where /> }),
);

function renderBuyPoint(path: string) {
  const fetchMock = mockApi({
    'GET /user/point_price/1': COURSES,
    'GET /user/point_price/2': PAGE_TWO,
    'GET /user/pack/detail/9': { pack: pack() },
  });
  const view = renderAt(path, <BuyPointScreen />, { extraRoutes: targets });
  return { ...view, fetchMock };
}

describe('/buy-point', () => {
  it('lists the courses with points, the tax-included price with separators and the memo', async () => {
    renderBuyPoint('/buy-point');
    const courses = await screen.findAllByTestId('course');
    expect(courses).toHaveLength(2);
    expect(within(courses[0] as HTMLElement).getByTestId('course-points').textContent).toContain('1,000P');
    expect(within(courses[1] as HTMLElement).getByTestId('course-price').textContent).toBe('¥33,000');
    expect(courses[0]?.textContent).toContain('はじめての方におすすめ');
    expect(courses[0]?.textContent).toContain('（税込）');
  });

  it('shows a bonus only on a course that has one, and every course’s yen per point', async () => {
    renderBuyPoint('/buy-point');
    const [plain, bonus] = (await screen.findAllByTestId('course')) as HTMLElement[];
    expect(within(plain!).queryByTestId('course-bonus')).toBeNull();
    expect(within(plain!).getByTestId('course-rate').textContent).toBe('1Pあたり ¥1.1');
    expect(within(bonus!).getByTestId('course-bonus').textContent).toBe('ボーナス +3,000P');
    expect(within(bonus!).getByTestId('course-rate').textContent).toBe('1Pあたり ¥1');
    expect(within(bonus!).getByTestId('course-buy').getAttribute('aria-label')).toContain('33,000P');
  });

  it('shows a running point bonus campaign: its banner, and each course’s campaign points (decision 060)', async () => {
    mockApi({
      'GET /user/point_price/1': COURSES,
      'GET /user/campaigns': { campaigns: [{ kind: 'point_bonus' as const, name: '秋の増量', percent: 10, multiplier: null, ends_at: '2099-01-01T00:00:00.000Z', budget_left: true }] },
    });
    renderAt('/buy-point', <BuyPointScreen />, { extraRoutes: targets });
    expect((await screen.findByTestId('campaign-banner')).textContent).toContain('秋の増量：ポイント購入で +10% 増量');
    const [plain, bonus] = (await screen.findAllByTestId('course')) as HTMLElement[];
    expect((await within(plain!).findByTestId('course-campaign')).textContent).toBe('+100 pt キャンペーン');
    expect(within(bonus!).getByTestId('course-campaign').textContent).toBe('+3,300 pt キャンペーン');
  });

  it('buys a course: /confirm-buy-point with pointPriceId, keeping packId', async () => {
    renderBuyPoint('/buy-point?packId=9');
    expect((await screen.findByTestId('pack-note-name')).textContent).toBe('テストパック');
    const [first] = await screen.findAllByTestId('course-buy');
    fireEvent.click(first as HTMLElement);
    expect((await screen.findByTestId('where')).textContent).toBe('/confirm-buy-point?pointPriceId=1&packId=9');
  });

  it('takes the pack from the productId path parameter too', async () => {
    const fetchMock = mockApi({ 'GET /user/point_price/1': COURSES, 'GET /user/pack/detail/9': { pack: pack() } });
    const router = createMemoryRouter([{ path: '/buy-point/:productId?', element: <BuyPointScreen /> }, ...targets], {
      initialEntries: ['/buy-point/9'],
    });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByTestId('pack-note');
    const [first] = await screen.findAllByTestId('course-buy');
    expect(first?.getAttribute('href')).toBe('/confirm-buy-point?pointPriceId=1&packId=9');
    expect(fetchMock).toHaveBeenCalled();
  });

  it('pages through the courses', async () => {
    const { fetchMock } = renderBuyPoint('/buy-point');
    await screen.findAllByTestId('course');
    fireEvent.click(screen.getByRole('button', { name: '2ページ' }));
    await waitFor(() => expect(screen.getAllByTestId('course')).toHaveLength(1));
    expect(screen.getByTestId('course-price').textContent).toBe('¥110,000');
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/user/point_price/2');
  });

  it('links the three legal notices', async () => {
    renderBuyPoint('/buy-point');
    await screen.findAllByTestId('course');
    expect(screen.getByTestId('legal-commerce').getAttribute('href')).toBe('/specific-commerce');
    expect(screen.getByTestId('legal-fund-settlement').getAttribute('href')).toBe('/fund-settlement');
    expect(screen.getByTestId('legal-point-terms').getAttribute('href')).toBe('/point-terms-of-service');
  });
});

describe('/card-input', () => {
  it('has the card boxes (4-digit year, 3-digit code), the courses and the notices, and sends nothing', async () => {
    const fetchMock = mockApi({ 'GET /user/point_price/1': COURSES });
    renderAt('/card-input', <CardInputScreen />, { extraRoutes: targets });
    await screen.findAllByTestId('course');
    expect(screen.getAllByTestId(/^card-number-\d$/)).toHaveLength(4);
    expect(screen.getByTestId('card-year').getAttribute('maxlength')).toBe('4');
    expect(screen.getByTestId('card-cvc').getAttribute('maxlength')).toBe('3');
    fireEvent.change(screen.getByTestId('card-number-1'), { target: { value: '4111' } });
    expect(screen.getByTestId('legal-fund-settlement')).toBeDefined();
    fireEvent.click((await screen.findAllByTestId('course-buy'))[0] as HTMLElement);
    expect((await screen.findByTestId('where')).textContent).toBe('/confirm-buy-point?pointPriceId=1');
    // Reads only: the courses, and the running campaigns the courses show (decision 060).
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual(['/api/user/campaigns', '/api/user/point_price/1']);
  });
});
