import { lotEconomics, type PackAdmin } from '@oripa/contract/admin-catalog';
import { ACTION_TYPE, PAYMENT_METHOD } from '@oripa/contract/constants';
import { STATE } from '@oripa/contract/states';
import { and, eq, sql } from 'drizzle-orm';
import { openSeed } from './seed-seal.ts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { auditLog } from '../../db/schema/admin.ts';
import { hostileString, hostileValue, pathSegment, percentEncode } from '../../http/fuzz/hostile-values.ts';
import { packs } from '../../db/schema/catalog.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';
import { MAX_IMAGE_BYTES } from '../media/upload.ts';

/** The console's catalogue (issue 12 item 2): card types, packs, lineups, sale actions, images. */

let cardTypeId: number;
const t = useConsoleShop('owner', 'staff', 'support');
const { db } = t;

/** The smallest valid PNG: its 8-byte signature and an IHDR chunk start. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

beforeAll(async () => {
  const res = await t.staff.post('/admin/card_types/save', { name: `テスト種別${Date.now()}`, name_en: 'Test type', sort: 3 });
  expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
  cardTypeId = (res.body.card_type as { id: number }).id;
});

const lineup = [
  { name: 'シークレットレア', rarity: 7, count: 1, buy_point: 30000, model_number: 'SEC-001' },
  { name: 'レア', rarity: 3, count: 9, buy_point: 500 },
  { name: 'ノーマル', rarity: 1, count: 90, buy_point: 50 },
];

const packInput = (values: Record<string, unknown> = {}) => ({
  name: 'コンソールのパック',
  card_type_id: cardTypeId,
  point: 1000,
  payment_method: PAYMENT_METHOD.points,
  start_at: new Date(Date.now() + 86_400_000).toISOString(),
  end_at: null,
  max_buy_count: 10,
  limit_per_member: 0,
  limit_message: '',
  show_cardlist: true,
  movie_style: 2,
  images: [],
  detail: '<p>説明</p>',
  sort: 1,
  published: false,
  lineup,
  ...values,
});

async function createPack(values: Record<string, unknown> = {}): Promise<PackAdmin> {
  const res = await t.staff.post('/admin/packs/create', packInput(values));
  expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
  return res.body.pack as PackAdmin;
}

/** The pack's own fields as the editor sends them back, with its lineup as stored. */
function updateOf(pack: PackAdmin, values: Record<string, unknown> = {}) {
  const { state: _s, total: _t, drawn: _d, seed_hash: _h, committed_at: _c, lineup: stored, ...terms } = pack;
  return {
    ...terms,
    lineup: stored.map(({ kind: _k, at: _a, every: _e, ...p }) => p),
    ...values,
  };
}

describe('console catalogue: who may', () => {
  const calls: [string, 'get' | 'post', string, unknown][] = [
    ['card types', 'get', '/admin/card_types', undefined],
    ['save card type', 'post', '/admin/card_types/save', { name: 'x' }],
    ['packs', 'get', '/admin/packs', undefined],
    ['pack', 'get', '/admin/packs/1', undefined],
    ['create', 'post', '/admin/packs/create', {}],
    ['update', 'post', '/admin/packs/update', {}],
    ['sale', 'post', '/admin/packs/sale', { id: 1, action: 'publish' }],
    ['preview', 'post', '/admin/packs/preview', { detail: '' }],
  ];

  it('refuses visitors and members (401) and support (4030); owner and staff may', async () => {
    const visitor = t.shop.client();
    const member = t.shop.client();
    await signIn(db(), member, await createTestMember(db()));
    for (const [, method, path, payload] of calls) {
      const ask = (c: TestClient) => (method === 'get' ? c.get(path) : c.post(path, payload));
      expect((await ask(visitor)).body.state, path).toBe(STATE.loginRequired);
      expect((await ask(member)).body.state, path).toBe(STATE.loginRequired);
      expect((await ask(t.support)).body.state, path).toBe(STATE.forbidden);
    }
    expect((await t.owner.get('/admin/card_types')).body.state).toBe(STATE.ok);
    expect((await t.staff.get('/admin/packs')).body.state).toBe(STATE.ok);
  });

  it('refuses uploads from visitors, members and support before reading the file', async () => {
    const visitor = t.shop.client();
    await visitor.get('/admin/me');
    expect((await visitor.upload('/admin/media/image', { bytes: PNG, name: 'a.png' })).body.state).toBe(STATE.loginRequired);
    const member = t.shop.client();
    await signIn(db(), member, await createTestMember(db()));
    await member.get('/user/info');
    expect((await member.upload('/admin/media/image', { bytes: PNG, name: 'a.png' })).body.state).toBe(STATE.loginRequired);
    expect((await t.support.upload('/admin/media/image', { bytes: PNG, name: 'a.png' })).body.state).toBe(STATE.forbidden);
  });
});

