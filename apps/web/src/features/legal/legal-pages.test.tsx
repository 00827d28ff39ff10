import type { SiteInfo } from '@oripa/contract/site';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TextsInstance } from '@/lib/use-translation.ts';
import { createTestQueryClient } from '@/test-utils.tsx';
import {
  FundSettlementPage,
  PointTermsPage,
  PrivacyPolicyPage,
  SpecificCommercePage,
  TermsOfServicePage,
  UserGuidePage,
} from './legal-pages.tsx';

const SITE: SiteInfo = {
  company: {
    name: '株式会社テストオリパ',
    name_en: 'Test Oripa Co., Ltd.',
    representative: '山田 太郎',
    zipcode: '530-0001',
    address: '大阪府大阪市北区梅田1-2-3 テストビル5階',
    address_en: 'Test Building 5F, 1-2-3 Umeda, Kita-ku, Osaka, Japan',
    tel: '06-1234-5678',
    mail: 'support@example.jp',
    support_hours: '平日 10:00〜17:00',
    support_hours_en: 'Weekdays 10:00 to 17:00 (JST)',
    court: '大阪地方裁判所',
    court_en: 'Osaka District Court',
    antique_license: '大阪府公安委員会 第621110000000号',
    invoice_registration: 'T1180301018771',
  },
  links: {
    company: 'https://example.jp/company',
    contact: 'https://example.jp/contact',
    sister_sites: [],
  },
};

/** What GET /user/site_info answers the page; undefined: the answer has not come yet. */
const siteInfo = { current: undefined as SiteInfo | undefined };

/** A query cache holding the site information, as after the shop answered it (or still waiting). */
function siteQueries(): QueryClient {
  const queryClient = createTestQueryClient();
  if (siteInfo.current) queryClient.setQueryData(['site_info'], siteInfo.current);
  else vi.stubGlobal('fetch', () => new Promise(() => {}));
  return queryClient;
}

async function createI18n(lang: 'ja' | 'en'): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'ja',
    fallbackLng: 'ja',
    resources: { ja: { translation: {} }, en: { translation: {} } },
    interpolation: { escapeValue: false },
  });
  if (lang === 'en') await instance.changeLanguage('en');
  return instance;
}

async function renderPage(Page: () => ReactNode, lang: 'ja' | 'en' = 'ja') {
  const i18n = await createI18n(lang);
  return render(
    <QueryClientProvider client={siteQueries()}>
      <TextsInstance.Provider value={i18n}>
        <MemoryRouter>
          <Page />
        </MemoryRouter>
      </TextsInstance.Provider>
    </QueryClientProvider>,
  );
}

function articles(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>('section.legal-article'));
}

beforeEach(() => {
  siteInfo.current = SITE;
});

afterEach(() => {
  cleanup();
});

