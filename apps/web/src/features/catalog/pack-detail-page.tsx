import { FLAG, NUMBER_FLAG, PAYMENT_METHOD } from '@oripa/contract/constants';
import type { PackDetail } from '@oripa/contract/catalog';
import { packUnitPrice } from '@oripa/contract/constants';
import { STATE } from '@oripa/contract/states';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { RichText } from '@/components/rich-text.tsx';
import { usePackDetail } from '@/lib/pack-detail.ts';
import { ApiFailure } from '@/lib/api-query.ts';
import { formatShopDateTime, shopTimeText } from '@/lib/dates.ts';
import { useDocumentTitle } from '@/lib/document-title.ts';
import { formatNumber, formatPackPrice } from '@/lib/format.ts';
import { usePageMeta } from '@/lib/page-meta.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { BuyBar } from './components/buy-bar.tsx';
import { Countdown } from './components/countdown.tsx';
import { Lineup } from './components/lineup.tsx';
import { PackImageRotator } from './components/pack-image-rotator.tsx';
import { PriceTag } from './components/price-tag.tsx';
import { PrizeShowcase } from './components/prize-showcase.tsx';
import { PurchasePanel } from './components/purchase-panel.tsx';
import { RemainingBar } from './components/remaining-bar.tsx';
import { TrustPending } from './components/trust-pending.tsx';
import './catalog.css';
// The trust panel's styles come with the page (inlined in the server-drawn page) rather than with
// its lazy chunk, whose late stylesheet restyled the whole document in one long task.
import './components/trust.css';
import { langOf } from '@/lib/text-lang.ts';

// Below the first screen: its own chunk, loaded after the pack itself has painted.
// Only member-only packs show these badges: their chunk loads with such a pack alone (decision 056).
const MembersOnlyBadges = lazy(() => import('./components/members-only.tsx').then((m) => ({ default: m.MembersOnlyBadges })));
const TrustPanel = lazy(() => import('./components/trust-panel.tsx').then((m) => ({ default: m.TrustPanel })));

/** An unknown pack (404) or a pack id the server cannot read (400): nothing to show. */
function isMissingPack(error: unknown): boolean {
  return error instanceof ApiFailure && (error.state === STATE.notFound || error.state === STATE.validation);
}