describe('card types', () => {
  it('creates and edits a card type, audited; names are unique', async () => {
    const name = `種別${Date.now()}`;
    const created = await t.owner.post('/admin/card_types/save', { name, name_en: 'Kind', sort: 5 });
    expect(created.body.state).toBe(STATE.ok);
    const id = (created.body.card_type as { id: number }).id;
    const edited = await t.owner.post('/admin/card_types/save', { id, name: `${name}改`, name_en: 'Kind 2', sort: 6 });
    expect(edited.body.card_type).toMatchObject({ id, name: `${name}改`, name_en: 'Kind 2', sort: 6 });
    const list = (await t.owner.get('/admin/card_types')).body.card_types as { id: number; name_en: string }[];
    expect(list.find((t) => t.id === id)?.name_en).toBe('Kind 2');
    const entries = await db().select().from(auditLog).where(eq(auditLog.target, `card_type:${id}`));
    expect(entries.map((e) => e.action).sort()).toEqual(['card_type.create', 'card_type.update']);

    const taken = await t.owner.post('/admin/card_types/save', { name: `${name}改` });
    expect(taken.body.state).toBe(STATE.validation);
    expect(taken.body.errors.name?.[0]).toBe('この名前のカード種別はすでにあります。');
  });

  it('refuses bad input with field errors in the operator’s language', async () => {
    const res = await t.owner.post('/admin/card_types/save', { name: ' ', sort: -1, id: 'x' });
    expect(res.body.state).toBe(STATE.validation);
    expect(Object.keys(res.body.errors).sort()).toEqual(['id', 'name', 'sort']);
    const missing = await t.owner.post('/admin/card_types/save', { id: 999999, name: 'どこにもない' });
    expect(missing.body.state).toBe(STATE.notFound);
    // A lone surrogate (the hostile-input property found it: its audit row's jsonb refused it,
    // a 500) is refused under the field, in the operator's language.
    const broken = await t.owner.post('/admin/card_types/save', { name: '\ud800', name_en: 'a\udfffb' });
    expect(broken.status).toBe(200);
    expect(broken.body.state).toBe(STATE.validation);
    expect(broken.body.errors.name).toEqual(['使用できない文字（壊れた文字）が含まれています。']);
    expect(broken.body.errors.name_en).toEqual(['使用できない文字（壊れた文字）が含まれています。']);
  });
});