describe('TermsOfServicePage', () => {
  it('renders 24 articles in Japanese, from 第1条 to 第24条, with the date of establishment', async () => {
    const { container } = await renderPage(TermsOfServicePage, 'ja');
    expect(screen.getByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy();
    const list = articles(container);
    expect(list).toHaveLength(24);
    list.forEach((article, index) => {
      const heading = within(article).getByRole('heading', { level: 2 });
      expect(heading.textContent).toMatch(new RegExp(`^第${index + 1}条（`));
    });
    expect(container.textContent).toContain('制定日：2023年2月1日');
    expect(container.textContent).toContain(`${SITE.company.name}（以下「当社」といいます。）`);
  });

  it('renders the 24 English articles with a note that the Japanese version prevails', async () => {
    const { container } = await renderPage(TermsOfServicePage, 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    const list = articles(container);
    expect(list).toHaveLength(24);
    list.forEach((article, index) => {
      const heading = within(article).getByRole('heading', { level: 2 });
      expect(heading.textContent).toMatch(new RegExp(`^Article ${index + 1} \\(`));
    });
    expect(screen.getByRole('note').textContent).toMatch(/Japanese version .*prevails/);
    expect(container.textContent).toContain('Established: 1 February 2023');
    expect(container.textContent).not.toMatch(/第\d+条/);
  });

  it('names the district court from the site information in the jurisdiction article', async () => {
    const { container } = await renderPage(TermsOfServicePage, 'ja');
    const jurisdiction = articles(container)[23];
    expect(jurisdiction?.textContent).toContain('第24条（合意管轄）');
    expect(jurisdiction?.textContent).toContain(
      `${SITE.company.court}を第一審の専属的合意管轄裁判所とします。`,
    );
    cleanup();

    siteInfo.current = {
      ...SITE,
      company: { ...SITE.company, court: '札幌地方裁判所', court_en: 'Sapporo District Court' },
    };
    const ja = await renderPage(TermsOfServicePage, 'ja');
    expect(articles(ja.container)[23]?.textContent).toContain('札幌地方裁判所を第一審');
    expect(ja.container.textContent).not.toContain(SITE.company.court);
    cleanup();

    const en = await renderPage(TermsOfServicePage, 'en');
    const article24 = articles(en.container)[23];
    expect(article24?.textContent).toContain('Article 24 (Jurisdiction)');
    expect(article24?.textContent).toContain(
      'The Sapporo District Court has exclusive jurisdiction as the agreed court of first instance',
    );
  });

  it('shows a small loading state until the site information arrives', async () => {
    siteInfo.current = undefined;
    const { container } = await renderPage(TermsOfServicePage, 'ja');
    expect(screen.getByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('読み込み中');
    expect(articles(container)).toHaveLength(0);
  });
});

describe('SpecificCommercePage', () => {
  it('shows the configured company name as the seller in Japanese', async () => {
    await renderPage(SpecificCommercePage, 'ja');
    const seller = screen.getByRole('rowheader', { name: '販売事業者' }).closest('tr');
    expect(seller).toBeTruthy();
    expect(within(seller as HTMLElement).getByRole('cell').textContent).toBe(SITE.company.name);
    const license = screen.getByRole('rowheader', { name: '古物商許可' }).closest('tr');
    expect(license?.textContent).toContain(SITE.company.antique_license);
    const tel = screen.getByRole('rowheader', { name: '電話番号' }).closest('tr');
    expect(tel?.textContent).toContain(SITE.company.tel);
    expect(tel?.textContent).toContain(SITE.company.support_hours);
  });

  it('shows the invoice registration number in both languages, and says so while there is none', async () => {
    await renderPage(SpecificCommercePage, 'ja');
    expect(screen.getByRole('rowheader', { name: '適格請求書発行事業者登録番号' }).closest('tr')?.textContent).toContain('T1180301018771');
    cleanup();
    await renderPage(FundSettlementPage, 'en');
    expect(screen.getByRole('rowheader', { name: 'Qualified invoice issuer registration number' }).closest('tr')?.textContent).toContain('T1180301018771');
    cleanup();
    siteInfo.current = { ...SITE, company: { ...SITE.company, invoice_registration: '' } };
    await renderPage(FundSettlementPage, 'ja');
    expect(screen.getByRole('rowheader', { name: '適格請求書発行事業者登録番号' }).closest('tr')?.textContent).toContain('登録申請中');
    siteInfo.current = SITE;
  });

  it('shows the English company name as the seller in English', async () => {
    await renderPage(SpecificCommercePage, 'en');
    const seller = screen.getByRole('rowheader', { name: 'Seller' }).closest('tr');
    expect(within(seller as HTMLElement).getByRole('cell').textContent).toBe(SITE.company.name_en);
  });
});

describe('legal pages', () => {
  const pages: [string, () => ReactNode, string, string][] = [
    ['terms', TermsOfServicePage, '利用規約', 'Terms of Service'],
    ['privacy', PrivacyPolicyPage, 'プライバシーポリシー', 'Privacy Policy'],
    ['guide', UserGuidePage, 'ご利用ガイド', 'User Guide'],
    [
      'commerce',
      SpecificCommercePage,
      '特定商取引法に基づく表記',
      'Notice Based on the Act on Specified Commercial Transactions',
    ],
    [
      'fund settlement',
      FundSettlementPage,
      '資金決済法に基づく表示',
      'Notice Based on the Payment Services Act',
    ],
    ['point terms', PointTermsPage, 'ポイント利用規約', 'Point Terms of Service'],
  ];

  it.each(pages)('renders the %s page in both languages', async (_name, Page, ja, en) => {
    const jaView = await renderPage(Page, 'ja');
    expect(screen.getByRole('heading', { level: 1, name: ja })).toBeTruthy();
    expect(jaView.container.textContent).not.toMatch(/undefined|null|NaN/);
    cleanup();
    const enView = await renderPage(Page, 'en');
    expect(screen.getByRole('heading', { level: 1, name: en })).toBeTruthy();
    expect(enView.container.textContent).not.toMatch(/undefined|null|NaN/);
  });

  it('names every category of safety measure and the foreign third parties with their countries (2022 law)', async () => {
    const ja = (await renderPage(PrivacyPolicyPage, 'ja')).container.textContent ?? '';
    for (const item of ['組織的安全管理措置', '人的安全管理措置', '物理的安全管理措置', '技術的安全管理措置', '外的環境の把握', '外国にある第三者への提供', 'PayPal Pte. Ltd.（シンガポール）', 'Twilio Inc.（アメリカ合衆国）', 'Amazon Web Services, Inc.（アメリカ合衆国）', 'Amazon Pay', 'GMOペイメントゲートウェイ株式会社（日本）']) {
      expect(ja, item).toContain(item);
    }
    cleanup();
    const en = (await renderPage(PrivacyPolicyPage, 'en')).container.textContent ?? '';
    for (const item of ['Understanding the external environment', 'Provision to Third Parties in Foreign Countries', 'PayPal Pte. Ltd. (Singapore)', 'Twilio Inc. (United States of America)', 'Amazon Web Services, Inc. (United States of America)']) {
      expect(en, item).toContain(item);
    }
  });

  it('links the privacy policy to the configured contact page', async () => {
    await renderPage(PrivacyPolicyPage, 'ja');
    const link = screen.getByRole('link', { name: 'お問い合わせフォームはこちら' });
    expect(link.getAttribute('href')).toBe(SITE.links.contact);
  });

  it('states the six-month validity and links the point terms on the fund-settlement notice', async () => {
    const { container } = await renderPage(FundSettlementPage, 'ja');
    expect(container.textContent).toContain('ポイントが付与された日から6か月間');
    expect(container.textContent).toContain('発行保証金の供託の対象とはなりません');
    expect(screen.getByRole('link', { name: 'ポイント利用規約' }).getAttribute('href')).toBe(
      '/point-terms-of-service',
    );
  });
});
