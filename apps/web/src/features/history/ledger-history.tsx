import type { PageInfo } from '@oripa/contract/wire';
import type { UseQueryResult } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { Pager } from '@/components/pager.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { shopTimeText } from '@/lib/dates.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import type { LedgerPage } from './api/ledger-queries.ts';
import './ledger-history.css';

/** The page of a paged list from ?page=, from 1. */
export function ledgerPageOf(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** The date and memo cells that open every ledger row (points and coins alike). */
export function LedgerRowHead({ row }: { row: { created: string; memo: string } }) {
  return (
    <>
      <span className="ledger-row__date" data-testid="ledger-date">
        {shopTimeText(row.created, currentLang())}
      </span>
      <span className="ledger-row__memo" data-testid="ledger-memo">
        {row.memo}
      </span>
    </>
  );
}

interface LedgerHistoryProps<Row> {
  title: string;
  lead: string;
  empty: string;
  useHistory: (page: number) => UseQueryResult<LedgerPage<Row>>;
  renderRow: (row: Row) => ReactNode;
  testId: string;
  /** The main way on from the list (buy points, the exchange). */
  action: { to: string; label: string };
  /** Shown under the list (the coin history: the exchanged cards' shipments). */
  extra?: ReactNode;
}

/** A paged ledger (points or coins): rows newest first, the pager, the way back to my page. */
export function LedgerHistory<Row extends { id: number }>({ title, lead, empty, useHistory, renderRow, testId, action, extra }: LedgerHistoryProps<Row>) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = ledgerPageOf(params);
  const history = useHistory(page);
  const top = useRef<HTMLDivElement>(null);

  const show = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  let content;
  if (history.isError) content = <QueryFailure onRetry={() => void history.refetch()} />;
  else if (!history.data) content = <PageSpinner />;
  else if (history.data.list.length === 0) content = <p className="empty-note">{empty}</p>;
  else {
    const pageInfo: PageInfo = history.data.page;
    content = (
      <>
        <ul className={history.isPlaceholderData ? 'ledger-list is-refreshing' : 'ledger-list'} data-testid={testId}>
          {history.data.list.map((row) => (
            <li key={row.id} className="ledger-row" data-testid={`${testId}-row`}>
              {renderRow(row)}
            </li>
          ))}
        </ul>
        <Pager page={pageInfo} onSelect={show} />
      </>
    );
  }

  return (
    <PageFrame title={title} lead={lead} narrow>
      <div ref={top} className="ledger-anchor" />
      {content}
      {extra}
      <div className="button-row">
        <Link to={action.to} className="btn btn--gold">
          {action.label}
        </Link>
        <Link to="/my-page" className="btn btn--outline">
          {t('payments.history.toMyPage')}
        </Link>
      </div>
    </PageFrame>
  );
}
