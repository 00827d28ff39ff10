import { useEffect, useRef } from 'react';

/** A style attribute of sanitized HTML (sanitize-html writes every attribute double-quoted). */
const STYLE_ATTRIBUTE = /(<[a-z][a-z0-9]*\b[^>]*?)\sstyle="([^"]*)"/gi;

/**
 * Operator-written HTML the server sanitized when it was saved. Its style attributes (colours,
 * sizes the sanitizer allows) would be refused by the page's CSP, which allows no inline style
 * (decision 032): they travel as data-style and are applied through the DOM's style object,
 * which the CSP permits. The same markup renders on the server and in the browser.
 */
export function RichText({ html, className = 'rich-text' }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const markup = html.replace(STYLE_ATTRIBUTE, '$1 data-style="$2"');
  useEffect(() => {
    for (const element of ref.current?.querySelectorAll<HTMLElement>('[data-style]') ?? []) {
      element.style.cssText = element.dataset.style ?? '';
    }
  }, [markup]);
  return <div ref={ref} className={className} dangerouslySetInnerHTML={{ __html: markup }} />;
}
