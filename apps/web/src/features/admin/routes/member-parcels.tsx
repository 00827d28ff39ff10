import type { MemberParcel } from '@oripa/contract/admin-members';
import { CARRIER_NAMES } from '@oripa/contract/shipping';
import { currentLang } from '@/lib/i18n.ts';
import { useAdminT } from '../admin-texts.ts';
import { TableScroll } from '../components/table-scroll.tsx';
import { formatJstTime } from '../format-time.ts';

/**
 * The member's parcels with carrier and tracking number (decision 049), so support answers
 * "where is my parcel" without the shipping queue. Shown to operators with 'shipping.read'.
 */
export function MemberParcels({ parcels }: { parcels: MemberParcel[] }) {
  const t = useAdminT();
  return (
    <>
      <h2>{t('access.parcels.heading')}</h2>
      <TableScroll>
        <table className="admin-table" data-testid="member-parcels">
          <thead>
            <tr>
              <th scope="col">{t('access.parcels.request')}</th>
              <th scope="col">{t('access.parcels.pack')}</th>
              <th scope="col">{t('access.parcels.state')}</th>
              <th scope="col">{t('access.parcels.carrier')}</th>
              <th scope="col">{t('access.parcels.tracking')}</th>
              <th scope="col">{t('access.parcels.shipped')}</th>
            </tr>
          </thead>
          <tbody>
            {parcels.length === 0 ? (
              <tr>
                <td colSpan={6}>—</td>
              </tr>
            ) : (
              parcels.map((p) => (
                <tr key={p.id}>
                  <td>#{p.id}</td>
                  <td>{p.pack_name}</td>
                  <td>{t(`shipping.states.${p.state}`)}</td>
                  <td>{p.carrier ? CARRIER_NAMES[p.carrier][currentLang()] : '—'}</td>
                  <td>
                    {p.tracking_url ? (
                      <a href={p.tracking_url} target="_blank" rel="noreferrer noopener" data-testid="parcel-tracking">
                        {p.tracking_number}
                      </a>
                    ) : (
                      p.tracking_number || '—'
                    )}
                  </td>
                  <td>{formatJstTime(p.shipped_at)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
