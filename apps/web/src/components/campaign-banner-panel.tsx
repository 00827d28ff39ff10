import { Link } from 'react-router';
import { useActiveCampaigns } from '@/lib/campaigns.ts';
import { formatShopDateTime } from '@/lib/dates.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useCampaignText } from './campaign-texts.ts';
import './campaign-banner.css';

/**
 * The running campaigns, one line each: what it gives, until when, and that it ends when its
 * budget runs out. Nothing when none runs (paused, ended, budget spent: lib/campaigns.ts).
 * `link`: a way to /buy-point (the top page).
 */
export function CampaignBannerPanel({ link }: { link: boolean }) {
  const ct = useCampaignText();
  const campaigns = useActiveCampaigns();
  const lang = currentLang();
  if (campaigns.length === 0) return null;
  return (
    <aside className="campaign-banner" aria-label={ct('label')} data-testid="campaign-banner">
      <ul className="campaign-banner__list">
        {campaigns.map((c) => (
          <li key={c.kind} className="campaign-banner__item" data-testid={`campaign-${c.kind}`}>
            <span className="campaign-banner__tag">{ct('label')}</span>
            <strong className="campaign-banner__text">
              {c.kind === 'point_bonus'
                ? ct('pointBonus', { name: c.name, percent: String(c.percent ?? 0) })
                : ct('coinBack', { name: c.name, multiplier: String(c.multiplier ?? 0) })}
            </strong>
            <small className="campaign-banner__until">{ct('until', { end: formatShopDateTime(c.ends_at, lang) })}</small>
          </li>
        ))}
      </ul>
      {link && (
        <Link to="/buy-point" className="btn btn--gold campaign-banner__link">
          {ct('toBuy')}
        </Link>
      )}
    </aside>
  );
}