describe('packs: create commits the lot', () => {
  it('creates a pack with its lineup through the pack file’s service, committed and audited', async () => {
    const pack = await createPack();
    expect(pack).toMatchObject({ total: 100, drawn: 0, published: false, state: 'hidden', movie_style: 2, max_buy_count: 10 });
    expect(pack.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(pack.lineup.map((p) => [p.name, p.rarity, p.count])).toEqual(lineup.map((p) => [p.name, p.rarity, p.count]));
    // Prizes without an image get generated art, as in a pack file; the pack gets one too.
    expect(pack.images).toHaveLength(1);
    expect(pack.lineup.every((p) => p.image_url.startsWith('/media/'))).toBe(true);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'pack.create'), eq(auditLog.target, `pack:${pack.id}`)));
    expect(entry?.after).toMatchObject({ total: 100, seed_hash: pack.seed_hash });
    // The economics the editor shows: EV = (30000 + 9×500 + 90×50) / 100 = 390; margin 61%.
    expect(lotEconomics(lineup, 1000)).toEqual({ size: 100, expectedValue: 390, margin: 0.61 });
  });

  it('refuses bad input with a message under each field', async () => {
    const res = await t.staff.post(
      '/admin/packs/create',
      packInput({ name: '', point: 0, payment_method: '3', movie_style: 4, images: ['https://evil.example/x.png'], start_at: 'soon', max_buy_count: 5000 }),
    );
    expect(res.body.state).toBe(STATE.validation);
    expect(Object.keys(res.body.errors).sort()).toEqual(['images', 'max_buy_count', 'movie_style', 'name', 'payment_method', 'point', 'start_at']);
    expect(res.body.errors.images?.[0]).toBe('画像はアップロードした /media/ の画像を指定してください。');

    const lot = await t.staff.post('/admin/packs/create', packInput({ lineup: [{ name: 'x', rarity: 8, count: 0, buy_point: -1 }] }));
    expect(Object.keys(lot.body.errors)).toEqual(['lineup']);
    const empty = await t.staff.post('/admin/packs/create', packInput({ lineup: [] }));
    expect(empty.body.errors.lineup?.[0]).toContain('ラインナップ');

    const terms = await t.staff.post(
      '/admin/packs/create',
      packInput({ end_at: new Date(Date.now() - 1000).toISOString(), limit_per_member: 2, limit_message: '' }),
    );
    expect(Object.keys(terms.body.errors).sort()).toEqual(['end_at', 'limit_message']);

    t.staff.setLang('en');
    const coin = await t.staff.post('/admin/packs/create', packInput({ payment_method: PAYMENT_METHOD.coins }));
    t.staff.setLang('ja');
    expect(coin.body.errors.lineup?.[0]).toBe('Every prize of a coin pack must be ship only.');

    const noType = await t.staff.post('/admin/packs/create', packInput({ card_type_id: 999999 }));
    expect(noType.body.state).toBe(STATE.notFound);
    expect(Object.keys(noType.body.errors)).toEqual(['card_type_id']);
  });

  it('stores English texts (sanitized), which the shop shows in English mode; a prize’s English name stays changeable', async () => {
    const pack = await createPack({
      published: true,
      // The commitment is published now: the sale starts after it (LOT_PUBLISH_LEAD_MS is 0 in tests).
      start_at: new Date(Date.now() + 60_000).toISOString(),
      name_en: 'Console pack',
      detail_en: '<p>Hello<script>alert(1)</script></p>',
      lineup: lineup.map((p, i) => ({ ...p, name_en: i === 0 ? 'Secret rare' : '' })),
    });
    expect(pack).toMatchObject({ name_en: 'Console pack', detail_en: '<p>Hello</p>' });
    const shopper = t.shop.client();
    shopper.setLang('en');
    expect((await shopper.get(`/user/pack/detail/${pack.id}`)).body.pack).toMatchObject({ name: 'Console pack', detail: '<p>Hello</p>' });
    const renamed = updateOf(pack);
    renamed.lineup[1] = { ...renamed.lineup[1]!, name_en: 'Rare' };
    const saved = await t.staff.post('/admin/packs/update', renamed);
    expect(saved.body.state, JSON.stringify(saved.body.errors)).toBe(STATE.ok);
    expect((saved.body.pack as PackAdmin).lineup.map((p) => p.name_en)).toEqual(['Secret rare', 'Rare', '']);
  });

  it('refuses a milestone past the end of the lot', async () => {
    const res = await t.staff.post('/admin/packs/create', packInput({ milestones: [{ name: 'キリ番', rarity: 5, buy_point: 100, at: 101 }] }));
    expect(res.body.state).toBe(STATE.validation);
    expect(Object.keys(res.body.errors)).toEqual(['lineup']);
  });
});

