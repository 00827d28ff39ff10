import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifyLot } from '@oripa/verifier';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { buyPacks, fundedMember } from '../../testing/buying.ts';
import { checkMirror, type Mirror } from '../../testing/mirror-check.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import { nextRound } from '../beacon/chain.ts';
import { createPack, packSpecSchema } from '../catalog/pack-admin.service.ts';
import { openSeed } from '../catalog/seed-seal.ts';
import { jcs, type Canonical } from '../../kernel/jcs.ts';
import { verifyHead, type SignedHead } from '../transparency/log-signer.ts';
import { leafHash, MerkleTree, verifyInclusion } from '../transparency/merkle.ts';
import { drawPurchase } from './draw-v2.ts';
import { pumpFor } from './fairness-pump.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

/** A 16-pack v2 lot with a last-one and a milestone prize, committed through the pack service. */
async function sixteenPackLot(): Promise<number> {
  const spec = packSpecSchema.parse({
    name: '検証パック',
    card_type: 'テストカード',
    point: 10,
    payment_method: '1',
    lineup: [
      { name: 'トップ', rarity: 7, count: 1, buy_point: 5000 },
      { name: 'レア', rarity: 4, count: 3, buy_point: 300 },
      { name: 'ノーマル', rarity: 1, count: 12, buy_point: 30 },
    ],
    last_one: { name: 'ラストワン', rarity: 7, buy_point: 8000 },
    milestones: [{ name: '節目賞', rarity: 5, buy_point: 1000, at: 8 }],
  });
  return (await createPack(shop.database.db, shop.app.ctx.fairness, spec, process.cwd())).id;
}

const getJson = async (url: string) => (await shop.app.inject({ method: 'GET', url })).json() as Record<string, unknown>;

/**
 * The lot's mirror once a signed head covers its reveal. A sold-out lot's last draw appends the
 * reveal, and the head covering it comes with a later pump tick: the test drives the pump
 * (a waiting tick signs at once) and reads again, a bounded number of times.
 */
async function revealedMirror(lotId: number): Promise<Mirror> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    await pumpFor(shop.app.ctx.db, shop.app.ctx.fairness).kick(true);
    const mirror = (await getJson(`/api/transparency/mirror?lot_id=${lotId}`)) as unknown as Mirror;
    if (mirror.entries.some((e) => e.entry.type === 'reveal' && e.entry.lot_id === lotId)) return mirror;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`lot ${lotId}: no signed head covers its reveal`);
}

type Receipt = { leaf_index: number; entry: Record<string, string | number>; inclusion_path: string[]; head: SignedHead; beacon_round: number | null };

