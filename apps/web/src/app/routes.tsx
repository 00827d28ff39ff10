import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { hostedPage } from '@/components/hosted-page.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { RouteError } from '@/components/route-error.tsx';
import { RootLayout } from './root-layout.tsx';
import {
  forwardBuyProduct,
  guardLoader,
  requirePackId,
  serverGuard,
  type Access,
  type AfterGuard,
} from './route-guard.ts';

type LazyPage = () => Promise<{ Component: ComponentType }>;

// Every screen is its own chunk, so the top page downloads only what it shows.
const legal = () => import('@/features/legal/legal-pages.tsx');
const accounts = () => import('@/features/accounts/account-screens.tsx');
const members = () => import('@/features/members/member-screens.tsx');
const payments = () => import('@/features/payments/payment-screens.tsx');
const gacha = () => import('@/features/gacha/gacha-screens.tsx');
const history = () => import('@/features/history/history-screens.tsx');
const exchange = () => import('@/features/exchange/exchange-screen.tsx');
const transfer = () => import('@/features/transfer/transfer-point-screen.tsx');
const inquiries = () => import('@/features/inquiries/inquiry-screens.tsx');

/** The guard runs before every navigation, including repeated visits of the same screen. */
const always = () => true;

/**
 * The route table of spec section 2. Each screen's loader is the route guard; the screen itself
 * is loaded lazily.
 */
