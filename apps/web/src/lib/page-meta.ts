import { createContext, useContext } from 'react';

/** What a page says about itself to search engines and share cards (decision 032). */
export interface PageMeta {
  /** The whole title, brand included. */
  title?: string;
  description?: string;
  /** An image of the page (a pack's picture, a shared card): a large share card. */
  image?: string;
}

/**
 * Filled while the server renders a page (ssr/page-head.tsx writes it into the head); absent in
 * the browser, where the page title is set by useDocumentTitle's effect.
 */
export const PageMetaSink = createContext<{ record(meta: PageMeta): void } | null>(null);

/** Records the page's title, description or image for the server-rendered head. */
export function usePageMeta(meta: PageMeta): void {
  const sink = useContext(PageMetaSink);
  if (!sink) return;
  sink.record(Object.fromEntries(Object.entries(meta).filter(([, value]) => value)));
}
