import type { UserDetail } from '@oripa/contract/accounts';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation.ts';
import { useUserDetail } from '@/lib/user-detail.ts';

/** 〒150-0002 for a Japanese 7-digit code; an overseas code as it is. */
function postalLine(zipcode: string): string {
  return /^\d{7}$/.test(zipcode) ? `〒${zipcode.slice(0, 3)}-${zipcode.slice(3)}` : zipcode;
}

/** The lines of the address the cards go to, as a label shows it. */
export function addressLines(detail: UserDetail): string[] {
  const name = [detail.lastName, detail.middleName, detail.firstName].filter(Boolean).join(' ');
  const region = detail.country ? `${detail.pref_name} ${detail.country}`.trim() : detail.pref_name;
  return [postalLine(detail.zipcode), `${region}${detail.shiku}${detail.address}`, detail.building, name].filter((line) => line.trim() !== '');
}

/**
 * The address the cards will be shipped to (the member's registered address), with a link to
 * change it before the decision is confirmed (issue 15 item 5).
 */
export function ShipTo() {
  const { t } = useTranslation();
  const detail = useUserDetail();
  const lines = detail.data ? addressLines(detail.data) : [];
  return (
    <aside className="address-note" data-testid="address-note" aria-labelledby="ship-to-title">
      <p id="ship-to-title" className="address-note__title">
        {t('shopper.shipTo.title')}
      </p>
      {detail.data &&
        (lines.length > 1 ? (
          <address className="address-note__address" data-testid="ship-to-address">
            {lines.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        ) : (
          <p>{t('shopper.shipTo.missing')}</p>
        ))}
      <p>{t('gacha.confirmCards.addressText')}</p>
      <Link to="/change-member" className="address-note__link" data-testid="ship-to-change">
        {t('shopper.shipTo.change')}
      </Link>
    </aside>
  );
}