export function buildRoutes(queryClient: QueryClient, { onServer = false } = {}): RouteObject[] {
  // The server renders public pages for any visitor: no current user to fetch, only the
  // guard's `after` (a redirect) applies; its answers are the browser's hydration data.
  const guard = (access: Access, after?: AfterGuard) =>
    onServer ? serverGuard(after) : guardLoader(queryClient, access, after);
  const screen = (path: string, access: Access, lazy: LazyPage, after?: AfterGuard): RouteObject => ({
    path,
    loader: guard(access, after),
    shouldRevalidate: always,
    HydrateFallback: PageSpinner,
    lazy,
  });
  const open = (path: string, lazy: LazyPage, after?: AfterGuard) => screen(path, 'public', lazy, after);
  const member = (path: string, lazy: LazyPage, after?: AfterGuard) => screen(path, 'member', lazy, after);

  return [
    // The operator console: its own frame, session and chunk; no shop screen imports any of it.
    {
      path: '/admin/*',
      ErrorBoundary: RouteError,
      HydrateFallback: PageSpinner,
      lazy: () => import('@/features/admin/admin-app.tsx').then((m) => ({ Component: m.AdminApp })),
    },
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: PageSpinner,
      children: [
        {
          index: true,
          loader: guard('public'),
          shouldRevalidate: always,
          HydrateFallback: PageSpinner,
          lazy: () => import('@/features/catalog/top-page.tsx').then((m) => ({ Component: m.TopPage })),
        },
        open('pack-list', () =>
          import('@/features/catalog/pack-list-page.tsx').then((m) => ({ Component: m.PackListPage })),
        ),
        open(
          'pack-detail',
          () =>
            import('@/features/catalog/pack-detail-page.tsx').then((m) => ({ Component: m.PackDetailPage })),
          requirePackId,
        ),

        open('verify', () =>
          import('@/features/verify/mirror-verify-page.tsx').then((m) => ({ Component: m.MirrorVerifyPage })),
        ),
        open('fairness', () => import('@/features/fairness/fairness-page.tsx').then((m) => ({ Component: m.FairnessPage }))),
        open('share', () => import('@/features/share/share-page.tsx').then((m) => ({ Component: m.SharePage }))),
        open('login', () => accounts().then((m) => ({ Component: m.LoginScreen }))),
        open('password-reissue', () => accounts().then((m) => ({ Component: m.PasswordReissueScreen }))),
        open('complete-password-reissue', () =>
          accounts().then((m) => ({ Component: m.CompletePasswordReissueScreen })),
        ),
        open('user-register', () => accounts().then((m) => ({ Component: m.UserRegisterScreen }))),
        open('line-register', () => accounts().then((m) => ({ Component: m.LineRegisterScreen }))),
        open('confirm-user-register', () =>
          accounts().then((m) => ({ Component: m.ConfirmUserRegisterScreen })),
        ),
        open('complete-user-register', () =>
          accounts().then((m) => ({ Component: m.CompleteUserRegisterScreen })),
        ),
        open('complete-carrier', () => payments().then((m) => ({ Component: m.CompleteCarrierScreen }))),
        open('error-carrier', () => payments().then((m) => ({ Component: m.ErrorCarrierScreen }))),

        open('user-guide', () => legal().then((m) => ({ Component: hostedPage(m.UserGuidePage) }))),
        open('specific-commerce', () =>
          legal().then((m) => ({ Component: hostedPage(m.SpecificCommercePage) })),
        ),
        open('terms-of-service', () =>
          legal().then((m) => ({ Component: hostedPage(m.TermsOfServicePage) })),
        ),
        open('privacy-protection', () =>
          legal().then((m) => ({ Component: hostedPage(m.PrivacyPolicyPage) })),
        ),
        member('fund-settlement', () =>
          legal().then((m) => ({ Component: hostedPage(m.FundSettlementPage) })),
        ),
        member('point-terms-of-service', () =>
          legal().then((m) => ({ Component: hostedPage(m.PointTermsPage) })),
        ),

        member('buy-point/:productId?', () => payments().then((m) => ({ Component: m.BuyPointScreen }))),
        member('confirm-buy-point', () => payments().then((m) => ({ Component: m.ConfirmBuyPointScreen }))),
        member('confirm-combini', () => payments().then((m) => ({ Component: m.ConfirmCombiniScreen }))),
        member('bank-transfer-information', () =>
          payments().then((m) => ({ Component: m.BankTransferInformationScreen })),
        ),
        member('payge-transfer-information', () =>
          payments().then((m) => ({ Component: m.PaygeTransferInformationScreen })),
        ),
        member('pay-redirect', () => payments().then((m) => ({ Component: m.PayRedirectScreen }))),
        member('complete-buy-point', () => payments().then((m) => ({ Component: m.CompleteBuyPointScreen }))),
        member('amazon-pay-redirect', () =>
          payments().then((m) => ({ Component: m.AmazonPayRedirectScreen })),
        ),
        member('complete-buy-point-amazom-pay', () =>
          payments().then((m) => ({ Component: m.CompleteBuyPointAmazonPayScreen })),
        ),
        member('complete-buy-point-paypal', () =>
          payments().then((m) => ({ Component: m.CompleteBuyPointPaypalScreen })),
        ),
        member('card-input', () => payments().then((m) => ({ Component: m.CardInputScreen }))),

        // Never rendered: its loader always forwards to the pack detail.
        {
          path: 'buy-product',
          loader: guard('member', forwardBuyProduct),
          shouldRevalidate: always,
        },
        member('confirm-buy-product', () => gacha().then((m) => ({ Component: m.ConfirmBuyProductScreen }))),
        member('gacha-animation', () => gacha().then((m) => ({ Component: m.GachaAnimationScreen }))),
        open('pack-demo', () => gacha().then((m) => ({ Component: m.DemoDrawScreen })), requirePackId),
        member('get-card-list', () => gacha().then((m) => ({ Component: m.GetCardListScreen }))),
        member('confirm-get-card-list', () =>
          gacha().then((m) => ({ Component: m.ConfirmGetCardListScreen })),
        ),
        member('thank-you', () => gacha().then((m) => ({ Component: m.ThankYouScreen }))),

        member('my-page', () => members().then((m) => ({ Component: m.MyPageScreen }))),
        member('user-menu', () => members().then((m) => ({ Component: m.UserMenuScreen }))),
        member('responsible-play', () => members().then((m) => ({ Component: m.ResponsiblePlayScreen }))),
        member('change-password', () => accounts().then((m) => ({ Component: m.ChangePasswordScreen }))),
        member('change-member', () => accounts().then((m) => ({ Component: m.ChangeMemberScreen }))),

        member('buy-point-history', () => history().then((m) => ({ Component: m.BuyPointHistoryScreen }))),
        member('buy-product-history', () =>
          history().then((m) => ({ Component: m.BuyProductHistoryScreen })),
        ),
        member('buy-product-history-detail', () =>
          history().then((m) => ({ Component: m.BuyProductHistoryDetailScreen })),
        ),
        member('coin-history', () => history().then((m) => ({ Component: m.CoinHistoryScreen }))),
        member('point-receipt', () => history().then((m) => ({ Component: m.PointReceiptScreen }))),

        member('exchange-card', () => exchange().then((m) => ({ Component: m.ExchangeCardScreen }))),
        member('transfer-point', () => transfer().then((m) => ({ Component: m.TransferPointScreen }))),
        // Members' inquiries (decision 052): the form and list, and one thread.
        member('inquiry', () => inquiries().then((m) => ({ Component: m.InquiryScreen }))),
        member('inquiry/:id', () => inquiries().then((m) => ({ Component: m.InquiryThreadScreen }))),

        // Unknown paths go to the top page; the spinner only shows while the redirect runs.
        { path: '*', loader: () => redirect('/'), Component: PageSpinner },
      ],
    },
  ];
}
