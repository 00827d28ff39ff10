import { useEffect, useRef, type ComponentType } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';

/**
 * Gives a page that brings its own heading (the legal pages) the shop's page column, and names
 * the browser tab after that heading once it is rendered.
 */
export function hostedPage(Page: ComponentType): ComponentType {
  function HostedPage() {
    const { t } = useTranslation();
    const ref = useRef<HTMLDivElement>(null);
    const brand = t('brand.name');

    useEffect(() => {
      const element = ref.current;
      if (!element) return undefined;
      const name = () => {
        const heading = element.querySelector('h1')?.textContent?.trim();
        if (heading) document.title = `${heading} | ${brand}`;
      };
      name();
      const observer = new MutationObserver(name);
      observer.observe(element, { childList: true, subtree: true, characterData: true });
      return () => observer.disconnect();
    }, [brand]);

    return (
      <div ref={ref} className="container page page--legal">
        <Page />
      </div>
    );
  }
  return HostedPage;
}
