import { PACK_PAGE_SIZES, PACK_SORTS, PACK_STATES, type PackAdminRow, type PackState } from '@oripa/contract/admin-catalog';
import { PAYMENT_METHOD } from '@oripa/contract/constants';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAdminT, type AdminT } from '../admin-texts.ts';
import { AdminFailure } from '../api/admin-client.ts';
import { BulkSaleBar } from './packs-bulk.tsx';
import { useCardTypes, usePacks, type PackParams } from '../api/catalog-queries.ts';
import { FilterButtons, PagedTable } from '../components/server-pager.tsx';
import { useServerTable } from '../components/server-table.ts';
import { Field } from '../components/field.tsx';
import { formatJstTime } from '../format-time.ts';
import './packs.css';

const column = createColumnHelper<PackAdminRow>();
const FIRST: PackParams = { page: 1, per: 20, sort: 'id', dir: 'desc', q: '', card_type: '', state: '' };

/** A price as the shop writes it: 1,000P or 2C. */
export function priceLabel(point: number, method: string): string {
  return `${point.toLocaleString('ja-JP')}${method === PAYMENT_METHOD.coins ? 'C' : 'P'}`;
}

export function StateBadge({ state, t }: { state: PackState; t: AdminT }) {
  return <span className={`admin-badge packs-state packs-state--${state}`}>{t(`catalog.states.${state}`)}</span>;
}

/**
 * Every pack in a table whose filters, sort and paging run on the server (SQL), so it stays fast
 * with any number of packs; a page shows at most 100 rows.
 */
export function PacksScreen() {
  const t = useAdminT();
  const [params, setParams] = useState<PackParams>(FIRST);
  const packs = usePacks(params);
  const types = useCardTypes();
  // The packs ticked for a bulk sale action (ids; kept across pages until the action is done).
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (id: number, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const pageIds = useMemo(() => (packs.data?.packs ?? []).map((p) => p.id), [packs.data]);

  const columns = useMemo(
    () => [
      column.display({
        id: 'select',
        header: () => (
          <input
            type="checkbox"
            aria-label={t('catalog.scale.selectAll')}
            checked={pageIds.length > 0 && pageIds.every((id) => selected.has(id))}
            onChange={(e) => {
              for (const id of pageIds) toggle(id, e.target.checked);
            }}
          />
        ),
        cell: (c) => (
          <input
            type="checkbox"
            aria-label={`${t('catalog.scale.select')} #${c.row.original.id}`}
            checked={selected.has(c.row.original.id)}
            onChange={(e) => toggle(c.row.original.id, e.target.checked)}
            data-testid={`pack-select-${c.row.original.id}`}
          />
        ),
      }),
      column.accessor('id', { header: () => t('catalog.id') }),
      column.accessor('name', { header: () => t('catalog.name'), cell: (c) => <Link to={`/admin/packs/${c.row.original.id}`}>{c.getValue()}</Link> }),
      column.accessor('card_type', { header: () => t('catalog.filterType'), enableSorting: false }),
      column.accessor('point', { header: () => t('catalog.price'), cell: (c) => priceLabel(c.getValue(), c.row.original.payment_method) }),
      column.accessor('remaining', { header: () => t('catalog.remaining'), cell: (c) => `${c.getValue().toLocaleString('ja-JP')} / ${c.row.original.total.toLocaleString('ja-JP')}` }),
      column.accessor('start_at', { header: () => t('catalog.start'), cell: (c) => formatJstTime(c.getValue()) }),
      column.accessor('end_at', { header: () => t('catalog.end'), cell: (c) => formatJstTime(c.getValue()) }),
      column.accessor('state', { header: () => t('catalog.state'), enableSorting: false, cell: (c) => <StateBadge state={c.getValue()} t={t} /> }),
      column.accessor('sort', { header: () => t('catalog.sort') }),
    ],
    [t, selected, pageIds, toggle],
  );

  const table = useServerTable({ rows: packs.data?.packs ?? [], columns, total: packs.data?.total ?? 0, params, setParams, sorts: PACK_SORTS });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const text = (k: string) => String(f.get(k) ?? '').trim();
    setParams((p) => ({ ...p, page: 1, q: text('q'), card_type: text('card_type'), state: text('state') as PackParams['state'] }));
  };
  const fieldErrors = packs.error instanceof AdminFailure ? packs.error.errors : {};

  return (
    <section>
      <div className="packs-head">
        <h1>{t('catalog.heading')}</h1>
        <Link className="admin-button" to="/admin/packs/new">
          {t('catalog.newPack')}
        </Link>
        <Link to="/admin/card-types">{t('catalog.cardTypes')}</Link>
      </div>
      <p className="admin-muted">{t('catalog.lead')}</p>
      <form className="admin-form admin-form--filters" onSubmit={search} onReset={() => setParams(FIRST)}>
        <Field label={t('catalog.filterName')} name="q" errors={fieldErrors.q} />
        <div className="admin-field">
          <label htmlFor="packs-type">{t('catalog.filterType')}</label>
          <select id="packs-type" name="card_type" defaultValue="">
            <option value="">{t('catalog.any')}</option>
            {(types.data ?? []).map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="packs-state">{t('catalog.filterState')}</label>
          <select id="packs-state" name="state" defaultValue="">
            <option value="">{t('catalog.any')}</option>
            {PACK_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`catalog.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <FilterButtons />
      </form>
      <BulkSaleBar selected={selected} onDone={() => setSelected(new Set())} />
      <PagedTable
        query={packs}
        totalLabel={(count) => t('catalog.total', { count })}
        totalTestId="packs-total"
        sizes={PACK_PAGE_SIZES}
        params={params}
        setParams={setParams}
        table={table}
        empty={t('catalog.empty')}
        testId="packs-table"
      />
    </section>
  );
}
