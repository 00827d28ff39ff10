import { CARD_STATUS, HISTORY_STATUS, NUMBER_FLAG, PAYMENT_METHOD } from '@oripa/contract/constants';
import type { WonCard } from '@oripa/contract/gacha';
import { useMemo } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { VirtualGrid } from '@/components/virtual-grid.tsx';
import { CardLine, cardLineLayout } from '@/components/won-card.tsx';
import { isNotFound } from '@/lib/api-query.ts';
import { shopTimeText } from '@/lib/dates.ts';
import { formatNumber, formatPackPrice, formatPoints } from '@/lib/format.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { useHistoryDetail, type HistoryDetail } from './api/history-queries.ts';
import { historyRowPath } from './buy-product-history-screen.tsx';
import { SendStateBadge } from './send-state-badge.tsx';
import { ShipmentList } from './shipment-list.tsx';
import './history.css';
import { langOf } from '@/lib/text-lang.ts';

function CardStatus({ card }: { card: WonCard }) {
  const { t } = useTranslation();
  if (card.status === CARD_STATUS.ship) return <span className="card-status card-status--ship">{t('gacha.historyDetail.ship')}</span>;
  if (card.status === CARD_STATUS.converted) {
    return (
      <span className="card-status card-status--converted">
        {t('gacha.historyDetail.converted')}
        <small>+{formatPoints(card.buy_point)}</small>
      </span>
    );
  }
  return <span className="card-status card-status--pending">{t('gacha.historyDetail.pending')}</span>;
}

function DetailView({ detail }: { detail: HistoryDetail }) {
  const { t } = useTranslation();
  const { history } = detail;
  const cards = useMemo(
    () => [...detail.cards].sort((a, b) => Number(a.status) - Number(b.status) || b.rarity - a.rarity || a.history_id - b.history_id),
    [detail.cards],
  );
  const codes = history.delivery_code ? history.delivery_code.split(',').filter(Boolean) : [];

  return (
    <>
      <section className="history-sheet" data-testid="history-sheet">
        <div className="history-sheet__head">
          <p className="history-sheet__name" lang={langOf(history.pack_name)}>{history.pack_name}</p>
          <SendStateBadge state={history.send_state} />
        </div>
        <dl className="history-sheet__facts">
          <div>
            <dt>{t('gacha.historyDetail.date')}</dt>
            <dd>{shopTimeText(history.created, currentLang())}</dd>
          </div>
          <div>
            <dt>{t('gacha.historyDetail.count')}</dt>
            <dd>{t('gacha.history.count', { count: history.count, formatted: formatNumber(history.count) })}</dd>
          </div>
          <div>
            <dt>{t('gacha.historyDetail.cost')}</dt>
            <dd>{formatPackPrice(history.point, history.is_buy_coin === NUMBER_FLAG.yes ? PAYMENT_METHOD.coins : PAYMENT_METHOD.points)}</dd>
          </div>
          <div>
            <dt>{t('gacha.historyDetail.shipCards')}</dt>
            <dd>{t('gacha.historyDetail.cards', { count: history.send_card, formatted: formatNumber(history.send_card) })}</dd>
          </div>
          <div>
            <dt>{t('gacha.historyDetail.convertCards')}</dt>
            <dd>
              {t('gacha.historyDetail.cards', { count: history.reduction_card, formatted: formatNumber(history.reduction_card) })}
            </dd>
          </div>
          <div>
            <dt>{t('gacha.historyDetail.points')}</dt>
            <dd className="history-sheet__points">{formatPoints(history.reduction_point)}</dd>
          </div>
          {/* The shipments list each parcel's tracking number: the codes once more would print them twice. */}
          {detail.shipments.length === 0 && (
            <div className="history-sheet__delivery">
              <dt>{t('gacha.historyDetail.delivery')}</dt>
              <dd data-testid="delivery-code">
                {codes.length > 0 ? codes.join(' / ') : t(history.send_card > 0 ? 'gacha.historyDetail.deliveryPending' : 'gacha.historyDetail.deliveryNone')}
              </dd>
            </div>
          )}
          {detail.shipments.length > 0 && (
            <div className="history-sheet__delivery history-sheet__shipments">
              <dt>{t('gacha.historyDetail.shipments')}</dt>
              <dd>
                <ShipmentList shipments={detail.shipments} />
              </dd>
            </div>
          )}
        </dl>
      </section>

      <section className="history-cards">
        <h2 className="history-cards__title">{t('gacha.historyDetail.cardsTitle')}</h2>
        <VirtualGrid
          items={cards}
          getKey={(card) => card.history_id}
          layout={cardLineLayout}
          label={t('gacha.historyDetail.cardsTitle')}
          testId="history-cards"
          renderItem={(card) => <CardLine card={card} aside={<CardStatus card={card} />} />}
        />
      </section>
    </>
  );
}

/** /buy-product-history-detail?packHistoryId= (spec section 2): one purchase and its cards. */
export function BuyProductHistoryDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('packHistoryId') ?? '';
  const packHistoryId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
  const detail = useHistoryDetail(packHistoryId);

  let content;
  if (packHistoryId === undefined || (detail.isError && isNotFound(detail.error))) {
    content = <p className="empty-note">{t('gacha.historyDetail.notFound')}</p>;
  } else if (detail.isError) {
    content = <QueryFailure onRetry={() => void detail.refetch()} />;
  } else if (!detail.data) {
    content = <PageSpinner />;
  } else if (detail.data.history.status !== HISTORY_STATUS.decided) {
    // Only a decided purchase has a detail (spec: status '1'); its cards still wait for a choice.
    return <Navigate to={historyRowPath(detail.data.history)} replace />;
  } else {
    content = <DetailView detail={detail.data} />;
  }

  return (
    <PageFrame title={t('gacha.historyDetail.title')} lead={t('gacha.historyDetail.lead')}>
      {content}
      <div className="button-row">
        <Link to="/buy-product-history" className="btn btn--outline">
          {t('gacha.historyDetail.back')}
        </Link>
      </div>
    </PageFrame>
  );
}
