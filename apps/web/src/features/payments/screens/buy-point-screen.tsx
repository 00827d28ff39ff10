import { useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { CampaignBanner } from '@/components/campaign-banner.tsx';
import { PageFrame } from '@/components/page-frame.tsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { useCoursePage } from '../api/payment-queries.ts';
import { CouponCodeField } from '../components/coupon-code-field.tsx';
import { CourseList, type CoursePrices } from '../components/course-list.tsx';
import { useCouponQuote, type CouponCheck } from '../coupon-code.ts';
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
  const courses = useCoursePage(page);
  const firstCourse = courses.data?.list[0]?.id;
  const pointPriceId = firstCourse === undefined ? undefined : Number(firstCourse);
  // A code applied earlier in this tab is checked again (it may have run out since).
  const remembered = useCouponQuote(pointPriceId);
  const [checked, setChecked] = useState<CouponCheck | undefined | null>(null);
  const quote = checked === null ? (remembered.data && 'quote' in remembered.data ? remembered.data.quote : undefined) : checked;
  const discounts = useMemo<CoursePrices | undefined>(
    () => (quote ? new Map(quote.courses.map((c) => [c.point_price_id, { pay: c.pay, discount: c.discount_yen }])) : undefined),
    [quote],
  );

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
      <CampaignBanner />
      <CouponCodeField pointPriceId={pointPriceId} quote={quote} onQuote={setChecked} />
      <CourseList page={page} onPage={showPage} packId={packId} discounts={discounts} />
      <ul className="pay-facts">
        <li>{t('payments.buyPoint.taxNote')}</li>
        <li>{t('payments.buyPoint.expiryNote')}</li>
        <li>{t('payments.buyPoint.refundNote')}</li>
      </ul>
      <LegalLinks />
    </PageFrame>
  );
}
