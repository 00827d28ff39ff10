import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { queryRows } from '../../db/rows.ts';
import { ensureReferenceData } from '../../db/seed/reference-data.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { runCommand } from '../run-command.ts';

let database: TestDatabase;
const config = testConfig();
const example = path.resolve(import.meta.dirname, '../../../../../docs/examples/exchange-card.json');

beforeAll(async () => {
  database = await openTestDatabase();
  await ensureReferenceData(database.db);
});

afterAll(async () => {
  await database?.drop();
});

function writeSpec(spec: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-exchange-'));
  const file = path.join(dir, 'card.json');
  fs.writeFileSync(file, JSON.stringify(spec));
  return file;
}

const run = (argv: string[]) => runCommand({ database, config }, argv);

describe('ops exchange:create', () => {
  it('creates the documented example and prints it with --json', async () => {
    const out = await run(['exchange:create', example, '--json']);
    expect(out).toMatchObject({ ok: true, exitCode: 0 });
    expect(out.data).toMatchObject({
      name: '紅蓮竜イグニス・ドラグーン',
      card_name: 'モンスターズTCG',
      sub_coin: '1200.00',
      stock: 3,
      model_number: 'MST-001/120',
      rarity: 7,
      limit_per_member: 1,
      published: true,
    });
    expect(out.data.id).toEqual(expect.any(Number));
    // Generated art is stored as media.
    const [media] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from media where id = ${String(out.data.image).replace('/media/', '')}`);
    expect(media?.n).toBe(1);
  });

  it('takes the minimum: name, sub_coin, stock', async () => {
    const out = await run(['exchange:create', writeSpec({ name: '最小の引換カード', sub_coin: 12.5, stock: 0 })]);
    expect(out.ok).toBe(true);
    expect(out.message).toMatch(/Exchange card \d+ "最小の引換カード" created: 12.50 coins, stock 0\./);
  });

  it('says what is wrong with a bad file (exit code 2), creating nothing', async () => {
    const before = await run(['exchange:list']);
    const bad = await run(['exchange:create', writeSpec({ name: '', sub_coin: '1.234', stock: -1, rarity: 9 })]);
    expect(bad).toMatchObject({ ok: false, exitCode: 2 });
    for (const field of ['name', 'sub_coin', 'stock', 'rarity']) expect(bad.message).toContain(`  ${field}:`);
    expect((await run(['exchange:create', writeSpec({ name: 'x', sub_coin: 0, stock: 1 })])).message).toContain('sub_coin: must be above 0');
    expect((await run(['exchange:create', '/nonexistent.json'])).exitCode).toBe(2);
    expect((await run(['exchange:list'])).data).toEqual(before.data);
  });
});

describe('ops exchange:list and exchange:stock', () => {
  it('sets the stock and writes the change, before and after, to the audit log', async () => {
    const created = await run(['exchange:create', writeSpec({ name: '在庫変更テスト', sub_coin: '10', stock: 2 })]);
    const id = created.data.id as number;
    const out = await run(['exchange:stock', String(id), '7']);
    expect(out).toMatchObject({ ok: true, message: `Exchange card ${id}: stock 2 → 7.` });
    const list = (await run(['exchange:list'])).data.list as { id: number; stock: number }[];
    expect(list.find((c) => c.id === id)?.stock).toBe(7);
    const changes = await queryRows<{ action: string; target: string; before: unknown; after: unknown; actor: string }>(
      database.db,
      sql`select action, target, before, after, actor from audit_log where target = ${`exchange_card:${id}`}`,
    );
    expect(changes).toEqual([{ action: 'exchange.stock', target: `exchange_card:${id}`, before: { stock: 2 }, after: { stock: 7 }, actor: 'cli' }]);
    expect(out.message).not.toContain('Usage');
  });

  it('refuses an unknown card or a bad number', async () => {
    expect(await run(['exchange:stock', '999999', '1'])).toMatchObject({ exitCode: 2 });
    expect(await run(['exchange:stock', '1', '-1'])).toMatchObject({ exitCode: 2 });
    expect(await run(['exchange:stock', '1'])).toMatchObject({ exitCode: 2 });
  });
});

describe('ops rank:list', () => {
  it('lists the rank table with thresholds, coin-back and coins to keep', async () => {
    const out = await run(['rank:list']);
    expect(out.ok).toBe(true);
    const list = out.data.list as { code: string; threshold_price: number; coin_back_rate: string; maintain_coin: string; icon: string }[];
    expect(list.map((r) => r.code)).toEqual(['bronze', 'silver', 'gold', 'platinum', 'diamond']);
    expect(list[2]).toMatchObject({ threshold_price: 50000, coin_back_rate: '2.00', maintain_coin: '100.00', icon: '/media/rank-gold.svg' });
    expect(out.message).toContain('gold');
  });
});
