import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The JavaScript budget of the built shop (issue 15 item 8, decision 015). Reads the build's
 * manifest (WEB_DIST, else apps/web/dist) and sums, gzip -9, what a page must load before it
 * can render: the entry and everything it imports statically, plus a route's chunk and its
 * static imports. Fails when that grows past the ceiling, so growth is a decision, not drift.
 *
 * The shop runs on React DOM again (decision 032, superseding Preact of decision 024): the entry
 * measures 151.4 kB (152.6 with the boot entry of decision 035), the top page adds 7.3 and the
 * pack page 11.2; each ceiling is that plus a
 * little, so growth is seen. Decision 048 raised the entry's to 155.5 kB and the pack page's to
 * 12.8 kB (English catalogue names marked lang="ja", the buy button's plain words), after moving
 * the receipts' and the responsible-play page's texts out of the entry. The pages are rendered on the server, so this JavaScript makes them
 * work, not appear. 155.9 since issue 28's first points (decisions 055–057): the free-point words of
 * the point history and my page and the new calls' paths (+0.4 kB), after moving the LINE screens'
 * texts and the login-bonus notice out of the entry (they had added 1.3 kB). The top page's 8.8
 * since decision 060 (campaigns): its banner's chunk is loaded after hydration, but the dynamic
 * import's list of that chunk's files (hashed names, which gzip cannot shrink) is in the top
 * page's chunk (+0.3 kB; the entry does not grow). 156.4 since decision 069: the boot entry and
 * the app share yieldToMain, a chunk of its own, the refresh after hydration skips what was asked
 * again (+0.4 kB), and the shop's mark is drawn inline instead of as an SVG picture, a document the
 * browser built on the main thread (+0.3 kB). 154.3 since decision 070: the components' texts hook
 * is the shop's own and react-i18next is gone (-2.2 kB). 154.5 since decision 071: hydration in a
 * transition and the hydrated flag's own store, which tells each reader in a task of its own
 * (+0.2 kB). Decision 072's production build of React Router measures 0.6 kB less. 150.6 since
 * decision 073: the start-up's modules in two chunks, the libraries' and the shop's, instead of
 * two dozen (150.4, the pages' extras 8.4 and 12.4: fewer import lines and file wrappers).
 */
const ENTRY_CEILING_KB = 150.6;
const ROUTE_EXTRA_CEILING_KB = { 'src/features/catalog/top-page.tsx': 8.6, 'src/features/catalog/pack-detail-page.tsx': 12.6 } as const;

const dist = process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

function closure(manifest: Record<string, Chunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(manifest, next, seen);
  return seen;
}

const gzKb = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

/**
 * React Router in its production build (decisions 072, 074): its own error for a navigation
 * outside a router is there, a warning only its development build makes is not.
 */
function expectProductionRouter(code: string): void {
  expect(code).toContain('useNavigate() may be used only in the context of a <Router> component.');
  expect(code).not.toContain('You rendered descendant <Routes>');
}

function modulesOf(manifest: Record<string, Chunk>, keys: Set<string>): string {
  return [...keys].map((k) => fs.readFileSync(path.join(dist, manifest[k]!.file), 'utf8')).join('\n');
}

describe.skipIf(!fs.existsSync(manifestFile))('the shop’s JavaScript budget', () => {
  const manifest = JSON.parse(fs.existsSync(manifestFile) ? fs.readFileSync(manifestFile, 'utf8') : '{}') as Record<string, Chunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'))!;
  // index.html's entry (src/boot.ts) imports the app (src/main.tsx) once a server-rendered page
  // has painted (decision 035): the two together are what every page loads before it works.
  const entry = closure(manifest, 'src/main.tsx', closure(manifest, entryKey));
  const entryKb = [...entry].reduce((sum, k) => sum + gzKb(manifest[k]!.file), 0);

  it(`keeps the entry's JavaScript at or under ${ENTRY_CEILING_KB} kB gzip`, () => {
    console.log(`entry JS: ${entryKb.toFixed(1)} kB gzip (${entry.size} chunks)`);
    expect(entryKb).toBeLessThanOrEqual(ENTRY_CEILING_KB);
  });

  it.each(Object.entries(ROUTE_EXTRA_CEILING_KB))('keeps what %s adds to the entry under its ceiling', (route, ceiling) => {
    expect(manifest[route], route).toBeDefined();
    const extra = [...closure(manifest, route)].filter((k) => !entry.has(k));
    const kb = extra.reduce((sum, k) => sum + gzKb(manifest[k]!.file), 0);
    console.log(`${route}: +${kb.toFixed(1)} kB gzip`);
    expect(kb).toBeLessThanOrEqual(ceiling);
  });

  it('loads React DOM, but neither zod, nor the English texts, nor the operator console before the first render', () => {
    const pack = closure(manifest, 'src/features/catalog/pack-detail-page.tsx');
    const top = closure(manifest, 'src/features/catalog/top-page.tsx');
    const code = modulesOf(manifest, new Set([...entry, ...pack, ...top]));
    // React DOM's key on the root element (the shop hydrates with React DOM), zod's own error
    // text and the English catalogue's title text.
    expect(code).toContain('__reactContainer');
    expect(code).not.toContain('Invalid input: expected');
    expect(code).not.toContain('Final confirmation of your order');
    expect([...entry, ...pack, ...top].some((k) => k.includes('features/admin'))).toBe(false);
  });

  it("takes React Router's production build, not the development build its package exports", () => {
    const code = modulesOf(manifest, new Set([...entry, ...closure(manifest, 'src/features/catalog/top-page.tsx')]));
    expectProductionRouter(code);
    expect(code).not.toContain('Hey developer');
  });

  it("renders the public pages on the server with React Router's production build too", () => {
    // The server renderer bundles the router (decision 074) rather than loading the package's export.
    const ssrDir = path.join(dist, '.ssr');
    const files = fs.readdirSync(ssrDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    const code = files.map((f) => fs.readFileSync(path.join(ssrDir, f), 'utf8')).join('\n');
    expectProductionRouter(code);
    expect(code).not.toMatch(/from ["']react-router["']/);
  });
});
