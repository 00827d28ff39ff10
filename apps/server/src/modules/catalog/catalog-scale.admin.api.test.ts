import type { PackAdmin } from '@oripa/contract/admin-catalog';
import type { LineupPrize, PackCopy } from '@oripa/contract/admin-catalog-scale';
import { PAYMENT_METHOD } from '@oripa/contract/constants';
import { STATE } from '@oripa/contract/states';
import { and, eq, inArray } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { packs } from '../../db/schema/catalog.ts';
import { media } from '../../db/schema/settings.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';

/** The catalogue at scale (issue 27 point 4, decision 050): lineup files, copies, restocks, bulk sale actions. */

const t = useConsoleShop('owner', 'staff');
const { db } = t;
let cardTypeId: number;

beforeAll(async () => {
  const res = await t.owner.post('/admin/card_types/save', { name: `規模テスト${Date.now()}`, sort: 1 });
  expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
  cardTypeId = (res.body.card_type as { id: number }).id;
});

const packInput = (values: Record<string, unknown> = {}) => ({
  name: '元のパック',
  name_en: 'Original pack',
  card_type_id: cardTypeId,
  point: 1000,
  payment_method: PAYMENT_METHOD.points,
  start_at: new Date(Date.now() + 86_400_000).toISOString(),
  end_at: null,
  max_buy_count: 10,
  movie_style: 2,
  detail: '<p>説明</p>',
  sort: 4,
  published: true,
  lineup: [
    { name: '=シークレット', name_en: 'Secret', rarity: 7, count: 1, buy_point: 30000, cost_yen: 25000, model_number: 'SEC-1' },
    { name: 'レア "A"', rarity: 3, count: 9, buy_point: 500, cost_yen: 300 },
    { name: 'ノーマル', rarity: 1, count: 90, buy_point: 50 },
  ],
  last_one: { name: 'ラストワン', rarity: 6, buy_point: 1000, cost_yen: 800 },
  milestones: [{ name: '50番目', rarity: 5, buy_point: 800, at: 50, every: 0 }],
  ...values,
});

async function createPack(values: Record<string, unknown> = {}): Promise<PackAdmin> {
  const res = await t.staff.post('/admin/packs/create', packInput(values));
  expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
  return res.body.pack as PackAdmin;
}

const base64 = (text: string, encoding: 'utf8' | 'sjis' | 'bom' = 'utf8') =>
  (encoding === 'sjis' ? iconv.encode(text, 'cp932') : Buffer.concat([encoding === 'bom' ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, 'utf8')])).toString('base64');

const HEADER = 'kind,rarity,name,name_en,count,buy_point,cost_yen,image';
const importFile = (text: string, encoding: 'utf8' | 'sjis' | 'bom' = 'utf8', paymentMethod: string = PAYMENT_METHOD.points) =>
  t.staff.post('/admin/packs/lineup_import', { file_base64: base64(text, encoding), payment_method: paymentMethod });

/** What a /media/ URL serves: its type and text, or its file's hash (never its id). */
async function mediaRow(url: string) {
  const [row] = await db()
    .select({ type: media.contentType, body: media.body, sha256: media.sha256, bytes: media.byteSize })
    .from(media)
    .where(eq(media.id, url.slice('/media/'.length)));
  return row;
}

async function auditCount(action: string): Promise<number> {
  return (await db().select().from(auditLog).where(eq(auditLog.action, action))).length;
}

