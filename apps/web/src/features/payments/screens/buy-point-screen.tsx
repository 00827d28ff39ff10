import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { CourseList } from '../components/course-list.tsx';
import { LegalLinks } from '../components/legal-links.tsx';
import { PackNote } from '../components/pack-return.tsx';
import { parseId } from '../payment-paths.ts';
import '../payments.css';

/** Page of a paged list from the query (?page=), from 1. */
export function pageFrom(params: URLSearchParams): number {
  return parseId(params.get('page')) ?? 1;
}

/**
 * /buy-point[/productId]?packId= (spec section 2): the point courses, each with points, price
 * (tax included), memo and a buy button to /confirm-buy-point, and the three legal notices.
 * The pack the member wanted to buy (packId, or the productId of the path) travels along.
 */
export function BuyPointScreen() {
  const { t } = useTranslation();
  const { productId } = useParams();
  const [params, setParams] = useSearchParams();
  const packId = parseId(params.get('packId')) ?? parseId(productId);
  const page = pageFrom(params);
  const top = useRef<HTMLDivElement>(null);

  const showPage = (next: number) => {
    const query = new URLSearchParams(params);
    if (next > 1) query.set('page', String(next));
    else query.delete('page');
    setParams(query);
    top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  return (
    <PageFrame title={t('payments.buyPoint.title')} lead={t('payments.buyPoint.lead')} narrow>
      <div ref={top} className="pay-anchor" />
      <PackNote packId={packId} mode="before" />
      <CourseList page={page} onPage={showPage} packId={packId} />
      <ul className="pay-facts">
        <li>{t('payments.buyPoint.taxNote')}</li>
        <li>{t('payments.buyPoint.expiryNote')}</li>
        <li>{t('payments.buyPoint.refundNote')}</li>
      </ul>
      <LegalLinks />
    </PageFrame>
  );
}
