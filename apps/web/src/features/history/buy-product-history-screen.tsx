import { HISTORY_MODE, HISTORY_STATUS, NUMBER_FLAG, PAYMENT_METHOD } from '@oripa/contract/constants';
import type { PackHistory } from '@oripa/contract/gacha';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronIcon } from '@/components/icons.tsx';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { Pager } from '@/components/pager.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { shopTimeText } from '@/lib/dates.ts';
import { formatNumber, formatPackPrice, formatPoints } from '@/lib/format.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { HISTORY_MODES, parseMode, useHistoryPage, type HistoryMode } from './api/history-queries.ts';
import { SendStateBadge } from './send-state-badge.tsx';
import './history.css';
import { langOf } from '@/lib/text-lang.ts';

/** Where a history row leads (spec section 2): the detail when status is '1', else the card choice. */
export function historyRowPath(row: Pick<PackHistory, 'id' | 'status'>): string {
  const query = new URLSearchParams({ packHistoryId: String(row.id) }).toString();
  return row.status === HISTORY_STATUS.decided ? `/buy-product-history-detail?${query}` : `/get-card-list?${query}`;
}

function HistoryRow({ row }: { row: PackHistory }) {
  const { t } = useTranslation();
  const method = row.is_buy_coin === NUMBER_FLAG.yes ? PAYMENT_METHOD.coins : PAYMENT_METHOD.points;
  return (
    <li>
      <Link to={historyRowPath(row)} className="surface-card history-row" data-testid="history-row">
        <span className="history-row__top">
          <span className="history-row__date">{shopTimeText(row.created, currentLang())}</span>
          <SendStateBadge state={row.send_state} />
        </span>
        <span className="history-row__name clamp-2" lang={langOf(row.pack_name)}>{row.pack_name}</span>
        <span className="history-row__facts">
          <span>{t('gacha.history.count', { count: row.count, formatted: formatNumber(row.count) })}</span>
          <span className="history-row__cost">{formatPackPrice(row.point, method)}</span>
          {row.send_card > 0 && <span>{t('gacha.history.shipped', { count: row.send_card, formatted: formatNumber(row.send_card) })}</span>}
          {row.reduction_card > 0 && (
            <span className="history-row__converted">
              {t('gacha.history.converted', {
                count: row.reduction_card,
                formatted: formatNumber(row.reduction_card),
                points: formatPoints(row.reduction_point),
              })}
            </span>
          )}
        </span>
        {row.status === HISTORY_STATUS.choosing && <span className="history-row__cta">{t('gacha.history.choose')}</span>}
        <ChevronIcon direction="right" className="history-row__chevron" />
      </Link>
    </li>
  );
}

/**
 * /buy-product-history (spec section 2): the member's pack purchases, newest first, with the
 * shipping-state filter (default '0', all); switching the filter goes back to page 1.
 */
export function BuyProductHistoryScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode = parseMode(params.get('mode'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const history = useHistoryPage(mode, page);
  const top = useRef<HTMLDivElement>(null);

  const show = (nextMode: HistoryMode, nextPage: number) => {
    const next = new URLSearchParams();
    if (nextMode !== HISTORY_MODE.all) next.set('mode', nextMode);
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next);
  };

  let content;
  if (history.isError) {
    content = <QueryFailure onRetry={() => void history.refetch()} />;
  } else if (!history.data) {
    content = <PageSpinner />;
  } else if (history.data.list.length === 0) {
    content = <p className="empty-note">{t(mode === HISTORY_MODE.all ? 'gacha.history.empty' : 'gacha.history.emptyFiltered')}</p>;
  } else {
    content = (
      <>
        <ul
          className={history.isPlaceholderData ? 'history-list is-refreshing' : 'history-list'}
          data-testid="history-list"
        >
          {history.data.list.map((row) => (
            <HistoryRow key={row.id} row={row} />
          ))}
        </ul>
        <Pager
          page={history.data.page}
          onSelect={(next) => {
            show(mode, next);
            top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
          }}
        />
      </>
    );
  }

  return (
    <PageFrame title={t('gacha.history.title')} lead={t('gacha.history.lead')} narrow>
      <div ref={top} className="history-filter" role="group" aria-label={t('gacha.history.filterLabel')}>
        {HISTORY_MODES.map((value) => (
          <button
            key={value}
            type="button"
            className={value === mode ? 'history-filter__chip is-active' : 'history-filter__chip'}
            aria-pressed={value === mode}
            data-testid={`history-mode-${value}`}
            onClick={() => {
              if (value !== mode) show(value, 1);
            }}
          >
            {t(`gacha.history.mode.${value}`)}
          </button>
        ))}
      </div>
      {content}
      <div className="button-row">
        <Link to="/my-page" className="btn btn--outline">
          {t('gacha.history.toMyPage')}
        </Link>
      </div>
    </PageFrame>
  );
}
