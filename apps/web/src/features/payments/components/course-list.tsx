import type { PointCourse } from '@oripa/contract/payments';
import { Link } from 'react-router';
import { CampaignCourseExtra } from '@/components/campaign-course-extra.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { Pager } from '@/components/pager.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { formatPoints, formatYen } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { useCoursePage } from '../api/payment-queries.ts';
import { courseMemo, courseValue } from '../course-value.ts';
import { confirmBuyPointPath } from '../payment-paths.ts';
import { DiscountedPrice } from './coupon-code-field.tsx';

interface CourseListProps {
  page: number;
  onPage: (page: number) => void;
  /** The pack the member came from, kept through the purchase. */
  packId: number | undefined;
  /** An applied coupon's price per course (decision 061). */
  discounts?: CoursePrices | undefined;
}

/** The price to pay and the yen off, by course id. */
export type CoursePrices = ReadonlyMap<number, { pay: number; discount: number }>;

function CourseCard({ course, packId, discount }: { course: PointCourse; packId: number | undefined; discount: { pay: number; discount: number } | undefined }) {
  const { t, i18n } = useTranslation();
  const value = courseValue(course);
  const points = formatPoints(value.points);
  const price = formatYen(Number(course.price));
  const memo = courseMemo(course, i18n.language);
  return (
    <li className="pay-course" data-testid="course">
      {memo && <span className="pay-course__memo">{memo}</span>}
      <p className="pay-course__points" data-testid="course-points">
        <span className="currency-badge" aria-hidden="true">
          P
        </span>
        {points}
        {value.bonus > 0 && (
          <span className="pay-course__bonus" data-testid="course-bonus">
            {t('payments.buyPoint.bonus', { points: formatPoints(value.bonus) })}
          </span>
        )}
        <CampaignCourseExtra points={value.total} />
      </p>
      <p className="pay-course__price">
        {discount && discount.discount > 0 ? (
          <DiscountedPrice price={Number(course.price)} pay={discount.pay} discount={discount.discount} />
        ) : (
          <span data-testid="course-price">{price}</span>
        )}
        <small>{t('payments.common.taxIncluded')}</small>
        <small className="pay-course__rate" data-testid="course-rate">
          {t('payments.buyPoint.perPoint', { yen: `¥${value.yenPerPoint}` })}
        </small>
      </p>
      <Link
        to={confirmBuyPointPath(course.id, packId)}
        className="btn btn--gold pay-course__buy"
        aria-label={t('payments.buyPoint.buyCourse', { points: formatPoints(value.total), price })}
        data-testid="course-buy"
      >
        {t('payments.buyPoint.buy')}
      </Link>
    </li>
  );
}

/** The point courses (GET /user/point_price/{page}), each with its buy button. */
export function CourseList({ page, onPage, packId, discounts }: CourseListProps) {
  const { t } = useTranslation();
  const courses = useCoursePage(page);
  if (courses.isError) return <QueryFailure onRetry={() => void courses.refetch()} />;
  if (!courses.data) return <PageSpinner />;
  if (courses.data.list.length === 0) return <p className="empty-note">{t('payments.buyPoint.empty')}</p>;
  return (
    <>
      <ul className={courses.isPlaceholderData ? 'pay-courses is-refreshing' : 'pay-courses'} data-testid="course-list">
        {courses.data.list.map((course) => (
          <CourseCard key={course.id} course={course} packId={packId} discount={discounts?.get(Number(course.id))} />
        ))}
      </ul>
      <Pager page={courses.data.page} onSelect={onPage} label={t('payments.buyPoint.pager')} />
    </>
  );
}