describe('packs: a committed lot cannot change', () => {
  it('refuses any change of the lineup, counts or prizes with pack.committed; conversion terms may change', async () => {
    const pack = await createPack();
    const changedCount = updateOf(pack);
    changedCount.lineup[1] = { ...changedCount.lineup[1]!, count: 10 };
    const refused = await t.staff.post('/admin/packs/update', changedCount);
    expect(refused.body.state).toBe(STATE.conflict);
    expect(refused.body.errors.pack_id?.[0]).toContain('コミット済み');

    const removed = updateOf(pack);
    removed.lineup.pop();
    expect((await t.staff.post('/admin/packs/update', removed)).body.state).toBe(STATE.conflict);
    const renamed = updateOf(pack);
    renamed.lineup[0] = { ...renamed.lineup[0]!, rarity: 6 };
    expect((await t.staff.post('/admin/packs/update', renamed)).body.state).toBe(STATE.conflict);

    const terms = updateOf(pack, { name: '新しい名前', point: 1200, detail: '<p onclick="x()">ok<script>alert(1)</script></p>' });
    terms.lineup[2] = { ...terms.lineup[2]!, buy_point: 60, action_type: ACTION_TYPE.shipOnly };
    const saved = await t.staff.post('/admin/packs/update', terms);
    expect(saved.body.state, JSON.stringify(saved.body.errors)).toBe(STATE.ok);
    const after = saved.body.pack as PackAdmin;
    expect(after).toMatchObject({ name: '新しい名前', point: 1200, detail: '<p>ok</p>', seed_hash: pack.seed_hash, total: 100 });
    expect(after.lineup[2]).toMatchObject({ buy_point: 60, action_type: ACTION_TYPE.shipOnly, count: 90 });
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.action, 'pack.update'), eq(auditLog.target, `pack:${pack.id}`)));
    expect(entries).toHaveLength(1);
  });
});

describe('packs: sale actions', () => {
  it('publishes and stops a sale; a committed sale start never moves; hiding withdraws the lot for good (decision 027)', async () => {
    const pack = await createPack();
    // The sale start is part of the published commitment.
    const moved = await t.staff.post('/admin/packs/sale', { id: pack.id, action: 'schedule', start_at: new Date(Date.now() + 3_600_000).toISOString(), end_at: null });
    expect(moved.body.state).toBe(STATE.conflict);
    expect(moved.body.errors.pack_id?.[0]).toContain('コミット済み');
    expect((await t.staff.post('/admin/packs/sale', { id: pack.id, action: 'publish' })).body.state).toBe(STATE.ok);
    const shopper = t.shop.client();
    expect((await shopper.get(`/user/pack/detail/${pack.id}`)).body.state).toBe(STATE.ok);
    // Hiding withdraws: a withdrawal entry in the log, and the lot never sells again (its seed comes out).
    expect((await t.staff.post('/admin/packs/sale', { id: pack.id, action: 'hide' })).body.pack).toMatchObject({ state: 'hidden' });
    const [withdrawal] = await db().execute(sql`select body from transparency_entries where type = 'withdrawal' and lot_id = ${pack.id}`).then((r) => (r as unknown as { rows: { body: string }[] }).rows);
    expect(JSON.parse(withdrawal?.body ?? '{}')).toEqual({ type: 'withdrawal', lot_id: pack.id, reason: 'hidden' });
    const republished = await t.staff.post('/admin/packs/sale', { id: pack.id, action: 'publish' });
    expect(republished.body.state).toBe(STATE.conflict);
    expect(republished.body.errors.end_at?.[0]).toContain('再び販売');
    const stopped = await t.staff.post('/admin/packs/sale', { id: pack.id, action: 'stop' });
    expect((stopped.body.pack as PackAdmin).state).not.toBe('on_sale');
    const reopened = await t.staff.post('/admin/packs/update', updateOf(stopped.body.pack as PackAdmin, { end_at: null }));
    expect(reopened.body.state).toBe(STATE.conflict);
    const actions = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, `pack:${pack.id}`)).orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual(['pack.create', 'pack.sale.publish', 'pack.sale.hide', 'pack.sale.stop']);
  });

  it("ends a lot's sale by its seed's reveal deadline: no end means the deadline, a later end is refused", async () => {
    const pack = await createPack();
    const [lot] = await queryRows<{ reveal_deadline: string }>(db(), sql`select reveal_deadline from packs where id = ${pack.id}`);
    const deadline = new Date(lot?.reveal_deadline ?? 0);
    expect(new Date(pack.end_at ?? 0).getTime()).toBe(deadline.getTime());
    const later = await t.staff.post('/admin/packs/update', updateOf(pack, { end_at: new Date(deadline.getTime() + 60_000).toISOString() }));
    expect(later.body.state).toBe(STATE.validation);
    expect(later.body.errors.end_at?.[0]).toContain('公開期限');
    const scheduled = await t.staff.post('/admin/packs/sale', { id: pack.id, action: 'schedule', start_at: pack.start_at, end_at: null });
    expect(scheduled.body.state, JSON.stringify(scheduled.body.errors)).toBe(STATE.ok);
    expect(new Date((scheduled.body.pack as PackAdmin).end_at ?? 0).getTime()).toBe(deadline.getTime());
    const earlier = new Date(deadline.getTime() - 86_400_000).toISOString();
    const saved = await t.staff.post('/admin/packs/update', updateOf(scheduled.body.pack as PackAdmin, { end_at: earlier }));
    expect(saved.body.state, JSON.stringify(saved.body.errors)).toBe(STATE.ok);
    expect(new Date((saved.body.pack as PackAdmin).end_at ?? 0).toISOString()).toBe(earlier);
  });

  it('refuses a schedule without a start and an unknown pack', async () => {
    expect((await t.staff.post('/admin/packs/sale', { id: 1, action: 'schedule' })).body.errors).toHaveProperty('start_at');
    expect((await t.staff.post('/admin/packs/sale', { id: 999999, action: 'publish' })).body.state).toBe(STATE.notFound);
    expect((await t.staff.get('/admin/packs/999999')).body.state).toBe(STATE.notFound);
    expect((await t.staff.get('/admin/packs/abc')).body.state).toBe(STATE.validation);
  });
});

