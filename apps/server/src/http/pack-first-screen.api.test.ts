import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packs } from '../db/schema/catalog.ts';
import { sessions } from '../db/schema/sessions.ts';
import { createTestMember, signIn } from '../testing/members.ts';
import { createTestPack } from '../testing/test-pack.ts';
import { openTestShop, type TestShop } from '../testing/test-app.ts';

// A web build as Vite writes it, small: index.html naming its entry, a preload and a stylesheet,
// and the manifest the server reads the pack page's chunks and styles from.
const INDEX_HTML = `<!doctype html>
<html lang="ja">
  <head>
    <title>ORIPA | オンラインオリパ・カードガチャ</title>
    <script type="module" crossorigin src="/assets/index-AAAA.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-BBBB.js">
    <link rel="stylesheet" crossorigin href="/assets/index-CCCC.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const MANIFEST = {
  'index.html': { file: 'assets/index-AAAA.js', isEntry: true, imports: ['_vendor'], css: ['assets/index-CCCC.css'] },
  _vendor: { file: 'assets/vendor-BBBB.js' },
  'src/features/catalog/pack-detail-page.tsx': { file: 'assets/pack-detail-page-DDDD.js', imports: ['_vendor'], css: ['assets/pack-EEEE.css'] },
  'src/features/catalog/top-page.tsx': { file: 'assets/top-page-FFFF.js', imports: ['_vendor'] },
};

let shop: TestShop;
let webDist: string;
let onSale: number;

function writeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-first-screen-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.writeFileSync(path.join(dir, 'assets', 'index-CCCC.css'), '.site-header{color:red}');
  fs.writeFileSync(path.join(dir, 'assets', 'pack-EEEE.css'), '.pack-detail{color:blue}');
  for (const file of ['index-AAAA.js', 'vendor-BBBB.js', 'pack-detail-page-DDDD.js', 'top-page-FFFF.js']) {
    fs.writeFileSync(path.join(dir, 'assets', file), 'export {};');
  }
  return dir;
}

beforeAll(async () => {
  webDist = writeWebDist();
  shop = await openTestShop({ WEB_DIST: webDist });
  onSale = await createTestPack(shop.database.db, { point: 1500 });
});

afterAll(async () => {
  await shop?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The pack page as a browser with `client`'s cookies gets it. */
async function packPage(id: number | string, set?: (client: ReturnType<TestShop['client']>) => void | Promise<void>) {
  const client = shop.client();
  await set?.(client);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await shop.app.inject({ method: 'GET', url: `/pack-detail?packId=${id}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/html');
  return response.body;
}

/** The boot JSON the page hands the app, or undefined. */
function bootOf(html: string): { key: string; pack: { id: number; name: string; member_remaining: number | null } } | undefined {
  const json = /<script type="application\/json" id="boot-pack">(.*?)<\/script>/s.exec(html)?.[1];
  return json ? JSON.parse(json) : undefined;
}

