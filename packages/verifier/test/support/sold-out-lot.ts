import { createHash, randomBytes } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { canonicalBytes } from '../../src/jcs.js';
import { inclusionProof, leafHash } from '../../src/merkle.js';
import quicknetRounds from '../fixtures/quicknet-rounds.json' with { type: 'json' };
import { drawIndependently, extrasFor } from './independent-draw.ts';
import { ShopLog, type Head } from './shop-log.ts';

/**
 * Builds a sold-out lot's log the way the spec has the shop do it (commit, record each purchase
 * and sign a head, draw with the first round after that head, reveal), with hooks through which a
 * dishonest shop bends one step and still signs everything.
 */
const sha256hex = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');
const DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';
const QUICKNET_KEY =
  '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a';
const QUICKNET_GENESIS = 1692803367;

export const LOT_ID = 12;
export const IMAGES = { top: Buffer.from('top prize image bytes'), last: Buffer.from('last-one image bytes') };

export type Tamper = {
  prizes?: (seq: number, prizes: number[]) => number[];
  signature?: (seq: number, round: number, signature: string) => string;
  /** Draws with another round than the spec's (a shop waiting for a round it likes). */
  round?: (seq: number, round: number) => { round: number; signature: string } | null;
  dropPurchaseSeq?: number;
  seed?: Buffer;
  revealSeed?: Buffer;
  noReveal?: boolean;
  /** Puts the sale start before the commitment's first signed head. */
  lateCommitment?: boolean;
};

/** A local beacon: the shop's own BLS key, verified with the same code as quicknet. */
export function localBeacon(genesisTime: number) {
  const secret = bls12_381.utils.randomSecretKey();
  const short = bls12_381.shortSignatures;
  const publicKey = Buffer.from(short.getPublicKey(secret).toBytes()).toString('hex');
  const fields = { genesis_time: genesisTime, period: 3, public_key: publicKey, scheme: 'bls-unchained-g1-rfc9380' };
  const u64 = Buffer.alloc(8);
  return {
    info: { ...fields, chain_hash: sha256hex(canonicalBytes(fields)), independent: false },
    sign(round: number): string {
      u64.writeBigUInt64BE(BigInt(round));
      const message = short.hash(createHash('sha256').update(u64).digest(), DST);
      return Buffer.from(short.sign(message, secret).toBytes()).toString('hex');
    },
  };
}

const quicknet = {
  info: {
    chain_hash: quicknetRounds.chain_hash,
    public_key: QUICKNET_KEY,
    genesis_time: QUICKNET_GENESIS,
    period: 3,
    scheme: 'bls-unchained-g1-rfc9380',
    independent: true,
  },
  sign(round: number): string {
    const found = quicknetRounds.rounds.find((r) => r.round === round);
    if (!found) throw new Error(`no recorded quicknet round ${round}`);
    return found.signature;
  },
};

type Beacon = typeof quicknet;
const roundTime = (b: Beacon, r: number) => (b.info.genesis_time + (r - 1) * b.info.period) * 1000;
const nextRound = (b: Beacon, t: number) => Math.floor((t - b.info.genesis_time * 1000) / (b.info.period * 1000)) + 2;

/**
 * An 8-pack lot sold in three purchases (2, 3, 3 packs). With quicknet, each purchase's head is
 * signed 1.5 s before a recorded genuine round, so that round is the one the spec picks.
 */