describe('lineup import', () => {
  it('refuses a file with bad lines: every one with its number, in the operator’s language, nothing taken', async () => {
    const before = await auditCount('pack.lineup.import');
    const text = [HEADER, 'lot,7,当たり,,1,30000,25000,', 'lot,9,レアリティ違い,,2,100,,', 'lot,3,,,5,100,,', 'lot,1,はずれ,,90,50,abc,', 'bonus,1,種類違い,,1,1,,'].join('\r\n');
    const res = await importFile(text);
    expect(res.body.state).toBe(STATE.validation);
    expect(res.body.errors.file_base64?.[0]).toBe('ファイルに4件の誤りがあるため、ラインナップを取り込んでいません。');
    const lines = res.body.line_errors as { line: number; reason: string }[];
    expect(lines.map((l) => l.line)).toEqual([3, 4, 5, 6]);
    expect(lines[0]?.reason).toContain('「rarity」');
    expect(lines[1]?.reason).toContain('「name」');
    expect(lines[2]?.reason).toContain('「cost_yen」');
    expect(lines[3]?.reason).toContain('bonus');
    expect(await auditCount('pack.lineup.import')).toBe(before);

    t.staff.setLang('en');
    try {
      const en = await importFile([HEADER, 'lot,3,A,,0,100,,'].join('\n'));
      expect(en.body.errors.file_base64?.[0]).toBe('The file has 1 problems, so the lineup was not imported.');
      expect((en.body.line_errors as { line: number; reason: string }[])[0]).toMatchObject({ line: 2, reason: expect.stringContaining('count:') });
    } finally {
      t.staff.setLang('ja');
    }
  });

  it('refuses a header without the needed columns, a milestone beyond the lot, two last-one prizes, an image that is not stored', async () => {
    const header = await importFile('rarity,name\n1,A\n');
    expect((header.body.line_errors as { line: number; reason: string }[])[0]).toMatchObject({ line: 1, reason: expect.stringContaining('count, buy_point') });
    const whole = await importFile([HEADER + ',at', 'lot,1,A,,10,5,,,0', 'milestone,2,M,,,10,,,11', 'last_one,3,L1,,,10,,,', 'last_one,3,L2,,,10,,,'].join('\n'));
    expect((whole.body.line_errors as { line: number }[]).map((l) => l.line)).toEqual([3, 5]);
    const image = await importFile([HEADER, 'lot,1,A,,10,5,,/media/no-such-image.png'].join('\n'));
    expect(image.body.line_errors).toEqual([{ line: 2, reason: '「image」: 対象が見つかりません。' }]);
    const coins = await importFile([HEADER + ',action_type', 'lot,1,A,,10,5,,,0'].join('\n'), 'utf8', PAYMENT_METHOD.coins);
    expect((coins.body.line_errors as { line: number }[]).map((l) => l.line)).toEqual([2]);
    const empty = await importFile(HEADER + '\n');
    expect(empty.body.errors.file_base64?.[0]).toBe('ファイルに取り込む賞品の行がありません。');
  });

  it('reads a good file (UTF-8 with or without a BOM, Shift_JIS) and audits the import', async () => {
    const before = await auditCount('pack.lineup.import');
    const text = [HEADER, 'lot,7,ＳＥＣ　リザードン,Charizard,1,30000,25000,', ',1,ノーマル①,,99,50,,', 'last_one,6,ラストワン,,,1000,,'].join('\r\n');
    for (const encoding of ['utf8', 'bom', 'sjis'] as const) {
      const res = await importFile(text, encoding);
      expect(res.body.state, `${encoding} ${JSON.stringify(res.body.errors)} ${JSON.stringify(res.body.line_errors)}`).toBe(STATE.ok);
      const lineup = res.body.lineup as LineupPrize[];
      expect(lineup.map((p) => [p.kind, p.name, p.count, p.cost_yen])).toEqual([
        ['lot', 'ＳＥＣ　リザードン', 1, 25000],
        ['lot', 'ノーマル①', 99, null],
        ['last_one', 'ラストワン', 0, null],
      ]);
      expect(lineup[0]?.name_en).toBe('Charizard');
    }
    expect(await auditCount('pack.lineup.import')).toBe(before + 3);
  });

  it('exports a lineup and imports the file back to the same prizes (round trip, both encodings)', async () => {
    const pack = await createPack();
    for (const encoding of ['utf8', 'sjis'] as const) {
      const file = await t.staff.get(`/admin/packs/lineup_file?id=${pack.id}&encoding=${encoding}`);
      expect(file.body.state).toBe(STATE.ok);
      expect(file.body.rows).toBe(5);
      const bytes = Buffer.from(file.body.content_base64 as string, 'base64');
      if (encoding === 'utf8') expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const res = await t.staff.post('/admin/packs/lineup_import', { file_base64: file.body.content_base64 });
      expect(res.body.state, JSON.stringify(res.body.line_errors)).toBe(STATE.ok);
      const back = res.body.lineup as LineupPrize[];
      expect(back.map((p) => ({ kind: p.kind, name: p.name, name_en: p.name_en, rarity: p.rarity, buy_point: p.buy_point, cost_yen: p.cost_yen, image: p.image, at: p.at }))).toEqual(
        pack.lineup.map((p) => ({ kind: p.kind, name: p.name, name_en: p.name_en, rarity: p.rarity, buy_point: p.buy_point, cost_yen: p.cost_yen, image: p.image_url, at: p.at })),
      );
      expect(back.filter((p) => p.kind === 'lot').map((p) => p.count)).toEqual([1, 9, 90]);
    }
    // The round trip makes a pack: the imported lineup is created like one typed by hand.
    const file = await t.staff.get(`/admin/packs/lineup_file?id=${pack.id}`);
    const back = (await t.staff.post('/admin/packs/lineup_import', { file_base64: file.body.content_base64 })).body.lineup as LineupPrize[];
    const terms = ({ kind: _k, count: _c, at: _a, every: _e, ...p }: LineupPrize) => p;
    const made = await createPack({
      lineup: back.filter((p) => p.kind === 'lot').map((p) => ({ ...terms(p), count: p.count })),
      last_one: terms(back.find((p) => p.kind === 'last_one') as LineupPrize),
      milestones: back.filter((p) => p.kind === 'milestone').map((p) => ({ ...terms(p), at: p.at, every: p.every })),
    });
    expect(made.lineup.map((p) => [p.name, p.count, p.cost_yen])).toEqual(pack.lineup.map((p) => [p.name, p.count, p.cost_yen]));
  });

  it('exports only an existing pack', async () => {
    expect((await t.staff.get('/admin/packs/lineup_file?id=999999')).body.state).toBe(STATE.notFound);
  });
});

