import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation.ts';

/**
 * The three notices a point purchase refers to (spec section 2, /buy-point and /card-input):
 * the commercial-law notice, the fund-settlement notice and the point terms.
 */
export function LegalLinks() {
  const { t } = useTranslation();
  const links = [
    { to: '/specific-commerce', label: t('payments.legal.commerce'), id: 'commerce' },
    { to: '/fund-settlement', label: t('payments.legal.fundSettlement'), id: 'fund-settlement' },
    { to: '/point-terms-of-service', label: t('payments.legal.pointTerms'), id: 'point-terms' },
  ];
  return (
    <nav className="pay-legal" aria-label={t('payments.legal.label')}>
      {links.map((link) => (
        <Link key={link.id} to={link.to} className="btn btn--outline pay-legal__link" data-testid={`legal-${link.id}`}>
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