describe('packs: the table', () => {
  it('pages, sorts and filters on the server', async () => {
    const tag = `表${Date.now()}`;
    for (const point of [300, 100, 200]) await createPack({ name: `${tag}-${point}`, point });
    const res = await t.staff.get(`/admin/packs?q=${encodeURIComponent(tag)}&sort=point&dir=asc&per=2&page=1`);
    expect(res.body).toMatchObject({ total: 3, page: 1, per: 2 });
    expect((res.body.packs as { point: number }[]).map((p) => p.point)).toEqual([100, 200]);
    const second = await t.staff.get(`/admin/packs?q=${encodeURIComponent(tag)}&sort=point&dir=asc&per=2&page=2`);
    expect((second.body.packs as { point: number }[]).map((p) => p.point)).toEqual([300]);
    const hidden = await t.staff.get(`/admin/packs?q=${encodeURIComponent(tag)}&state=hidden&card_type=${cardTypeId}`);
    expect(hidden.body.total).toBe(3);
    expect((await t.staff.get(`/admin/packs?q=${encodeURIComponent(tag)}&state=on_sale`)).body.total).toBe(0);
    // A literal match: % and _ in the filter are not wildcards.
    expect((await t.staff.get('/admin/packs?q=%25')).body.total).toBe(0);
    const bad = await t.staff.get('/admin/packs?sort=seed_secret&state=x&per=1000');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['per', 'sort', 'state']);
  });

  it('never shows a seed before its reveal, sealed or open', async () => {
    const pack = await createPack();
    const [row] = await db().select({ sealed: packs.seedSealed, plain: packs.seedSecret }).from(packs).where(eq(packs.id, pack.id));
    // v2 keeps no seed in plain text; the sealed one opens only with LOT_SEED_KEY.
    expect(row?.plain).toBe('');
    const seed = openSeed(t.shop.app.ctx.fairness.seedKey, pack.id, row?.sealed as string).toString('hex');
    const answers = JSON.stringify([(await t.staff.get(`/admin/packs/${pack.id}`)).body, (await t.staff.get('/admin/packs?per=100')).body]);
    expect(answers).not.toContain(seed);
    expect(answers).not.toContain(row?.sealed);
  });
});

