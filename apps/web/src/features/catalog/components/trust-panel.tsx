import type { PackTrust } from '@oripa/contract/trust';
import { DRAW_LOG_PAGE_SIZE } from '@oripa/contract/constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatShopDateTime } from '@/lib/dates.ts';
import { formatNumber } from '@/lib/format.ts';
import { currentLang } from '@/lib/i18n.ts';
import { usePackTrust } from '@/lib/pack-trust.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { useDrawLog } from '../api/trust-queries.ts';
import { FairnessFacts } from './fairness-facts.tsx';
import { TrustPending } from './trust-pending.tsx';
import { RecentWins } from './recent-wins.tsx';
import './trust.css';
import { langOf } from '@/lib/text-lang.ts';

const percent = (chance: number) => (Math.round(chance * 10_000) / 100).toFixed(2);

function Commitment({ trust }: { trust: PackTrust }) {
  const { t } = useTranslation();
  const c = trust.commitment;
  return (
    <section className="trust-section" aria-labelledby="trust-commitment" data-testid="trust-commitment">
      <h2 id="trust-commitment" className="section-title">
        {t('trust.commitment.title')}
      </h2>
      <p className="trust-lead">{t('trust.commitment.lead')}</p>
      <dl className="trust-facts">
        <dt>{t('trust.commitment.hash')}</dt>
        <dd className="trust-hash" data-testid="seed-hash">
          {c.seed_hash}
        </dd>
        <dt>{t('trust.commitment.committedAt')}</dt>
        <dd>{formatShopDateTime(c.committed_at, currentLang())}</dd>
        <dt>{t('trust.commitment.seed')}</dt>
        <dd className="trust-hash" data-testid="seed">
          {c.seed || t('trust.commitment.seedHidden')}
        </dd>
      </dl>
      {/* A v2 lot's seed is revealed in its log (trust.fairness), never in the v1 commitment. */}
      {(c.seed || trust.fairness?.seed) && (
        <Link to={`/verify?packId=${c.pack_id}`} className="btn btn--outline" data-testid="verify-link">
          {t('trust.commitment.verify')}
        </Link>
      )}
    </section>
  );
}

