import { PAYMENT_METHOD } from '@oripa/contract/constants';
import type { PackDetail } from '@oripa/contract/catalog';
import { Link } from 'react-router';
import { usePackDetail } from '@/lib/pack-detail.ts';
import { formatCoins, formatPoints } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { packDetailPath } from '../payment-paths.ts';

function packPrice(pack: PackDetail): string {
  return pack.payment_method === PAYMENT_METHOD.coins ? formatCoins(pack.point) : formatPoints(pack.point);
}

interface PackNoteProps {
  packId: number | null | undefined;
  /** 'before': the purchase is for this pack; 'after': go back and buy it. */
  mode: 'before' | 'after';
}

/**
 * The pack the member was buying when points ran short (the packId of /buy-point): shown while
 * buying points, and on the completion screens with the way back to it.
 */
export function PackNote({ packId, mode }: PackNoteProps) {
  const { t } = useTranslation();
  const pack = usePackDetail(packId);
  if (packId === undefined || packId === null || !pack.data) return null;
  const data = pack.data;
  return (
    <section className={`pay-pack pay-pack--${mode}`} data-testid="pack-note" aria-label={t('payments.pack.label')}>
      {data.image[0] && <img src={data.image[0]} alt="" className="pay-pack__image" width="72" height="96" />}
      <div className="pay-pack__body">
        <p className="pay-pack__lead">{mode === 'before' ? t('payments.pack.before') : t('payments.pack.after')}</p>
        <p className="pay-pack__name clamp-2" data-testid="pack-note-name">
          {data.name}
        </p>
        <p className="pay-pack__price">{t('payments.pack.price', { price: packPrice(data) })}</p>
      </div>
      <Link
        to={packDetailPath(data.id)}
        className={mode === 'after' ? 'btn btn--spin pay-pack__back' : 'btn btn--outline btn--small pay-pack__back'}
        data-testid="back-to-pack"
      >
        {mode === 'after' ? t('payments.pack.backToBuy') : t('payments.pack.view')}
      </Link>
    </section>
  );
}