function PackDetailView({ pack, countError }: { pack: PackDetail; countError: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useDocumentTitle(pack.name);
  usePageMeta({
    description: `${pack.name} ${t('catalog.perPack')} ${formatPackPrice(packUnitPrice(pack), pack.payment_method)} ${t('catalog.remaining', { count: formatNumber(pack.pack_count), total: formatNumber(pack.total_pack_count) })}`,
    image: pack.image[0],
  });
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['packs'] });
  }, [queryClient]);
  const soldOut = pack.pack_count <= 0;

  return (
    <article className="container page pack-detail">
      <div className="pack-detail__hero">
        <div className="pack-detail__visual">
          <PackImageRotator images={pack.image} name={pack.name} />
          {soldOut && (
            <span className="veil sold-out sold-out--large" aria-hidden="true">
              {t('catalog.soldOutMark')}
            </span>
          )}
        </div>
        <div className="surface-card pack-detail__panel">
          <div className="pack-detail__badges">
            {pack.is_before && <span className="badge badge--upcoming">{t('catalog.upcomingBadge')}</span>}
            <span className={pack.payment_method === PAYMENT_METHOD.coins ? 'badge badge--coin' : 'badge badge--point'}>
              {pack.payment_method === PAYMENT_METHOD.coins ? t('catalog.coinPack') : t('catalog.pointPack')}
            </span>
            {pack.members_only && (
              <Suspense fallback={null}>
                <MembersOnlyBadges members={pack.members_only} />
              </Suspense>
            )}
          </div>
          <h1 className="pack-detail__name" lang={langOf(pack.name)}>{pack.name}</h1>
          <p className="pack-detail__price">
            {pack.members_only?.free_daily ? (
              <span className="pack-detail__free" data-testid="pack-free-daily">{t('catalog.freeDaily')}</span>
            ) : (
              <>
                <span className="pack-detail__per">{t('catalog.perPack')}</span>
                <PriceTag amount={packUnitPrice(pack)} paymentMethod={pack.payment_method} className="price-tag--large" />
              </>
            )}
          </p>
          <RemainingBar remaining={pack.pack_count} total={pack.total_pack_count} testId="pack-remaining" />

          {pack.is_before && (
            <div className="sale-start">
              <Countdown startDate={pack.start_date} onReached={refresh} />
              <p className="sale-start__date">
                {t('catalog.detail.startAt', { date: formatShopDateTime(pack.start_date, currentLang()) })}
              </p>
            </div>
          )}

          {pack.can_limit === NUMBER_FLAG.yes && pack.limit_message && (
            <aside className="limit-box" aria-label={t('catalog.detail.limitTitle')}>
              <p className="limit-box__title">{t('catalog.detail.limitTitle')}</p>
              <p className="limit-box__text">{pack.limit_message}</p>
            </aside>
          )}

          {/* In the page's first hydration pass (decision 068): no boundary of its own, so it works
              before the buy bar and the trust panel, which hydrate after it. */}
          <PurchasePanel pack={pack} countError={countError} />

          {!soldOut && (
            <Link className="pack-detail__demo" to={`/pack-demo?packId=${pack.id}`} data-testid="demo-draw-link">
              {t('catalog.detail.demoDraw')}
            </Link>
          )}

          {pack.format_end_date && (
            <p className="pack-detail__end">
              <span>{t('catalog.detail.endAt')}</span>
              <span>{shopTimeText(pack.format_end_date, currentLang())}</span>
            </p>
          )}
        </div>
      </div>

      {pack.show_cardlist === FLAG.yes && (
        <PrizeShowcase packId={pack.id} convertible={pack.payment_method === PAYMENT_METHOD.points} />
      )}

      <div className="pack-detail__body">
        <div className="pack-detail__main">
          {/* Until the panel's chunk arrives its room holds what follows below the screen, so the lineup
              does not show and then jump down on a tall screen. */}
          <Suspense fallback={<TrustPending />}>
            <TrustPanel packId={pack.id} />
          </Suspense>

          {pack.show_cardlist === FLAG.yes && (
            <Lineup packId={pack.id} convertible={pack.payment_method === PAYMENT_METHOD.points} />
          )}

          {pack.detail && (
            <section className="detail-section" aria-labelledby="pack-description">
              <h2 id="pack-description" className="section-title">
                {t('catalog.detail.description')}
              </h2>
              {/* The server sanitizes the description when it is written (design: catalog). */}
              <RichText html={pack.detail} />
            </section>
          )}
        </div>
        {/* The buy bar: fixed to the screen's bottom on phones, beside the lineup on desktop. Its own
            hydration boundary: it hydrates after the first pass (decision 068). */}
        <div className="pack-detail__aside">
          <Suspense fallback={null}>
            <BuyBar pack={pack} />
          </Suspense>
        </div>
      </div>

      <div className="pack-detail__legal">
        <Link to="/specific-commerce" className="btn btn--outline">
          {t('catalog.detail.commerce')}
        </Link>
      </div>
    </article>
  );
}

/** /pack-detail?packId=: one pack with its purchase controls, lineup and description. */
export function PackDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const packId = params.get('packId') ?? '';
  const detail = usePackDetail(packId);

  if (detail.isError) {
    if (isMissingPack(detail.error)) {
      return (
        <PageFrame title={t('catalog.detail.notFoundTitle')} lead={t('catalog.detail.notFoundText')} narrow>
          <Link to="/" className="btn btn--gold">
            {t('common.backToTop')}
          </Link>
        </PageFrame>
      );
    }
    return (
      <div className="container page">
        <QueryFailure onRetry={() => void detail.refetch()} />
      </div>
    );
  }
  if (!detail.data) return <PageSpinner />;
  return (
    <PackDetailView key={detail.data.id} pack={detail.data} countError={params.get('errorMessageCount')} />
  );
}