describe('the pack page’s server-drawn first screen', () => {
  it('draws name, image, price, remaining and the spin button, and hands the app the API’s answer', async () => {
    const html = await packPage(onSale);
    const api = (await shop.client().get(`/user/pack/detail/${onSale}`)).body.pack;
    expect(bootOf(html)).toEqual({ key: String(onSale), pack: api, member: false });
    const screen = html.slice(html.indexOf('<div id="first-screen"'), html.indexOf('<div id="root">'));
    expect(screen).toContain('<h1 class="pack-detail__name">テストパック</h1>');
    expect(screen).toContain('<span class="price-tag__amount">1,500</span>');
    expect(screen).toContain('残り 100 / 100');
    expect(screen).toContain('ガチャを回す');
    expect(screen).toContain('ガチャを回すにはログインが必要です。');
    expect(html).toContain('<title>テストパック | ORIPA</title>');
  });

  it('inlines the styles and starts the app after the first paint instead of with the page', async () => {
    const html = await packPage(onSale);
    expect(html).toContain('<style>.site-header{color:red}\n.pack-detail{color:blue}</style>');
    // The stylesheets stay named (never fetched: disabled) so the app's chunk loader skips them.
    expect(html).toContain('<link rel="stylesheet" href="/assets/index-CCCC.css" disabled>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/pack-EEEE.css" disabled>');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain(
      '<script src="/start-app.js" async data-entry="/assets/index-AAAA.js" data-preload="/assets/vendor-BBBB.js /assets/pack-detail-page-DDDD.js"></script>',
    );
  });

  it('follows the language cookie', async () => {
    const id = await createTestPack(shop.database.db);
    await shop.database.db.update(packs).set({ nameEn: 'English pack' }).where(eq(packs.id, id));
    const html = await packPage(id, (client) => client.setLang('en'));
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1 class="pack-detail__name">English pack</h1>');
    expect(html).toContain('Spin the gacha');
    expect(html).toContain('100 / 100 left');
    expect(html).not.toContain('ガチャを回す');
  });

  it('escapes a name with markup in the screen, the title and the boot JSON', async () => {
    const id = await createTestPack(shop.database.db);
    const name = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    await shop.database.db.update(packs).set({ name }).where(eq(packs.id, id));
    const html = await packPage(id);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&#60;/script&#62;&#60;script&#62;alert(1)');
    // The JSON block holds no "<": nothing in it can close the element; it still reads back the same.
    const json = /id="boot-pack">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(bootOf(html)?.pack.name).toBe(name);
  });

  it('leaves unknown, malformed and hidden packs to the app (no screen, no data)', async () => {
    const hidden = await createTestPack(shop.database.db);
    await shop.database.db.update(packs).set({ published: false }).where(eq(packs.id, hidden));
    const ended = await createTestPack(shop.database.db, { endAt: new Date(Date.now() - 1000) });
    for (const id of [hidden, ended, 99_999_999, 'abc', '0', '1e3', '']) {
      const html = await packPage(id);
      expect(html, String(id)).not.toContain('id="first-screen"');
      expect(bootOf(html), String(id)).toBeUndefined();
      expect(html, String(id)).toContain('<script type="module" crossorigin src="/assets/index-AAAA.js">');
    }
  });

  it('shows a sold-out pack as sold out, with nothing to choose', async () => {
    const id = await createTestPack(shop.database.db, { drawnCount: 100 });
    const html = await packPage(id);
    expect(html).toContain('<span class="sold-out sold-out--large" aria-hidden="true">SOLD OUT</span>');
    expect(html).toContain('<button type="button" class="btn btn--spin" disabled>SOLD OUT</button>');
    expect(html).toContain('このパックは完売しました。');
    expect(html).not.toContain('quick-counts');
    expect(html).not.toContain('count-stepper');
  });

  it('leaves an upcoming pack’s countdown and panel to the app', async () => {
    const id = await createTestPack(shop.database.db, { startAt: new Date(Date.now() + 86_400_000) });
    const html = await packPage(id);
    expect(html).toContain('<span class="badge badge--upcoming">販売予定</span>');
    expect(html).not.toContain('purchase-panel');
    expect(bootOf(html)?.pack.id).toBe(id);
  });

  it('shows a member what they may still buy of a limited pack and notes the pack in their session, as the API does', async () => {
    const id = await createTestPack(shop.database.db, { limitPerMember: 3 });
    const member = await createTestMember(shop.database.db);
    const html = await packPage(id, (client) => signIn(shop.database.db, client, member));
    expect(bootOf(html)?.pack.member_remaining).toBe(3);
    expect(html).toContain('あなたはこのパックをあと3回購入できます');
    expect(html).toContain('お一人様の購入上限があります。');
    expect(html).not.toContain('ガチャを回すにはログインが必要です。');
    const [row] = await shop.database.db.select().from(sessions).where(eq(sessions.userId, member));
    expect(row?.data).toMatchObject({ packId: id });
  });
});