describe('oripa-draw-v2: record, then draw from the beacon round', () => {
  it('acknowledges at once, draws after a signed head, and the cards, receipt and mirror verify', async () => {
    const lotId = await sixteenPackLot();
    const counts = [3, 1, 5, 2, 5];
    const bought: { client: Awaited<ReturnType<typeof fundedMember>>['client']; id: number; count: number }[] = [];
    for (const count of counts) {
      const { client } = await fundedMember(shop, 1000);
      const answer = await buyPacks(client, lotId, count);
      bought.push({ client, id: answer.body.pack_history_id as number, count });
    }
    // Every purchase is recorded with its seq and buyer tag, in order.
    const recorded = await queryRows<{ seq: number; draw_from: number; buyer_tag: string }>(
      shop.database.db,
      sql`select seq, draw_from, buyer_tag from purchases where pack_id = ${lotId} order by seq`,
    );
    expect(recorded.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(recorded.every((r) => /^[0-9a-f]{16}$/.test(r.buyer_tag))).toBe(true);

    const log = (await getJson('/api/transparency/key')) as { public_key: string };
    const receipts: Receipt[] = [];
    for (const b of bought) {
      const result = await b.client.get(`/user/pack/gache_result?pack_history_id=${b.id}`);
      expect(result.body.state).toBe(200);
      const cards = result.body.cards as { name: string }[];
      expect(cards.length).toBeGreaterThanOrEqual(b.count);
      // The receipt: the purchase entry is in the signed tree.
      const receipt = result.body.receipt as Receipt;
      receipts.push(receipt);
      expect(verifyHead(log.public_key, receipt.head)).toBe(true);
      expect(receipt.entry).toMatchObject({ type: 'purchase', lot_id: lotId, count: b.count });
      const leaf = leafHash(Buffer.from(jcs(receipt.entry), 'utf8'));
      const path = receipt.inclusion_path.map((h) => Buffer.from(h, 'hex'));
      expect(verifyInclusion(receipt.leaf_index, receipt.head.tree_size, leaf, path, Buffer.from(receipt.head.root_hash, 'hex'))).toBe(true);
    }
    // Sold out: the last draw reveals the seed; the mirror verifies by the specification's checks.
    const mirror = await revealedMirror(lotId);
    expect(mirror.entries.filter((e) => e.entry.type === 'reveal' && e.entry.lot_id === lotId)).toHaveLength(1);
    expect(checkMirror(mirror, lotId)).toEqual([]);
    expect(Object.keys(mirror.images).length).toBeGreaterThan(0);

    // The standalone verifier passes the shop's own mirror with each member's receipt as the
    // result call gave it, and names a receipt whose entry was altered.
    for (const [i, receipt] of receipts.entries()) {
      const report = verifyLot(mirror, lotId, { receipt });
      expect(report.failure).toBeNull();
      expect(report.receipt).toMatchObject({ seq: i + 1, count: counts[i] });
    }
    const altered = { ...receipts[0], entry: { ...receipts[0]?.entry, count: 4 } };
    expect(verifyLot(mirror, lotId, { receipt: altered }).failure?.kind).toBe('receipt_invalid');

    // Each draw used the round after the head that first covered its purchase entry.
    const chain = shop.app.ctx.fairness.beacon.chain;
    for (const e of mirror.entries.filter((x) => x.entry.type === 'purchase' && x.entry.lot_id === lotId)) {
      const head = mirror.heads.find((h) => h.tree_size > e.index) as SignedHead;
      const draw = mirror.entries.find((x) => x.entry.type === 'draw' && x.entry.lot_id === lotId && x.entry.seq === e.entry.seq);
      expect(draw?.entry.round).toBe(nextRound(chain, head.timestamp));
      expect(draw && draw.index > e.index).toBe(true);
    }
    // Members hold exactly the drawn cards.
    const held = await queryRows<{ n: number }>(
      shop.database.db,
      sql`select count(*)::int as n from holdings h join purchases p on p.id = h.purchase_id where p.pack_id = ${lotId}`,
    );
    expect(held[0]?.n).toBe(16 + 2);
  });

  it('tampering is named: a changed card, a changed image, a forged round, a missing purchase, a rewritten history', async () => {
    const lotId = await sixteenPackLot();
    const { client } = await fundedMember(shop, 1000);
    await buyPacks(client, lotId, 16);
    expect((await client.get('/user/pack/gache_result')).body.state).toBe(200);
    const mirror = await revealedMirror(lotId);
    const kept = mirror.heads.at(-1) as SignedHead;
    expect(checkMirror(mirror, lotId, kept)).toEqual([]);
    expect(verifyLot(mirror, lotId, { earlierHead: kept }).ok).toBe(true);
    const copy = () => JSON.parse(JSON.stringify(mirror)) as Mirror;

    const card = copy();
    const draw = card.entries.find((e) => e.entry.type === 'draw' && e.entry.lot_id === lotId) as unknown as { entry: { prizes: number[] } };
    draw.entry.prizes[0] = draw.entry.prizes[0] === 1 ? 2 : 1;
    expect(checkMirror(card, lotId)).toContain('history rewritten');
    expect(verifyLot(card, lotId).failure?.kind).toBe('head_mismatch');

    const image = copy();
    const [hash] = Object.keys(image.images);
    image.images[hash as string] = Buffer.from('<svg/>').toString('base64');
    expect(checkMirror(image, lotId)).toContain('image changed');
    expect(verifyLot(image, lotId).failure?.kind).toBe('image_changed');

    const forged = copy();
    const round = forged.entries.find((e) => e.entry.type === 'draw' && e.entry.lot_id === lotId) as unknown as { entry: { signature: string } };
    round.entry.signature = round.entry.signature.replace(/^../, round.entry.signature.startsWith('a') ? 'b' : 'a');
    expect(checkMirror(forged, lotId).join()).toMatch(/forged beacon round|history rewritten/);
    expect(verifyLot(forged, lotId).failure?.kind).toMatch(/forged_beacon_round|head_mismatch/);

    const missing = copy();
    missing.entries = missing.entries.filter((e) => !(e.entry.type === 'purchase' && e.entry.lot_id === lotId));
    expect(checkMirror(missing, lotId, kept)).toContain('history rewritten');
    // The shop rewrites its log without the purchase and signs it again with its own key: only
    // the head a member kept shows the rewrite.
    const entries = missing.entries.map((e, index) => ({ index, entry: e.entry }));
    const tree = new MerkleTree(entries.map((e) => leafHash(Buffer.from(jcs(e.entry as Canonical), 'utf8'))));
    const { signer } = shop.app.ctx.fairness;
    const dropped = (size: number) => mirror.entries.slice(0, size).filter((e) => e.entry.type === 'purchase' && e.entry.lot_id === lotId).length;
    const heads = mirror.heads
      .map((h) => ({ size: h.tree_size - dropped(h.tree_size), timestamp: h.timestamp }))
      .filter((h, i, all) => h.size > 0 && all.findIndex((o) => o.size === h.size) === i)
      .map((h) => signer.sign({ tree_size: h.size, timestamp: h.timestamp, root_hash: tree.root(h.size).toString('hex') }));
    const rewritten = { ...missing, entries, heads };
    expect(verifyLot(rewritten, lotId).failure?.kind).toBe('missing_purchase');
    expect(verifyLot(rewritten, lotId, { earlierHead: kept }).failure?.kind).toBe('history_rewritten');
  });

  it("commits each image by the SHA-256 of the bytes members are served, read from the media store", async () => {
    // A photo larger than one stored chunk, so it is read back from several.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-lot-image-'));
    const photo = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(450_000)]);
    fs.writeFileSync(path.join(dir, 'top.png'), photo);
    const spec = packSpecSchema.parse({
      name: '写真パック',
      card_type: 'テストカード',
      point: 10,
      payment_method: '1',
      lineup: [
        { name: 'トップ', rarity: 7, count: 1, buy_point: 5000, image: 'top.png' },
        { name: 'ノーマル', rarity: 1, count: 3, buy_point: 30 },
      ],
    });
    const lotId = (await createPack(shop.database.db, shop.app.ctx.fairness, spec, dir)).id;
    fs.rmSync(dir, { recursive: true, force: true });
    const [prize] = await queryRows<{ image_url: string }>(shop.database.db, sql`select image_url from pack_prizes where pack_id = ${lotId} and name = 'トップ'`);
    const served = await shop.app.inject({ method: 'GET', url: prize?.image_url as string });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(photo)).toBe(true);
    const mirror = (await getJson(`/api/transparency/mirror?lot_id=${lotId}`)) as unknown as Mirror;
    const commitment = mirror.entries.find((e) => e.entry.type === 'commitment' && e.entry.lot_id === lotId)?.entry as { document: { lineup: { image_sha256: string }[] } };
    const sha = createHash('sha256').update(photo).digest('hex');
    expect(commitment.document.lineup[0]?.image_sha256).toBe(sha);
    expect(Buffer.from(mirror.images[sha] as string, 'base64').equals(photo)).toBe(true);
  });

  it('an insider who knows the seed before a purchase cannot tell its prize: another beacon round draws otherwise', async () => {
    const lotId = await sixteenPackLot();
    const [row] = await queryRows<{ seed_sealed: string; seed_secret: string }>(
      shop.database.db,
      sql`select seed_sealed, seed_secret from packs where id = ${lotId}`,
    );
    // The packs table alone holds no seed in plain text.
    expect(row?.seed_secret).toBe('');
    const seed = openSeed(shop.app.ctx.fairness.seedKey, lotId, row?.seed_sealed as string);
    const signature = (round: number) => shop.app.ctx.fairness.beacon.signature(round, Number.MAX_SAFE_INTEGER);
    const outcomes = new Set<string>();
    for (const round of [101, 102, 103, 104, 105, 106]) {
      const sig = Buffer.from((await signature(round)) as string, 'hex');
      outcomes.add(drawPurchase({ seed, lotId, seq: 1, count: 4, signature: sig, remaining: [1, 3, 12] }).join());
    }
    expect(outcomes.size).toBeGreaterThan(1);
  });
});


