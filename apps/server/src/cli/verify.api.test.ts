import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { buyPacks, fundedMember } from '../testing/buying.ts';
import { openTestShop, type TestShop } from '../testing/test-app.ts';
import { createTestPack } from '../testing/test-pack.ts';
import { packSpecSchema } from '../modules/catalog/pack-admin.service.ts';
import { createLegacyPack } from '../testing/legacy-pack.ts';
import { verifyFromApi } from './verify.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
let shop: TestShop;
let baseUrl: string;

beforeAll(async () => {
  shop = await openTestShop();
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const address = shop.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await shop?.close();
});

/** `npm run verify -- PACK_ID --base-url URL`, as an operator or a member would run it. */
async function verifyCli(packId: number): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/verify.ts', String(packId), '--base-url', baseUrl],
      { cwd: root },
    );
    return { code: 0, out: stdout.trim() };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}`.trim() };
  }
}

/** Sells out a lot through the API: several members, purchases of several sizes. */
async function sellOut(packId: number, counts: number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const count of counts) {
    const { client } = await fundedMember(shop, 1_000_000);
    const bought = await buyPacks(client, packId, count);
    ids.push(bought.body.pack_history_id as number);
  }
  return ids;
}

describe('npm run verify', () => {
  it('recomputes a sold-out lot with last-one and milestone prizes from the public API: consistent; an altered stored draw is named as the first mismatch', async () => {
    const spec = packSpecSchema.parse({
      name: '検証パック',
      card_type: 'テストカード',
      point: 10,
      payment_method: '1',
      lineup: [
        { name: 'トップ', rarity: 7, count: 2, buy_point: 5000 },
        { name: 'レア', rarity: 4, count: 30, buy_point: 300 },
        { name: 'ノーマル', rarity: 1, count: 218, buy_point: 30 },
      ],
      last_one: { name: 'ラストワン', rarity: 7, buy_point: 8000 },
      milestones: [
        { name: '節目賞', rarity: 5, buy_point: 1000, at: 50, every: 50 },
        { name: '初回賞', rarity: 3, buy_point: 100, at: 1 },
      ],
    });
    const { id: packId } = await createLegacyPack(shop.database.db, spec);
    expect((await verifyCli(packId)).out).toMatch(/^not verifiable yet/);
    const purchaseIds = await sellOut(packId, [1, 40, 9, 150, 50]);
    const ok = await verifyCli(packId);
    expect(ok).toEqual({
      code: 0,
      out: `consistent (pack ${packId}: 250 draws recomputed from the revealed seed)`,
    });

    // Each purchase got the extra prizes of the pack numbers it drew (51-200 crosses 100, 150 and 200).
    const extras = await queryRows<{ purchase_id: number; names: string }>(
      shop.database.db,
      sql`select h.purchase_id, string_agg(z.name, ',' order by h.id) as names from holdings h
          join pack_prizes z on z.id = h.prize_id and z.kind <> 'lot'
          where h.purchase_id = any(${`{${purchaseIds.join(',')}}`}::int[]) group by h.purchase_id`,
    );
    expect(Object.fromEntries(extras.map((e) => [purchaseIds.indexOf(e.purchase_id), e.names]))).toEqual({
      0: '初回賞',
      2: '節目賞',
      3: '節目賞,節目賞,節目賞',
      4: 'ラストワン,節目賞',
    });
    const log = (await shop.client().get(`/user/pack/draws/${packId}/3`)).body.list as {
      draw_number: number;
      kind: string;
      name: string;
    }[];
    expect(log.filter((d) => d.kind !== 'lot')).toEqual([
      expect.objectContaining({ draw_number: 250, kind: 'last_one', name: 'ラストワン' }),
      expect.objectContaining({ draw_number: 250, kind: 'milestone', name: '節目賞' }),
    ]);
    const trust = (await shop.client().get(`/user/pack/trust/${packId}`)).body as unknown as {
      commitment: { extras: { kind: string; count: number; remaining: number }[] };
    };
    expect(trust.commitment.extras.map((e) => [e.kind, e.count, e.remaining])).toEqual([
      ['last_one', 1, 0],
      ['milestone', 5, 0],
      ['milestone', 1, 0],
    ]);

    // Swap the stored card of pack number 123 for a card of another prize.
    const [draw] = await queryRows<{ id: number; prize_id: number }>(
      shop.database.db,
      sql`select h.id::int as id, h.prize_id from purchases p
          cross join lateral (select h.id, h.prize_id, row_number() over (order by h.id) - 1 as ord from holdings h where h.purchase_id = p.id) h
          where p.pack_id = ${packId} and p.draw_from + h.ord = 122`,
    );
    const [other] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`select id from pack_prizes where pack_id = ${packId} and kind = 'lot' and id <> ${draw!.prize_id} limit 1`,
    );
    await queryRows(
      shop.database.db,
      sql`update holdings set prize_id = ${other!.id} where id = ${draw!.id}`,
    );
    const bad = await verifyCli(packId);
    expect(bad.code).toBe(1);
    expect(bad.out).toBe(
      `inconsistent at draw 123: expected lot:${draw!.prize_id}, the draw log shows lot:${other!.id}`,
    );
  }, 120_000);

  it('reports a revealed seed that does not match the commitment', async () => {
    const packId = await createTestPack(shop.database.db, {
      prizes: [
        { rarity: 5, count: 3, buyPoint: 100 },
        { rarity: 1, count: 7, buyPoint: 10 },
      ],
    });
    await sellOut(packId, [4, 6]);
    expect((await verifyFromApi(packId, baseUrl)).outcome).toEqual({ consistent: true, draws: 10 });
    // The seed as a dishonest shop might reveal it: any other seed (the database refuses to change it).
    const tampered = async (url: string) => {
      const response = await fetch(url);
      const body = (await response.json()) as { commitment?: { seed: string } };
      if (body.commitment) body.commitment.seed = 'a'.repeat(64);
      return { ok: response.ok, status: response.status, json: async () => body };
    };
    const { outcome, report } = await verifyFromApi(packId, baseUrl, tampered);
    expect(outcome).toMatchObject({ consistent: false, problem: 'seed_hash' });
    expect(report).toMatch(
      /^inconsistent: the revealed seed hashes to [0-9a-f]{64}, not the commitment [0-9a-f]{64}$/,
    );
  });

  it('says how to call it when the arguments are wrong', async () => {
    const res = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/verify.ts', 'x'], {
      cwd: root,
    }).catch((e: { code: number; stderr: string }) => e);
    expect(res).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('usage: npm run verify -- PACK_ID [--base-url URL]'),
    });
  });
});