describe('prize cost', () => {
  it('is stored with a new lot and stays editable once the lot is committed', async () => {
    const pack = await createPack();
    expect(pack.lineup.map((p) => p.cost_yen)).toEqual([25000, 300, null, 800, null]);
    const { state: _s, total: _t, drawn: _d, seed_hash: _h, committed_at: _c, lineup, ...terms } = pack;
    const res = await t.staff.post('/admin/packs/update', {
      ...terms,
      lineup: lineup.map(({ kind: _k, at: _a, every: _e, ...p }) => ({ ...p, cost_yen: p.name === 'ノーマル' ? '20' : p.cost_yen })),
    });
    expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
    expect((res.body.pack as PackAdmin).lineup.map((p) => p.cost_yen)).toEqual([25000, 300, 20, 800, null]);
    const bad = await t.staff.post('/admin/packs/update', { ...terms, lineup: lineup.map(({ kind: _k, at: _a, every: _e, ...p }) => ({ ...p, cost_yen: -1 })) });
    expect(bad.body.state).toBe(STATE.validation);
  });
});

describe('duplicate', () => {
  it('answers the pack as a new draft with its own images, creates nothing, audits', async () => {
    const pack = await createPack();
    const packsBefore = (await db().select({ id: packs.id }).from(packs)).length;
    const res = await t.staff.post('/admin/packs/duplicate', { id: pack.id });
    expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
    const copy = res.body.draft as PackCopy;
    expect(copy.name).toBe('元のパック（コピー）');
    expect(copy.name_en).toBe('Original pack (copy)');
    expect(copy).toMatchObject({ card_type_id: cardTypeId, point: 1000, max_buy_count: 10, movie_style: 2, sort: 4 });
    // Who may buy is carried over too (decision 056); this pack is for everyone.
    expect(copy).toMatchObject({ min_rank_id: null, first_purchase_only: false, sms_verified_only: false, free_daily: false });
    expect(copy.lineup.map((p) => [p.kind, p.name, p.count, p.cost_yen])).toEqual(pack.lineup.map((p) => [p.kind, p.name, p.kind === 'lot' ? p.count : 0, p.cost_yen]));
    // No medium is shared: each copied image is its own row with the same bytes.
    const originals = [...pack.images, ...pack.lineup.map((p) => p.image_url)];
    const copies = [...copy.images, ...copy.lineup.map((p) => p.image)];
    expect(copies).toHaveLength(originals.length);
    for (const [i, url] of copies.entries()) {
      expect(url).not.toBe(originals[i]);
      const [copied, original] = await Promise.all([mediaRow(url), mediaRow(originals[i] as string)]);
      expect(copied).toBeDefined();
      expect(copied).toEqual(original);
    }
    expect((await db().select({ id: packs.id }).from(packs)).length).toBe(packsBefore);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'pack.duplicate'), eq(auditLog.target, `pack:${pack.id}`)));
    expect(entry?.after).toMatchObject({ name: '元のパック（コピー）' });
    expect((await t.staff.post('/admin/packs/duplicate', { id: 999999 })).body.state).toBe(STATE.notFound);
  });
});

