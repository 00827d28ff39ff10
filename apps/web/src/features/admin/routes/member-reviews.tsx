import * as api from '@oripa/contract/api-paths';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useAdminT } from '../admin-texts.ts';
import { adminGetOk } from '../api/admin-client.ts';
import { memberKey } from '../api/admin-queries.ts';
import { formatJstTime } from '../format-time.ts';

/**
 * The member's refunds and chargebacks made at the provider (decision 031): when there are any,
 * the member page says the member is up for review, and why. Nothing shows otherwise.
 */
export function MemberReviews({ userId }: { userId: number }) {
  const t = useAdminT();
  const reviews = useQuery({
    queryKey: [...memberKey(userId), 'reviews'],
    queryFn: () => adminGetOk(api.adminMembersReviews, { params: { id: userId } }),
  });
  const rows = reviews.data?.reviews ?? [];
  if (rows.length === 0) return null;
  return (
    <div className="admin-notice admin-notice--error" data-testid="member-review">
      <p>
        <strong>{t('refunds.review')}</strong>
      </p>
      <p>{t('refunds.reviewLead')}</p>
      <ul>
        {rows.map((r) => (
          <li key={`${r.payment_id}-${r.created_at}`}>
            {formatJstTime(r.created_at)} · {t(`refunds.origins.${r.origin}`)} ·{' '}
            <Link to={`/admin/payments/${r.payment_id}`}>
              {t('refunds.payment')} #{r.payment_id}
            </Link>{' '}
            · {r.amount.toLocaleString()} {t('refunds.yen')} · −{r.points_taken.toLocaleString()} pt
          </li>
        ))}
      </ul>
    </div>
  );
}