export function buildSoldOutLot(options: {
  beacon: 'local' | 'quicknet';
  tamper?: Tamper;
  keyOf?: ShopLog;
  keySeed?: Buffer;
  local?: ReturnType<typeof localBeacon>;
}) {
  const tamper = options.tamper ?? {};
  const start = options.beacon === 'quicknet' ? QUICKNET_GENESIS * 1000 : 1_796_000_000_000;
  const beacon: Beacon = options.beacon === 'quicknet' ? quicknet : (options.local ?? localBeacon(start / 1000 - 3600));
  const purchaseTimes =
    options.beacon === 'quicknet'
      ? quicknetRounds.rounds.map((r) => roundTime(beacon, r.round) - 1500)
      : [1, 2, 3].map((k) => start + 86_400_000 + k * 60_000);
  const seed = tamper.seed ?? randomBytes(32);
  const document = {
    algorithm: 'oripa-draw-v2',
    lot_id: LOT_ID,
    total: 8,
    lineup: [
      { prize: 1, name: '極レアカード', name_en: 'Ultra rare card', rarity: 7, points: 5000, count: 1, image_sha256: sha256hex(IMAGES.top) },
      { prize: 2, name: 'レアカード', name_en: null, rarity: 4, points: 500, count: 2, image_sha256: null },
      { prize: 3, name: 'ノーマルカード', name_en: 'Normal card', rarity: 1, points: 30, count: 5, image_sha256: null },
    ],
    extra_prizes: [
      { id: 3, kind: 'last_one', at: 0, every: 0, name: 'ラストワン賞', name_en: 'Last-one prize', points: 3000, image_sha256: sha256hex(IMAGES.last) },
      { id: 4, kind: 'milestone', at: 4, every: 4, name: '4口ごと賞', name_en: null, points: 100, image_sha256: null },
    ],
    sale_start: tamper.lateCommitment ? start - 1 : start + 60_000,
    reveal_deadline: start + 30 * 86_400_000,
    seed_hash: sha256hex(seed),
    beacon: beacon.info,
  };
  const log = new ShopLog({ keyOf: options.keyOf, keySeed: options.keySeed });
  log.append({ type: 'commitment', lot_id: 99, commitment_hash: sha256hex('another lot'), document: { algorithm: 'other' } });
  log.append({ type: 'commitment', lot_id: LOT_ID, commitment_hash: sha256hex(canonicalBytes(document)), document });
  log.signHead(start);

  const remaining = document.lineup.map((p) => p.count);
  const receipts: { leaf_index: number; entry: Record<string, unknown>; inclusion_path: string[]; head: Head }[] = [];
  let firstPack = 1;
  [2, 3, 3].forEach((count, i) => {
    const seq = i + 1;
    const entry = { type: 'purchase', lot_id: LOT_ID, seq, buyer: sha256hex(`member ${seq}`).slice(0, 16), count, first_pack: firstPack };
    const dropped = tamper.dropPurchaseSeq === seq;
    const index = dropped ? -1 : log.append(entry);
    const head = log.signHead(purchaseTimes[i] as number);
    if (!dropped) {
      const leaves = log.entries.map((e) => leafHash(canonicalBytes(e)));
      const path = inclusionProof(index, leaves).map((h) => Buffer.from(h).toString('hex'));
      receipts.push({ leaf_index: index, entry, inclusion_path: path, head });
    }
    const chosen = tamper.round?.(seq, nextRound(beacon, head.timestamp)) ?? null;
    const round = chosen?.round ?? nextRound(beacon, head.timestamp);
    const honest = chosen?.signature ?? beacon.sign(round);
    const signature = tamper.signature ? tamper.signature(seq, round, honest) : honest;
    const prizes = drawIndependently(seed, LOT_ID, seq, honest, count, remaining);
    const extras = extrasFor(document.extra_prizes, document.total, firstPack, count);
    if (!dropped) {
      log.append({ type: 'draw', lot_id: LOT_ID, seq, round, signature, prizes: tamper.prizes ? tamper.prizes(seq, prizes) : prizes, extras });
    }
    firstPack += count;
  });
  if (!tamper.noReveal) {
    log.append({ type: 'reveal', lot_id: LOT_ID, seed: (tamper.revealSeed ?? seed).toString('hex'), reason: 'sold_out' });
  }
  log.signHead((purchaseTimes[2] as number) + 60_000);
  const mirror = log.mirror({ [sha256hex(IMAGES.top)]: IMAGES.top, [sha256hex(IMAGES.last)]: IMAGES.last });
  return { log, mirror, document, seed, receipts, beacon: beacon.info, signRound: (r: number) => beacon.sign(r) };
}