describe('description preview', () => {
  it('answers the server sanitizer’s result', async () => {
    const res = await t.staff.post('/admin/packs/preview', { detail: '<h2>見出し</h2><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><script>1</script>' });
    expect(res.body.state).toBe(STATE.ok);
    expect(res.body.html).not.toMatch(/script|onerror|javascript/);
    expect(res.body.html).toContain('<h2>見出し</h2>');
  });
});

describe('image uploads', () => {
  it('stores a PNG as media, audited, whatever its name says', async () => {
    const res = await t.staff.upload('/admin/media/image', { bytes: PNG, name: 'card.txt', type: 'text/plain' });
    expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
    const url = res.body.url as string;
    expect(url).toMatch(/^\/media\/upload-[0-9a-f]{12}\.png$/);
    const served = await t.shop.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'media.upload'), eq(auditLog.target, url)));
    expect(entry?.after).toEqual({ type: 'image/png', bytes: PNG.length });
    // The uploaded image can be a pack's and a prize's image.
    const pack = await createPack({ images: [url], lineup: [{ ...lineup[0], image: url }] });
    expect(pack.images).toEqual([url]);
    expect(pack.lineup[0]?.image_url).toBe(url);
  });

  it('refuses other types by their bytes, too large files and a missing file under the file field', async () => {
    const script = await t.staff.upload('/admin/media/image', { bytes: Buffer.from('<svg onload="alert(1)"></svg>'), name: 'x.png', type: 'image/png' });
    expect(script.body.state).toBe(STATE.validation);
    expect(script.body.errors.file?.[0]).toContain('アップロードできません');
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]);
    const large = await t.staff.upload('/admin/media/image', { bytes: big, name: 'big.png', type: 'image/png' });
    expect(large.body.state).toBe(STATE.validation);
    expect(large.body.errors.file?.[0]).toBe('ファイルが大きすぎます（上限 5 MB）。');
    const none = await t.staff.upload('/admin/media/image', null);
    expect(none.body.errors.file?.[0]).toBe('ファイルを選択してください。');
  });

  it('refuses an upload without the console’s csrf token', async () => {
    const res = await t.staff.upload('/admin/media/image', { bytes: PNG, name: 'a.png' }, { csrf: null });
    expect(res.body.state).toBe(STATE.csrf);
    const forged = await t.staff.upload('/admin/media/image', { bytes: PNG, name: 'a.png' }, { csrf: 'x.y.z' });
    expect(forged.body.state).toBe(STATE.csrf);
  });
});

