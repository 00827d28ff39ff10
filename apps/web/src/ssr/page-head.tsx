import type { Lang } from '@oripa/contract/states';
import type { PageMeta } from '@/lib/page-meta.ts';

interface PageHeadProps {
  meta: Required<Pick<PageMeta, 'title' | 'description'>> & Pick<PageMeta, 'image'>;
  /** The page's canonical address, absolute. */
  canonical: string;
  origin: string;
  lang: Lang;
}

/**
 * The head of a server-rendered page: title, description, canonical address, Open Graph and the
 * X (Twitter) card, with the page's image when it has one (decision 032). Rendered by React, so
 * every value is escaped by React.
 */
export function PageHead({ meta, canonical, origin, lang }: PageHeadProps) {
  const image = meta.image ? new URL(meta.image, origin).href : undefined;
  return (
    <>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      <link rel="canonical" href={canonical} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="ORIPA" />
      <meta property="og:locale" content={lang === 'en' ? 'en_US' : 'ja_JP'} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={canonical} />
      {image && <meta property="og:image" content={image} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={meta.description} />
      {image && <meta name="twitter:image" content={image} />}
    </>
  );
}

/** The address a page is known by: its path and the one parameter that names its content. */
export function canonicalUrl(url: URL, origin: string): string {
  const canonical = new URL(url.pathname, origin);
  for (const name of ['packId', 'code']) {
    const value = url.searchParams.get(name);
    if (value) canonical.searchParams.set(name, value);
  }
  return canonical.href;
}
