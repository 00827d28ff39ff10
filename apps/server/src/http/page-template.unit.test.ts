import { createHash } from 'node:crypto';
import { PAGE_MODULES_ID } from '@oripa/contract/public-pages';
import { describe, expect, it } from 'vitest';
import { APP_MODULE, pageTemplate, withStyleSource, type Manifest } from './page-template.ts';

/** index.html as Vite builds it: the boot entry and its helper preload. */
const INDEX = `<!doctype html><html lang="ja"><head><meta charset="UTF-8" />
<meta name="description" content="fixed" /><title>ORIPA</title>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/preload-helper-1.js">
</head><body><div id="root"></div></body></html>`;

/** The app and two routes, sharing a chunk; the app and the pack page carry styles. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_preload-helper-1.js'] },
  '_preload-helper-1.js': { file: 'assets/preload-helper-1.js' },
  [APP_MODULE]: { file: 'assets/main-1.js', imports: ['_react-1.js', '_preload-helper-1.js'], css: ['assets/main-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_shared-1.js': { file: 'assets/shared-1.js', imports: ['_react-1.js'], css: ['assets/shared-1.css'] },
  'src/pack.tsx': { file: 'assets/pack-1.js', imports: ['_shared-1.js'], css: ['assets/pack-1.css'] },
  'src/top.tsx': { file: 'assets/top-1.js', imports: ['_shared-1.js'] },
  'src/admin.tsx': { file: 'assets/admin-1.js', css: ['assets/admin-1.css'] },
};
const CSS: Record<string, string> = {
  '/assets/main-1.css': 'body{margin:0}\n',
  '/assets/shared-1.css': '.tile{color:red}',
  '/assets/pack-1.css': '.pack{display:grid}',
  '/assets/admin-1.css': '.admin{}',
};
const readAsset = (href: string) => {
  const css = CSS[href];
  if (css === undefined) throw new Error(`no asset ${href}`);
  return css;
};

const inlineStyle = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
const pageModules = (html: string) =>
  JSON.parse(new RegExp(`<script type="application/json" id="${PAGE_MODULES_ID}">([^<]*)</script>`).exec(html)?.[1] ?? 'null') as unknown;

describe('the frame of a server-rendered page', () => {
  const pack = pageTemplate(INDEX, MANIFEST, ['src/pack.tsx'], readAsset);

  it("inlines the app's and the route's CSS, in cascade order, in one <style> allowed by exactly its SHA-256", () => {
    const css = inlineStyle(pack.html);
    expect(css).toBe('body{margin:0}\n.tile{color:red}\n.pack{display:grid}');
    const hash = createHash('sha256').update(css ?? '', 'utf8').digest('base64');
    expect(pack.styleSource).toBe(`'sha256-${hash}'`);
    expect(pack.html.match(/<style>/g)).toHaveLength(1);
    // Another route's styles are no part of it.
    expect(pack.html).not.toContain('.admin');
  });

  it('links no stylesheet the browser would fetch: each inlined file is named by a disabled link only', () => {
    const links = [...pack.html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
    expect(links).toEqual([
      '<link rel="stylesheet" href="/assets/main-1.css" disabled>',
      '<link rel="stylesheet" href="/assets/shared-1.css" disabled>',
      '<link rel="stylesheet" href="/assets/pack-1.css" disabled>',
    ]);
  });

  it("preloads none of the app's chunks with the page: only the entry loads, and it finds the app's and the route's chunks in a JSON list", () => {
    // index.html's own preload (the boot entry's loading helper) is the only one.
    expect([...pack.html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/assets/preload-helper-1.js']);
    expect([...pack.html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1])).toEqual(['/assets/index-1.js']);
    expect(pageModules(pack.html)).toEqual([
      '/assets/main-1.js',
      '/assets/react-1.js',
      '/assets/preload-helper-1.js',
      '/assets/pack-1.js',
      '/assets/shared-1.js',
    ]);
    const top = pageTemplate(INDEX, MANIFEST, ['src/top.tsx'], readAsset);
    expect(pageModules(top.html)).toEqual(['/assets/main-1.js', '/assets/react-1.js', '/assets/preload-helper-1.js', '/assets/top-1.js', '/assets/shared-1.js']);
  });

  it("drops index.html's fixed title and description (the renderer writes the page's own)", () => {
    expect(pack.html).not.toContain('<title>');
    expect(pack.html).not.toContain('name="description"');
  });

  it('refuses a stylesheet that would close the <style> element early', () => {
    const hostile = (href: string) => (href === '/assets/pack-1.css' ? '.x{}</style><script>alert(1)</script>' : readAsset(href));
    expect(() => pageTemplate(INDEX, MANIFEST, ['src/pack.tsx'], hostile)).toThrow('</style');
  });
});

describe("the page's Content-Security-Policy", () => {
  const policy = "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:";

  it('allows the inline style by its hash in style-src, leaving the rest of the policy and unsafe-inline out', () => {
    const page = withStyleSource(policy, "'sha256-abc='");
    expect(page).toBe("default-src 'self';script-src 'self';style-src 'self' 'sha256-abc=';img-src 'self' data:");
    expect(page).not.toContain('unsafe-inline');
  });
});
