import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { largestPicture, PageHead } from './page-head.tsx';

const meta = { title: 'T', description: 'D' };

describe("the server-rendered head's largest picture", () => {
  it('is the picture the page marks fetchpriority="high", as React writes it', () => {
    const root = renderToStaticMarkup(
      <main>
        <img src="/media/icon.svg" alt="" />
        <img src={"/media/banner-1.svg?v=1&w=2"} alt="" fetchPriority="high" />
        <img src="/media/banner-2.svg" alt="" fetchPriority="auto" />
      </main>,
    );
    expect(largestPicture(root, '/media/share.png')).toBe('/media/banner-1.svg?v=1&w=2');
  });

  it("else the page's share picture when the page shows it, else none", () => {
    const root = renderToStaticMarkup(
      <main>
        <img src="/media/icon.svg" alt="" />
        <img src="/media/pack 1.svg" alt="a pack" />
      </main>,
    );
    expect(largestPicture(root, '/media/pack 1.svg')).toBe('/media/pack 1.svg');
    expect(largestPicture(root, '/media/elsewhere.svg')).toBeUndefined();
    expect(largestPicture(root, undefined)).toBeUndefined();
  });

  it('is preloaded at high priority in the head, which src/boot.ts waits for', () => {
    const head = renderToStaticMarkup(<PageHead meta={meta} canonical="https://shop.example/" origin="https://shop.example" lang="ja" picture="/media/p.svg" />);
    expect(head).toMatch(/^<link rel="preload" as="image" href="\/media\/p.svg" fetchPriority="high"\/>/);
    const none = renderToStaticMarkup(<PageHead meta={meta} canonical="https://shop.example/" origin="https://shop.example" lang="ja" />);
    expect(none).not.toContain('preload');
  });
});
