import * as api from '@oripa/contract/api-paths';
import { shareCodeSchema } from '@oripa/contract/trust';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { ApiFailure, getOk } from '@/lib/api-query.ts';
import { formatShopDateTime } from '@/lib/dates.ts';
import { useDocumentTitle } from '@/lib/document-title.ts';
import { usePageMeta } from '@/lib/page-meta.ts';
import { currentLang } from '@/lib/i18n.ts';
import { packDetailPath } from '@/lib/pack-purchase.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import './share.css';
import { langOf } from '@/lib/text-lang.ts';

/** /share?code=: a member's shared win, public: the card and its pack only, never who won it. */
export function SharePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('trust.share.title'));
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  // The purchase's random code (32 hex digits); anything else is not asked of the server.
  const valid = shareCodeSchema.safeParse(code).success;
  const win = useQuery({
    queryKey: ['share', code],
    queryFn: () => getOk(api.share, { params: { code } }),
    enabled: valid,
    retry: false,
    staleTime: 60_000,
  });

  const shared = win.data?.card;
  // The share card of the page (X, LINE): the won card's picture and names, rendered on the server.
  usePageMeta(shared ? { title: `${shared.name} — ${t('trust.share.title')} | ${t('brand.name')}`, description: t('trust.share.pack', { name: shared.pack_name }), image: shared.image_url } : {});
  let content;
  // The server answers an unknown code with an error state; only a failed request is worth a retry.
  if (!valid || (win.isError && win.error instanceof ApiFailure)) content = <p className="share-page__none">{t('trust.share.notFound')}</p>;
  else if (win.isError) content = <QueryFailure onRetry={() => void win.refetch()} />;
  else if (!win.data) content = <PageSpinner />;
  else {
    const { card } = win.data;
    content = (
      <figure className="share-card" data-testid="shared-card">
        <img src={card.image_url} alt={card.name} className="share-card__image" />
        <figcaption className="share-card__body">
          <span className="share-card__rarity">{card.rarity_label}</span>
          <strong className="share-card__name" lang={langOf(card.name)}>{card.name}</strong>
          <span className="share-card__pack">{t('trust.share.pack', { name: card.pack_name })}</span>
          <span className="share-card__date">{t('trust.share.won', { date: formatShopDateTime(card.created, currentLang()) })}</span>
          <Link to={packDetailPath(card.pack_id)} className="btn btn--spin share-card__to-pack">
            {t('trust.share.toPack')}
          </Link>
        </figcaption>
      </figure>
    );
  }

  return (
    <article className="container page share-page">
      <h1 className="section-title">{t('trust.share.title')}</h1>
      <p className="share-page__lead">{t('trust.share.lead')}</p>
      {content}
    </article>
  );
}
