import type { PurchaseResult } from '@oripa/contract/gacha';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation.ts';

/** The public page of a shared win: the card and its pack, never who won it. */
export function sharePagePath(code: string): string {
  return `/share?code=${encodeURIComponent(code)}`;
}

/** An X (Twitter) post with the share page's address; opened by the member's browser, not fetched. */
export function xIntentUrl(text: string, pageUrl: string): string {
  return `https://x.com/intent/tweet?${new URLSearchParams({ text, url: pageUrl }).toString()}`;
}

/**
 * Share the purchase's best card (twitter_code is the purchase's random share code): a link to the
 * public share page and an X post of that page's address. Nothing personal goes with it.
 */
export function ShareWin({ result }: { result: PurchaseResult }) {
  const { t } = useTranslation();
  const code = result.twitter_code;
  // The code is the purchase's (a random code, not a card id); the share page shows its best card.
  const best = result.cards.reduce<(typeof result.cards)[number] | undefined>((top, card) => (!top || card.rarity > top.rarity ? card : top), undefined);
  if (!code || !best) return null;
  const path = sharePagePath(code);
  const pageUrl = new URL(path, window.location.origin).toString();
  return (
    <section className="share-win" data-testid="share-win" aria-label={t('trust.share.link')}>
      <p className="share-win__lead">{t('trust.share.linkLead')}</p>
      <div className="share-win__links">
        <Link to={path} className="btn btn--outline btn--small" data-testid="share-page-link">
          {t('trust.share.openPage')}
        </Link>
        <a
          href={xIntentUrl(t('trust.share.tweet', { card: best.name }), pageUrl)}
          className="btn btn--outline btn--small"
          target="_blank"
          rel="noopener noreferrer"
          data-testid="share-x-link"
        >
          {t('trust.share.toX')}
        </a>
      </div>
    </section>
  );
}