function Odds({ trust }: { trust: PackTrust }) {
  const { t } = useTranslation();
  const { odds, commitment } = trust;
  const byId = new Map(odds.prizes.map((p) => [p.prize_id, p]));
  const prizes = [...commitment.lineup].sort((a, b) => b.rarity - a.rarity);
  return (
    <section className="trust-section" aria-labelledby="trust-odds" data-testid="trust-odds">
      <h2 id="trust-odds" className="section-title">
        {t('trust.odds.title')}
      </h2>
      <p className="trust-lead">{t('trust.odds.lead', { left: formatNumber(odds.remaining_total) })}</p>
      <ul className="odds-tiers">
        {/* Tiers rarest first, named 1等, 2等, … by their rank in this lot. */}
        {odds.tiers.map((tier, rank) => (
          <li key={tier.tier} className="odds-tier" data-testid={`odds-tier-${tier.tier}`}>
            <span className="odds-tier__name">{t('trust.tiers.rank', { n: rank + 1 })}</span>
            <span>{t('trust.odds.remaining', { remaining: formatNumber(tier.remaining), initial: formatNumber(tier.initial) })}</span>
            <span className="odds-tier__chance">{t('trust.odds.chance', { percent: percent(tier.chance) })}</span>
          </li>
        ))}
      </ul>
      <p className="odds-expected" data-testid="odds-expected">
        {t('trust.odds.expected', { points: odds.expected_point.toFixed(2) })}
      </p>
      <h3 className="trust-subtitle">{t('trust.odds.prizes')}</h3>
      <ul className="odds-prizes">
        {prizes.map((p) => {
          const o = byId.get(p.prize_id);
          return (
            <li key={p.prize_id} className="odds-prize" data-testid="odds-prize">
              <img src={p.image_url} alt="" className="odds-prize__image" loading="lazy" decoding="async" />
              <span className="odds-prize__name">
                {p.rarity_label} <span lang={langOf(p.name)}>{p.name}</span>
              </span>
              <span>{t('trust.odds.remaining', { remaining: o?.remaining ?? 0, initial: p.count })}</span>
              <span className="odds-tier__chance">{t('trust.odds.chance', { percent: percent(o?.chance ?? 0) })}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Extras({ trust }: { trust: PackTrust }) {
  const { t } = useTranslation();
  const extras = trust.commitment.extras;
  if (extras.length === 0) return null;
  return (
    <section className="trust-section" aria-labelledby="trust-extras" data-testid="trust-extras">
      <h2 id="trust-extras" className="section-title">
        {t('trust.extras.title')}
      </h2>
      <ul className="odds-prizes">
        {extras.map((e) => (
          <li key={e.prize_id} className="odds-prize" data-testid={`extra-${e.kind}`}>
            <img src={e.image_url} alt="" className="odds-prize__image" loading="lazy" decoding="async" />
            <span className="odds-prize__name">
              {e.kind === 'last_one'
                ? t('trust.extras.last_one')
                : e.milestone_every > 0
                  ? t('trust.extras.milestoneEvery', { at: e.milestone_at, every: e.milestone_every })
                  : t('trust.extras.milestone', { at: e.milestone_at })}
              <br />
              {e.rarity_label} <span lang={langOf(e.name)}>{e.name}</span>
            </span>
            <span>{e.remaining === 0 ? t('trust.extras.won') : t('trust.extras.state', { remaining: e.remaining, count: e.count })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DrawHistory({ packId, drawn }: { packId: number; drawn: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useDrawLog(packId, page);
  const pages = Math.max(1, Math.ceil(drawn / DRAW_LOG_PAGE_SIZE));
  const list = log.data?.list ?? [];
  return (
    <section className="trust-section" aria-labelledby="trust-log" data-testid="draw-log">
      <h2 id="trust-log" className="section-title">
        {t('trust.log.title')}
      </h2>
      {list.length === 0 ? (
        <p className="empty-note">{t('trust.log.empty')}</p>
      ) : (
        // A region that scrolls sideways on a phone: keyboard users reach it (axe scrollable-region-focusable).
        <div className="draw-log__scroll" tabIndex={0} role="region" aria-labelledby="trust-log">
          <table className="draw-log">
            <thead>
              <tr>
                <th>{t('trust.log.number')}</th>
                <th>{t('trust.log.card')}</th>
                <th>{t('trust.log.member')}</th>
                <th>{t('trust.log.time')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((d) => (
                <tr key={`${d.draw_number}-${d.kind}-${d.prize_id}`} data-testid="draw-row">
                  <td>{d.draw_number}</td>
                  <td>
                    {d.kind !== 'lot' && <span className="badge badge--upcoming">{t(`trust.log.kind.${d.kind}`)}</span>} {d.rarity_label}{' '}
                    <span lang={langOf(d.name)}>{d.name}</span>
                  </td>
                  <td>{d.member}</td>
                  <td>{formatShopDateTime(d.created, currentLang())}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <div className="draw-log__pager">
          <button type="button" className="btn btn--outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('trust.log.prev')}
          </button>
          <span>
            {page} / {pages}
          </span>
          <button type="button" className="btn btn--outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('trust.log.next')}
          </button>
        </div>
      )}
    </section>
  );
}

/** The pack page's fairness block: commitment, live odds (提供割合), extra prizes, draw history, recent wins. */
export function TrustPanel({ packId }: { packId: number }) {
  const trust = usePackTrust(packId);
  const rest = trust.data !== undefined;
  // While it loads, its room keeps the lineup below it out of sight instead of showing it and
  // pushing it down (a layout shift on tall screens); a panel that fails to load takes none.
  if (!trust.data) return trust.isError ? null : <TrustPending />;
  return (
    <div className="trust-panel">
      <Odds trust={trust.data} />
      <Extras trust={trust.data} />
      {rest ? (
        <>
          <Commitment trust={trust.data} />
          <FairnessFacts trust={trust.data} />
          <RecentWins packId={packId} />
          <DrawHistory packId={packId} drawn={trust.data.commitment.drawn_count} />
        </>
      ) : (
        <TrustPending />
      )}
    </div>
  );
}
