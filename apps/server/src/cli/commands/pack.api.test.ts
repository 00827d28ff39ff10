import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { auditLog } from '../../db/schema/admin.ts';
import { packPrizes, packs } from '../../db/schema/catalog.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { runCommand } from '../run-command.ts';

let database: TestDatabase;
const config = testConfig();
const example = path.resolve(import.meta.dirname, '../../../../../docs/examples/pack.json');

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

function writeSpec(spec: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-pack-'));
  const file = path.join(dir, 'pack.json');
  fs.writeFileSync(file, JSON.stringify(spec));
  return file;
}

describe('ops pack:create', () => {
  it('creates the documented example pack with its lineup, a commitment and generated art', async () => {
    const out = await runCommand({ database, config }, ['pack:create', example]);
    expect(out).toMatchObject({ ok: true, exitCode: 0, data: { total: 1000, seed_hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    const id = out.data.id as number;
    const [pack] = await database.db.select().from(packs).where(eq(packs.id, id));
    expect(pack).toMatchObject({ totalPackCount: 1000, drawnCount: 0, maxBuyCount: 100, movieStyle: 2 });
    expect(pack?.images[0]).toMatch(/^\/media\/pack-/);
    const prizes = await database.db.select().from(packPrizes).where(eq(packPrizes.packId, id));
    expect(prizes.map((p) => p.count)).toEqual([1, 9, 90, 900]);
    const list = await runCommand({ database, config }, ['pack:list', '--json']);
    expect((list.data.list as { id: number }[]).some((p) => p.id === id)).toBe(true);
  });

  it('sanitizes the description', async () => {
    const spec = JSON.parse(fs.readFileSync(example, 'utf8')) as Record<string, unknown>;
    spec.detail = '<p onclick="x()">ok</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>';
    const out = await runCommand({ database, config }, ['pack:create', writeSpec(spec)]);
    const [pack] = await database.db.select().from(packs).where(eq(packs.id, out.data.id as number));
    expect(pack?.detailHtml).not.toMatch(/script|onclick|javascript:/);
    expect(pack?.detailHtml).toContain('ok');
  });

  it("keeps 景品表示法's prize caps: a last-one prize beyond them is refused, and created with a reason that is audited", async () => {
    // 5 packs of 100 points: a chance prize may be worth 20 × 100 = 2,000 yen; this one is 8,000.
    const lot = {
      name: '上限くじ',
      card_type: 'トレーディングカード',
      point: 100,
      payment_method: '1',
      lineup: [{ name: 'ノーマル', rarity: 1, count: 5, buy_point: 30 }],
      last_one: { name: 'ラストワン', rarity: 7, buy_point: 8000 },
    };
    const before = (await database.db.select().from(packs)).length;
    const refused = await runCommand({ database, config }, ['pack:create', writeSpec(lot)]);
    expect(refused).toMatchObject({ ok: false, exitCode: 2 });
    expect(refused.message).toMatch(/^prize_caps: .*ラストワン.*8,000.*2,000/);
    expect((await database.db.select().from(packs)).length).toBe(before);

    const made = await runCommand({ database, config }, ['pack:create', writeSpec(lot), '--prize-cap-reason', 'オープン記念、弁護士確認済み']);
    expect(made).toMatchObject({ ok: true, exitCode: 0 });
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.target, `pack:${made.data.id as number}`));
    expect(rows.map((r) => [r.action, r.actor])).toEqual([['pack.prize_cap_override', 'cli']]);
    expect(rows[0]?.after).toMatchObject({ reason: 'オープン記念、弁護士確認済み', per_prize_cap: 2000 });
  });

  it('names every problem of a bad file and exits 2', async () => {
    const out = await runCommand({ database, config }, [
      'pack:create',
      writeSpec({ name: '', point: -1, payment_method: '2', card_type: 1, lineup: [{ name: 'x', rarity: 9, count: 0, buy_point: 1 }] }),
    ]);
    expect(out).toMatchObject({ ok: false, exitCode: 2 });
    expect(out.message).toMatch(/name/);
    expect(out.message).toMatch(/point/);
    expect(out.message).toMatch(/lineup\.0\.rarity/);
  });

  it('refuses a missing file and bad JSON clearly', async () => {
    expect((await runCommand({ database, config }, ['pack:create', '/nonexistent.json'])).message).toContain('no such file');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-pack-'));
    fs.writeFileSync(path.join(dir, 'bad.json'), '{');
    expect((await runCommand({ database, config }, ['pack:create', path.join(dir, 'bad.json')])).message).toContain('not valid JSON');
  });
});

describe('ops media:put', () => {
  it('stores a video that the media route then serves as bytes', async () => {
    const { buildApp } = await import('../../app.ts');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-media-'));
    const file = path.join(dir, 'clip.mp4');
    const bytes = Buffer.from([0, 0, 0, 24, 102, 116, 121, 112, 1, 2, 3, 255]);
    fs.writeFileSync(file, bytes);
    const out = await runCommand({ database, config }, ['media:put', file, '--id', 'movie-r7-s1.mp4']);
    expect(out).toMatchObject({ ok: true, data: { url: '/media/movie-r7-s1.mp4' } });
    const app = await buildApp(testConfig({ WEB_DIST: '/nonexistent' }), database);
    try {
      const res = await app.inject({ method: 'GET', url: '/media/movie-r7-s1.mp4' });
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(Buffer.compare(res.rawPayload, bytes)).toBe(0);
    } finally {
      await app.close();
    }
    const bad = await runCommand({ database, config }, ['media:put', file, '--id', 'Bad Name.mp4']);
    expect(bad.exitCode).toBe(2);
    expect(bad.message).toContain('such as movie-r7-s1.mp4');
  });

  it('names reveal videos by won-card rarity 1-7 in the help', async () => {
    const help = (await runCommand({ database, config }, ['help'])).message;
    expect(help).toContain('movie-r<rarity 1-7>-s<style>.mp4');
    expect(help).not.toContain('movie-r<tier>');
  });
});