describe('restock', () => {
  it('refuses a pack still on sale; makes a new committed lot of an ended one, with a fresh seed, audited', async () => {
    const pack = await createPack({ start_at: new Date(Date.now() + 1000).toISOString(), published: true });
    const early = await t.staff.post('/admin/packs/restock', { id: pack.id });
    expect(early.body.state).toBe(STATE.conflict);
    expect(early.body.errors.id?.[0]).toBe('再入荷できるのは、完売したパックか販売が終了したパックだけです。');

    expect((await t.staff.post('/admin/packs/sale', { id: pack.id, action: 'stop' })).body.state).toBe(STATE.ok);
    const res = await t.staff.post('/admin/packs/restock', { id: pack.id });
    expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
    const lot = res.body.pack as PackAdmin;
    expect(lot.id).not.toBe(pack.id);
    expect(lot.seed_hash).not.toBe(pack.seed_hash);
    expect(lot).toMatchObject({ name: pack.name, point: pack.point, total: pack.total, drawn: 0, published: true });
    expect(lot.lineup.map((p) => [p.kind, p.name, p.count, p.buy_point, p.cost_yen, p.at])).toEqual(pack.lineup.map((p) => [p.kind, p.name, p.count, p.buy_point, p.cost_yen, p.at]));
    expect(lot.lineup.map((p) => p.image_url)).not.toContain(pack.lineup[0]?.image_url);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'pack.restock'), eq(auditLog.target, `pack:${lot.id}`)));
    expect(entry?.after).toMatchObject({ restock_of: pack.id, seed_hash: lot.seed_hash });
    // Its commitment is a new one in the transparency log, like any new lot's.
    const [row] = await db().select({ commitment: packs.commitmentHash }).from(packs).where(eq(packs.id, lot.id));
    const [old] = await db().select({ commitment: packs.commitmentHash }).from(packs).where(eq(packs.id, pack.id));
    expect(row?.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.commitment).not.toBe(old?.commitment);
  });
});

describe('bulk sale actions', () => {
  it('publishes, hides and schedules many packs in one request, each audited', async () => {
    const a = await createPack({ published: false });
    const b = await createPack({ published: false });
    const res = await t.staff.post('/admin/packs/sale_bulk', { ids: [b.id, a.id], action: 'publish' });
    expect(res.body.state, JSON.stringify(res.body)).toBe(STATE.ok);
    expect(res.body.changed).toEqual([a.id, b.id].sort((x, y) => x - y));
    const rows = await db().select({ id: packs.id, published: packs.published }).from(packs).where(inArray(packs.id, [a.id, b.id]));
    expect(rows.every((r) => r.published)).toBe(true);
    for (const id of [a.id, b.id]) {
      expect(await db().select().from(auditLog).where(and(eq(auditLog.action, 'pack.sale.publish'), eq(auditLog.target, `pack:${id}`)))).toHaveLength(1);
    }
    const hidden = await t.staff.post('/admin/packs/sale_bulk', { ids: [a.id, b.id], action: 'hide' });
    expect(hidden.body.state).toBe(STATE.ok);
    expect((await db().select({ p: packs.published }).from(packs).where(inArray(packs.id, [a.id, b.id]))).map((r) => r.p)).toEqual([false, false]);
  });

  it('changes nothing when one pack refuses, and names each refused pack with its reason', async () => {
    const a = await createPack({ published: false });
    const ended = await createPack({ published: true });
    expect((await t.staff.post('/admin/packs/sale', { id: ended.id, action: 'stop' })).body.state).toBe(STATE.ok);
    const before = await db().select().from(auditLog).where(eq(auditLog.target, `pack:${a.id}`));
    const res = await t.staff.post('/admin/packs/sale_bulk', { ids: [a.id, ended.id, 999999], action: 'publish' });
    expect(res.body.state).toBe(STATE.conflict);
    expect(res.body.errors.ids?.[0]).toBe('2件のパックは変更できないため、どのパックも変更していません。');
    expect(res.body.refusals).toEqual([
      { id: ended.id, reason: 'このパックの販売は終了し、シードを公開済みのため、再び販売することはできません。' },
      { id: 999999, reason: 'パックが見つかりません。' },
    ]);
    const [row] = await db().select({ published: packs.published }).from(packs).where(eq(packs.id, a.id));
    expect(row?.published).toBe(false);
    expect(await db().select().from(auditLog).where(eq(auditLog.target, `pack:${a.id}`))).toHaveLength(before.length);
  });

  it('validates the request at the boundary', async () => {
    expect((await t.staff.post('/admin/packs/sale_bulk', { ids: [], action: 'publish' })).body.state).toBe(STATE.validation);
    expect((await t.staff.post('/admin/packs/sale_bulk', { ids: [1], action: 'stop' })).body.state).toBe(STATE.validation);
    expect((await t.staff.post('/admin/packs/sale_bulk', { ids: [1], action: 'schedule' })).body.errors.start_at).toBeDefined();
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await t.staff.post('/admin/packs/sale_bulk', { ids: many, action: 'hide' })).body.state).toBe(STATE.validation);
  });
});

