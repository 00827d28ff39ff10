import { screen, waitFor, within } from '@testing-library/react';
import type { ActiveCampaign } from '@oripa/contract/campaigns';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { CampaignBannerPanel } from './campaign-banner-panel.tsx';
import { CampaignCourseExtra } from './campaign-course-extra.tsx';

// Decision 060: the shop announces the running campaigns truthfully — what they give, until
// when, that they end with their budget — and hides any whose budget is spent or whose end passed.

const HOUR = 3_600_000;
const later = new Date(Date.now() + 24 * HOUR).toISOString();
const POINT_BONUS: ActiveCampaign = { kind: 'point_bonus', name: '秋の増量', percent: 10, multiplier: null, ends_at: later, budget_left: true };
const COIN_BACK: ActiveCampaign = { kind: 'coinback_multiplier', name: 'コインバック祭', percent: null, multiplier: 2, ends_at: later, budget_left: true };

afterEach(async () => {
  await i18n.changeLanguage('ja');
});

describe('campaign banner', () => {
  it('says what each running campaign gives, until when and while the budget lasts, with a way to buy points', async () => {
    const fetchMock = mockApi({ 'GET /user/campaigns': { campaigns: [POINT_BONUS, COIN_BACK] } });
    renderAt('/', <CampaignBannerPanel link />);
    const banner = await screen.findByTestId('campaign-banner');
    expect(within(banner).getByTestId('campaign-point_bonus').textContent).toContain('秋の増量：ポイント購入で +10% 増量（増量分は無償ポイント）');
    expect(within(banner).getByTestId('campaign-point_bonus').textContent).toContain('までのご注文が対象・予算上限に達し次第終了');
    expect(within(banner).getByTestId('campaign-coinback_multiplier').textContent).toContain('ランク特典コインバックが 2倍');
    expect(within(banner).getByRole('link', { name: 'ポイントを購入する' }).getAttribute('href')).toBe('/buy-point');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/user/campaigns')).toHaveLength(1);
  });

  it('speaks English in English mode', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /user/campaigns': { campaigns: [{ ...POINT_BONUS, name: 'Autumn bonus' }] } });
    renderAt('/', <CampaignBannerPanel link={false} />);
    const banner = await screen.findByTestId('campaign-banner');
    expect(banner.textContent).toContain('Autumn bonus: +10% extra points on point purchases (the extra are free points)');
    expect(banner.textContent).toContain('while the budget lasts');
    expect(within(banner).queryByRole('link')).toBeNull();
  });

  it('shows nothing when no campaign runs, or when its budget is spent or its end has passed', async () => {
    const fetchMock = mockApi({
      'GET /user/campaigns': { campaigns: [{ ...POINT_BONUS, budget_left: false }, { ...COIN_BACK, ends_at: new Date(Date.now() - HOUR).toISOString() }] },
    });
    renderAt('/', <CampaignBannerPanel link />);
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/user/campaigns')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('campaign-banner')).toBeNull();
  });
});

describe('a course’s campaign points', () => {
  it('adds the point bonus of the course’s points, rounded down, and nothing without a running point bonus', async () => {
    mockApi({ 'GET /user/campaigns': { campaigns: [{ ...POINT_BONUS, percent: 7 }] } });
    renderAt('/', <CampaignCourseExtra points={1550} />);
    expect((await screen.findByTestId('course-campaign')).textContent).toBe('+108 pt キャンペーン');
  });

  it('shows nothing for a coin-back campaign alone', async () => {
    const fetchMock = mockApi({ 'GET /user/campaigns': { campaigns: [COIN_BACK] } });
    renderAt('/', <CampaignCourseExtra points={1000} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('course-campaign')).toBeNull();
  });
});
