import type { AdminShippingRequest } from '@oripa/contract/admin-shipping';
import { RARITY_LABELS } from '@oripa/contract/constants';
import { Link, useSearchParams } from 'react-router';
import { useSiteInfo } from '@/lib/site-info.ts';
import { useAdminT } from '../admin-texts.ts';
import { usePickList, useShippingRequests } from '../api/shipping-queries.ts';
import { QueryView } from '../components/query-view.tsx';
import { formatJstTime } from '../format-time.ts';
import './shipping.css';

type Kind = 'a4' | 'label' | 'picklist';

/** A rarity as the shop names it (SR, UR…), which is what the picker sees printed on the card. */
const rarityName = (rarity: number) => RARITY_LABELS[rarity] ?? String(rarity);

/**
 * /admin/shipping/print?kind=a4|label|picklist&…: the packing slips (one per page, A4 or a
 * 100×150 mm label, chosen by the print stylesheet's named pages) or the pick list of the
 * requests the queue selected or filtered. Outside the console's frame, so it prints alone.
 */
export function ShippingPrint() {
  const t = useAdminT();
  const [params] = useSearchParams();
  const kind: Kind = params.get('kind') === 'label' ? 'label' : params.get('kind') === 'picklist' ? 'picklist' : 'a4';
  const query = new URLSearchParams([...params].filter(([k]) => k !== 'kind')).toString();
  return (
    <div className="shipping-print">
      <div className="shipping-print__bar">
        <Link to="/admin/shipping">{t('shipping.back')}</Link>
        <button type="button" className="admin-button" onClick={() => window.print()}>
          {t('shipping.print')}
        </button>
      </div>
      {kind === 'picklist' ? <PickListSheet query={query} /> : <Slips query={query} kind={kind} />}
    </div>
  );
}

function PickListSheet({ query }: { query: string }) {
  const t = useAdminT();
  const pick = usePickList(query);
  return (
    <QueryView query={pick}>
      {(data) => (
        <section className="shipping-sheet shipping-sheet--a4" data-testid="pick-list">
          <h1>{t('shipping.pickTitle', { requests: data.requests, cards: data.cards })}</h1>
          <table className="shipping-lines">
            <thead>
              <tr>
                <th scope="col">{t('shipping.slipCard')}</th>
                <th scope="col">{t('shipping.slipModel')}</th>
                <th scope="col">{t('shipping.slipRarity')}</th>
                <th scope="col">{t('shipping.slipQty')}</th>
                <th scope="col">{t('shipping.pickRequests')}</th>
                <th scope="col" aria-label="✓" />
              </tr>
            </thead>
            <tbody>
              {data.lines.map((l) => (
                <tr key={`${l.name}|${l.model_number}|${l.rarity}`}>
                  <td>{l.name}</td>
                  <td>{l.model_number}</td>
                  <td>{rarityName(l.rarity)}</td>
                  <td className="num">{l.count}</td>
                  <td className="num">{l.requests}</td>
                  <td className="check">□</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </QueryView>
  );
}

function Slips({ query, kind }: { query: string; kind: 'a4' | 'label' }) {
  const requests = useShippingRequests(query);
  return <QueryView query={requests}>{(data) => data.requests.map((r) => <Slip key={r.id} r={r} kind={kind} />)}</QueryView>;
}

function Slip({ r, kind }: { r: AdminShippingRequest; kind: 'a4' | 'label' }) {
  const t = useAdminT();
  const site = useSiteInfo();
  const a = r.address;
  const total = r.cards.reduce((n, c) => n + c.count, 0);
  return (
    <section className={`shipping-sheet shipping-sheet--${kind}`} data-testid="packing-slip">
      <h1>
        {t('shipping.slipTitle')} <small>{t('shipping.slipRequest')} {r.id}</small>
      </h1>
      <div className="shipping-sheet__to">
        <h2>{t('shipping.slipTo')}</h2>
        <p>〒{a.zipcode}</p>
        <p>
          {a.pref_name}
          {a.shiku}
          {a.address}
        </p>
        {a.building && <p>{a.building}</p>}
        <p className="shipping-sheet__name">{a.name} 様</p>
        <p>TEL {a.tel}</p>
      </div>
      {site && (
        <div className="shipping-sheet__from">
          <h2>{t('shipping.slipFrom')}</h2>
          <p>
            〒{site.company.zipcode} {site.company.address}
          </p>
          <p>
            {site.company.name} TEL {site.company.tel}
          </p>
        </div>
      )}
      <p className="shipping-sheet__meta">
        {t('shipping.slipDate')}: {formatJstTime(r.created_at)} / {r.pack_name}
      </p>
      <table className="shipping-lines">
        <thead>
          <tr>
            <th scope="col">{t('shipping.slipCard')}</th>
            <th scope="col">{t('shipping.slipModel')}</th>
            {kind === 'a4' && <th scope="col">{t('shipping.slipRarity')}</th>}
            <th scope="col">{t('shipping.slipQty')}</th>
          </tr>
        </thead>
        <tbody>
          {r.cards.map((c) => (
            <tr key={`${c.name}|${c.model_number}|${c.rarity}`}>
              <td>{c.name}</td>
              <td>{c.model_number}</td>
              {kind === 'a4' && <td>{rarityName(c.rarity)}</td>}
              <td className="num">{c.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="shipping-sheet__total">{t('shipping.slipTotal', { count: total })}</p>
    </section>
  );
}
