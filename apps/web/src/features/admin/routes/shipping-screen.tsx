import type { AdminShippingRequest } from '@oripa/contract/admin-shipping';
import { SHIPPING_PROMISE_BUSINESS_DAYS, SHIPPING_STATES } from '@oripa/contract/shipping';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAdminT, type AdminT } from '../admin-texts.ts';
import { AdminFailure } from '../api/admin-client.ts';
import { NO_SHIPPING_FILTERS, useShippingQueue, type ShippingFilters } from '../api/shipping-queries.ts';
import { useClientTable } from '../components/client-table.ts';
import { DataTable } from '../components/data-table.tsx';
import { Field } from '../components/field.tsx';
import { Pager } from '../components/pager.tsx';
import { SearchResults } from '../components/query-view.tsx';
import { formatJstTime } from '../format-time.ts';
import { ShippingActions } from './shipping-actions.tsx';
import { ShippingParcels } from './shipping-parcels.tsx';
import { ShippingTools } from './shipping-tools.tsx';
import './shipping.css';

const column = createColumnHelper<AdminShippingRequest>();

/** The states an action can move to (every state but the first). */
const TARGETS = SHIPPING_STATES.filter((s) => s !== 'requested');

/** The shipping queue (issue 13): filters, bulk steps, pick list, slips, carrier CSV out and in. */
export function ShippingScreen() {
  const t = useAdminT();
  const [filters, setFilters] = useState<ShippingFilters>(NO_SHIPPING_FILTERS);
  const list = useShippingQueue(filters);
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    setFilters(Object.fromEntries(Object.keys(NO_SHIPPING_FILTERS).map((k) => [k, String(f.get(k) ?? '').trim()])) as unknown as ShippingFilters);
  };
  const errors = list.error instanceof AdminFailure ? list.error.errors : {};
  return (
    <section>
      <h1>{t('shipping.heading')}</h1>
      <p className="admin-muted">{t('shipping.lead', { days: SHIPPING_PROMISE_BUSINESS_DAYS })}</p>
      <form className="admin-form admin-form--filters" onSubmit={search} data-testid="shipping-filters">
        <div className="admin-field">
          <label htmlFor="shipping-state">{t('shipping.state')}</label>
          <select id="shipping-state" name="state" defaultValue="">
            <option value="">{t('shipping.any')}</option>
            {SHIPPING_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`shipping.states.${s}`)}
              </option>
            ))}
            <option value="overdue">{t('shipping.overdue', { days: SHIPPING_PROMISE_BUSINESS_DAYS })}</option>
          </select>
        </div>
        <Field label={t('shipping.from')} name="from" type="date" errors={errors.from} />
        <Field label={t('shipping.to')} name="to" type="date" errors={errors.to} />
        <Field label={t('shipping.pack')} name="pack" inputMode="numeric" errors={errors.pack} />
        <Field label={t('shipping.member')} name="member" errors={errors.member} />
        <button type="submit" className="admin-button">
          {t('search')}
        </button>
      </form>
      <SearchResults query={list} cut={t('shipping.more')} fieldErrors>
        {(result) => <ShippingTable rows={result.requests} filters={filters} />}
      </SearchResults>
    </section>
  );
}