describe('hostile input from an operator with the right', () => {
  const PACK_FIELDS = [
    'id', 'name', 'card_type_id', 'point', 'payment_method', 'start_at', 'end_at', 'max_buy_count', 'limit_per_member', 'limit_message',
    'show_cardlist', 'movie_style', 'images', 'detail', 'sort', 'published', 'lineup', 'last_one', 'milestones', 'action', '__proto__',
  ];
  const PRIZE_FIELDS = ['id', 'name', 'image', 'image_url', 'model_number', 'rarity', 'num', 'buy_point', 'action_type', 'count', 'at', 'every'];

  /** Valid payloads with one to three fields (or a prize's fields) swapped for hostile values. */
  const mutated = (base: Record<string, unknown>, known: number[]) =>
    fc
      .tuple(
        fc.dictionary(fc.constantFrom(...PACK_FIELDS), hostileValue(known), { minKeys: 1, maxKeys: 3 }),
        fc.dictionary(fc.constantFrom(...PRIZE_FIELDS), hostileValue(known), { maxKeys: 3 }),
      )
      .map(([pack, prize]) => {
        const lineup = Array.isArray(base.lineup) ? [{ ...(base.lineup[0] as object), ...prize }, ...base.lineup.slice(1)] : undefined;
        return { ...base, ...(lineup ? { lineup } : {}), ...pack };
      });

  it('never answers a 5xx or breaks the envelope, and every lot still adds up', async () => {
    const pack = await createPack();
    const known = [pack.id, cardTypeId, ...pack.lineup.map((p) => p.id)];
    const calls: [string, Record<string, unknown>][] = [
      ['/admin/packs/create', packInput()],
      ['/admin/packs/update', updateOf(pack)],
      ['/admin/packs/sale', { id: pack.id, action: 'schedule', start_at: new Date().toISOString() }],
      ['/admin/card_types/save', { id: cardTypeId, name: 'x', name_en: '', sort: 0 }],
      ['/admin/packs/preview', { detail: '<p>x</p>' }],
    ];
    for (const [path, base] of calls) {
      await fc.assert(
        fc.asyncProperty(mutated(base, known), async (payload) => {
          const res = await t.staff.post(path, payload);
          expect(res.status, path).toBe(200);
          expect(res.body.state, `${path} ${JSON.stringify(res.body.errors)}`).not.toBe(STATE.server);
        }),
        { numRuns: 25 },
      );
    }
    await fc.assert(
      fc.asyncProperty(pathSegment(known), fc.array(fc.tuple(fc.constantFrom('page', 'per', 'sort', 'dir', 'q', 'card_type', 'state'), hostileString), { maxLength: 4 }), async (segment, pairs) => {
        expect((await t.staff.get(`/admin/packs/${segment}`)).body.state).not.toBe(STATE.server);
        const query = pairs.map(([k, v]) => `${k}=${percentEncode(v)}`).join('&');
        expect((await t.staff.get(`/admin/packs?${query}`)).body.state).not.toBe(STATE.server);
      }),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 64 }), hostileString, async (bytes, name) => {
        const res = await t.staff.upload('/admin/media/image', { bytes: Buffer.from(bytes), name: name.replace(/["\r\n]/g, '') });
        expect([STATE.validation, STATE.ok]).toContain(res.body.state);
      }),
      { numRuns: 20 },
    );
    // No lineup changed: every committed lot still adds up to its size.
    const sizes = await queryRows<{ id: number; total: number; sum: number }>(
      db(),
      sql`select p.id, p.total_pack_count as total, coalesce(sum(z.count) filter (where z.kind = 'lot'), 0)::int as sum from packs p left join pack_prizes z on z.pack_id = p.id group by p.id`,
    );
    for (const row of sizes) expect(row.sum, `pack ${row.id}`).toBe(row.total);
  });
});

describe('10,000 packs', () => {
  it('a filtered, sorted page answers fast (SQL paging)', async () => {
    const [template] = await db().select().from(packs).limit(1);
    if (!template) throw new Error('no pack to copy');
    const { id: _id, createdAt: _c, committedAt: _k, ...values } = template;
    // On sale since a minute ago (a committed lot's start never moves, so the copies set theirs).
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ ...values, startAt: new Date(Date.now() - 60_000), name: `大量${i}`, point: 100 + (i % 900), sort: i % 50, published: i % 3 !== 0 }));
    for (let i = 0; i < rows.length; i += 1000) await db().insert(packs).values(rows.slice(i, i + 1000));
    const timings: number[] = [];
    for (const query of ['sort=point&dir=desc&per=100&page=37', `q=${encodeURIComponent('大量99')}&state=hidden`, 'sort=remaining&dir=asc&state=on_sale&page=50']) {
      const started = performance.now();
      const res = await t.staff.get(`/admin/packs?${query}`);
      timings.push(performance.now() - started);
      expect(res.body.state).toBe(STATE.ok);
      expect((res.body.total as number) > 0).toBe(true);
    }
    const page = await t.staff.get('/admin/packs?sort=point&dir=desc&per=100&page=1');
    const prices = (page.body.packs as { point: number }[]).map((p) => p.point);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    console.info(`10,000 packs: pages answered in ${timings.map((t) => t.toFixed(0)).join(', ')} ms`);
    for (const t of timings) expect(t).toBeLessThan(1500);
    // Writing the 10,000 rows takes 2–3 s alone and passed 30 s on a machine also running browser
    // tests; the pages' own times are what this test judges.
  }, 120_000);
});
