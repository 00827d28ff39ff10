import { formatShopDateTime } from '@/lib/dates.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { useRecentWins } from '../api/trust-queries.ts';
import { langOf } from '@/lib/text-lang.ts';

/** 排出履歴: the latest wins at or above the operator's rarity threshold, names masked. */
export function RecentWins({ packId }: { packId: number | null }) {
  const { t } = useTranslation();
  const wins = useRecentWins(packId);
  const list = wins.data ?? [];
  return (
    <section className="trust-section recent-wins" aria-labelledby={`wins-${packId ?? 'all'}`} data-testid="recent-wins">
      <h2 id={`wins-${packId ?? 'all'}`} className="section-title">
        {t('trust.wins.title')}
      </h2>
      {list.length === 0 ? (
        <p className="empty-note">{t('trust.wins.empty')}</p>
      ) : (
        <ul className="recent-wins__list">
          {list.map((w, i) => (
            <li key={`${w.created}-${i}`} className="recent-wins__item">
              {/* Below the first screen: fetched and drawn only as the visitor scrolls near it. */}
              <img src={w.image_url} alt="" className="recent-wins__image" loading="lazy" decoding="async" />
              <span className="recent-wins__text">
                <strong>
                  {w.rarity_label} <span className="recent-wins__name" lang={langOf(w.name)}>{w.name}</span>
                </strong>
                {w.kind !== 'lot' && <span className="badge badge--upcoming">{t(`trust.log.kind.${w.kind}`)}</span>}
                <span className="recent-wins__meta">
                  {w.member}
                  {t('trust.wins.separator')}
                  {packId === null && (
                    <>
                      <span className="recent-wins__pack" lang={langOf(w.pack_name)}>{w.pack_name}</span>
                      {t('trust.wins.separator')}
                    </>
                  )}
                  {formatShopDateTime(w.created, currentLang())}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