function ShippingTable({ rows, filters }: { rows: AdminShippingRequest[]; filters: ShippingFilters }) {
  const t = useAdminT();
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  // Rows that left the list (a new filter) are no longer selected.
  const selected = useMemo(() => rows.filter((r) => picked.has(r.id)).map((r) => r.id), [rows, picked]);
  const toggle = (id: number) =>
    setPicked((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allPicked = rows.length > 0 && selected.length === rows.length;
  const toggleAll = () => setPicked(allPicked ? new Set() : new Set(rows.map((r) => r.id)));
  const columns = useMemo(() => shippingColumns(t, picked, toggle, allPicked, toggleAll), [t, picked, allPicked, rows]); // eslint-disable-line react-hooks/exhaustive-deps -- toggle and toggleAll only close over the state setter and rows
  const table = useClientTable(rows, columns, 100);
  return (
    <>
      <ShippingActions selected={selected} targets={TARGETS} pointPacks={rows.filter((r) => selected.includes(r.id) && r.point_pack).length} />
      <ShippingParcels selected={selected} />
      <ShippingTools selected={selected} filters={filters} />
      <DataTable table={table} empty={t('shipping.empty')} testId="shipping-table" />
      {table.getPageCount() > 1 && <Pager table={table} />}
    </>
  );
}

function AddressCell({ r }: { r: AdminShippingRequest }) {
  const a = r.address;
  return (
    <span className="shipping-address">
      {a.name}
      <br />〒{a.zipcode} {a.pref_name}
      {a.shiku}
      {a.address} {a.building}
      <br />
      {a.tel}
    </span>
  );
}

function shippingColumns(t: AdminT, picked: ReadonlySet<number>, toggle: (id: number) => void, allPicked: boolean, toggleAll: () => void) {
  return [
    column.display({
      id: 'pick',
      header: () => <input type="checkbox" aria-label={t('shipping.selectAll')} checked={allPicked} onChange={toggleAll} data-testid="shipping-select-all" />,
      cell: (c) => (
        <input
          type="checkbox"
          aria-label={t('shipping.selectRow', { id: c.row.original.id })}
          checked={picked.has(c.row.original.id)}
          onChange={() => toggle(c.row.original.id)}
          data-testid={`shipping-select-${c.row.original.id}`}
        />
      ),
    }),
    column.accessor('id', {
      header: () => t('shipping.id'),
      cell: (c) => {
        const r = c.row.original;
        return (
          <>
            {r.id}
            {r.parcel_id !== null && (
              <span className="shipping-parcel" data-testid="shipping-parcel">
                {t('shipping.parcelOf', { id: r.parcel_id })}
              </span>
            )}
          </>
        );
      },
    }),
    column.accessor('created_at', { header: () => t('shipping.created'), cell: (c) => formatJstTime(c.getValue()) }),
    column.accessor('age_business_days', {
      header: () => t('shipping.age'),
      cell: (c) =>
        c.row.original.overdue ? (
          <strong className="shipping-late" data-testid="shipping-late">
            {t('shipping.late')} {t('shipping.ageDays', { days: c.getValue() })}
          </strong>
        ) : (
          <span className="shipping-age">{t('shipping.ageDays', { days: c.getValue() })}</span>
        ),
    }),
    column.accessor('state', {
      header: () => t('shipping.state'),
      cell: (c) => <span className={`shipping-state shipping-state--${c.getValue()}`}>{t(`shipping.states.${c.getValue()}`)}</span>,
    }),
    column.accessor('mail', { header: () => t('shipping.who'), cell: (c) => <Link to={`/admin/members/${c.row.original.user_id}`}>{c.getValue()}</Link> }),
    column.accessor('pack_name', {
      header: () => t('shipping.source'),
      cell: (c) => (c.row.original.source === 'exchange' ? `${t('shipping.fromExchange')}: ${c.getValue()}` : `${c.getValue()} (#${c.row.original.pack_id ?? ''})`),
    }),
    column.display({
      id: 'cards',
      header: () => t('shipping.cards'),
      cell: (c) => {
        const r = c.row.original;
        if (r.converted_points > 0) return t('shipping.converted', { points: r.converted_points });
        return (
          <span title={r.cards.map((card) => `${card.name} ${card.model_number} ×${card.count}`).join('\n')}>
            {t('shipping.cardsCount', { count: r.cards.reduce((n, card) => n + card.count, 0) })}
          </span>
        );
      },
    }),
    column.display({ id: 'address', header: () => t('shipping.address'), cell: (c) => <AddressCell r={c.row.original} /> }),
    column.accessor('tracking_number', {
      header: () => t('shipping.tracking'),
      cell: (c) =>
        c.row.original.tracking_url ? (
          <a href={c.row.original.tracking_url} target="_blank" rel="noreferrer noopener">
            {c.getValue()}
          </a>
        ) : (
          c.getValue() || '—'
        ),
    }),
  ];
}

