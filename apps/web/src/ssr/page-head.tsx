import type { Lang } from '@oripa/contract/states';
import type { PageMeta } from '@/lib/page-meta.ts';

interface PageHeadProps {
  meta: Required<Pick<PageMeta, 'title' | 'description'>> & Pick<PageMeta, 'image'>;
  /** The page's canonical address, absolute. */
  canonical: string;
  origin: string;
  lang: Lang;
  /** The page's largest picture (largestPicture), fetched with the page at high priority. */
  picture?: string | undefined;
}

/**
 * The head of a server-rendered page: title, description, canonical address, Open Graph and the
 * X (Twitter) card, with the page's image when it has one (decision 032). Rendered by React, so
 * every value is escaped by React.
 */
export function PageHead({ meta, canonical, origin, lang, picture }: PageHeadProps) {
  const image = meta.image ? new URL(meta.image, origin).href : undefined;
  return (
    <>
      {/* Read by src/boot.ts too: the app starts once this picture is painted (decision 035). */}
      {picture && <link rel="preload" as="image" href={picture} fetchPriority="high" />}
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

/** Attribute values as React writes them into HTML, read back. */
function unescapeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/**
 * The page's largest picture, which its first paint waits for (Lighthouse's LCP): the picture the
 * page itself marks fetchpriority="high" (the top page's first banner), else the page's share
 * picture when the page shows it (a pack's picture on its page, a shared card). The server's
 * HTML is React's, so its <img> tags are read as React writes them.
 */
export function largestPicture(rootHtml: string, shareImage: string | undefined): string | undefined {
  for (const [tag] of rootHtml.matchAll(/<img\b[^>]*>/g)) {
    const src = /\ssrc="([^"]*)"/.exec(tag)?.[1];
    if (src && /\sfetchpriority="high"/i.test(tag)) return unescapeAttribute(src);
  }
  if (!shareImage) return undefined;
  for (const [, src] of rootHtml.matchAll(/<img\b[^>]*\ssrc="([^"]*)"/g)) {
    if (src !== undefined && unescapeAttribute(src) === shareImage) return shareImage;
  }
  return undefined;
}
