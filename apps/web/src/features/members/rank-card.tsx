import type { UserDetail } from '@oripa/contract/accounts';
import { formatYen } from '@/lib/format.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { rankProgress } from './rank-progress.ts';

function RankIcon({ code, size }: { code: string; size: number }) {
  if (!code) return null;
  return <img src={`/media/rank-${encodeURIComponent(code)}.svg`} alt="" width={size} height={size} />;
}

/**
 * My page's rank area (spec section 2): the current rank, a bar of this month's spend
 * (rank_current_price) against the spend of the next rank (rank_max_price), and the rank this
 * month's spend earns for next month.
 */
export function RankCard({ detail, rankCode }: { detail: UserDetail; rankCode: string }) {
  const { t } = useTranslation();
  const progress = rankProgress(detail.rank_current_price, detail.rank_max_price);
  const percent = Math.round(progress.ratio * 100);

  return (
    <section className="surface-card rank-card" aria-labelledby="rank-card-title" data-testid="rank-card">
      <div className="rank-card__head">
        <RankIcon code={rankCode} size={44} />
        <div>
          <h2 id="rank-card-title" className="rank-card__caption">
            {t('accounts.myPage.rank')}
          </h2>
          <p className="rank-card__name" data-testid="rank-name">
            {detail.rank_name}
          </p>
        </div>
      </div>

      <div className="rank-card__progress">
        <div className="rank-card__progress-head">
          <span>{t('accounts.myPage.monthSpend')}</span>
          <span className="rank-card__amounts" data-testid="rank-amounts">
            {formatYen(detail.rank_current_price)} / {formatYen(detail.rank_max_price)}
          </span>
        </div>
        <div
          className="rank-bar"
          role="progressbar"
          aria-label={t('accounts.myPage.monthSpend')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${formatYen(detail.rank_current_price)} / ${formatYen(detail.rank_max_price)}`}
          data-testid="rank-bar"
        >
          <span className="rank-bar__fill" style={{ width: `${percent}%` }} />
        </div>
        <p className="rank-card__remaining">
          {progress.reached
            ? t('accounts.myPage.reached')
            : t('accounts.myPage.remaining', { amount: formatYen(progress.remaining) })}
        </p>
      </div>

      {detail.next_month_name && (
        <p className="rank-card__next" data-testid="next-month-rank">
          <span>{t('accounts.myPage.nextMonth')}</span>
          <span className="rank-card__next-rank">
            <RankIcon code={detail.next_month} size={24} />
            {detail.next_month_name}
          </span>
        </p>
      )}
    </section>
  );
}
