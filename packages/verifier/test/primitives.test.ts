import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nextRound, QUICKNET, roundRandomness, verifyBeaconRound } from '../src/beacon.js';
import { fromHex, toHex, u64be } from '../src/bytes.js';
import { commitmentHash } from '../src/commitment.js';
import { drawPurchase, drawStream, extrasWon, purchaseKey } from '../src/draw.js';
import { verifyHeadSignature } from '../src/heads.js';
import { canonicalJson } from '../src/jcs.js';
import beacon from '../test-vectors/beacon.json' with { type: 'json' };
import commitment from '../test-vectors/commitment.json' with { type: 'json' };
import draw from '../test-vectors/draw.json' with { type: 'json' };
import jcs from '../test-vectors/jcs.json' with { type: 'json' };
import next from '../test-vectors/next-round.json' with { type: 'json' };
import treeHead from '../test-vectors/tree-head.json' with { type: 'json' };
import { localBeacon } from './support/sold-out-lot.ts';

describe('JCS (RFC 8785)', () => {
  it('gives each vector its canonical string', () => {
    for (const c of jcs.cases) expect(canonicalJson(c.value), c.name).toBe(c.canonical);
  });

  it("sorts keys by UTF-16 code units as RFC 8785 §3.2.3's example does", () => {
    // Object.keys would put "1" first (an integer-like key); read the order off the string.
    const keys = [...jcs.cases[1]!.canonical.matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    expect(keys).toEqual(['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33']);
  });

  it('refuses a number that is not a safe integer rather than give it a second spelling', () => {
    expect(() => canonicalJson({ a: 1.5 })).toThrow(/safe integer/);
    expect(() => canonicalJson({ a: undefined })).toThrow();
  });
});

describe('commitment hash', () => {
  it('is sha256 of the canonical document', () => {
    expect(canonicalJson(commitment.document)).toBe(commitment.canonical);
    expect(commitmentHash(commitment.document)).toBe(commitment.commitment_hash);
    expect(commitmentHash({ ...commitment.document, total: 9 })).not.toBe(commitment.commitment_hash);
  });
});

describe('the draw (spec §3)', () => {
  it("derives each vector's key, stream and prizes (computed apart with node:crypto)", () => {
    for (const c of draw.cases) {
      const key = purchaseKey(fromHex(c.seed), c.lot_id, c.seq, roundRandomness(c.signature));
      expect(toHex(key)).toBe(c.key);
      const stream = drawStream(key);
      expect(c.stream.map(() => String(stream.next().value))).toEqual(c.stream);
      const remaining = [...c.remaining_before];
      const prizes = drawPurchase({ seed: fromHex(c.seed), lotId: c.lot_id, seq: c.seq, randomness: roundRandomness(c.signature), count: c.count, remaining });
      expect(prizes).toEqual(c.prizes);
      expect(remaining).toEqual(c.remaining_after);
    }
  });

  it('block(i) is HMAC-SHA256(K, u64be(i)) read as big-endian u64', () => {
    const key = fromHex(draw.cases[0]!.key);
    const stream = drawStream(key);
    const values = Array.from({ length: 8 }, () => stream.next().value as bigint);
    const block1 = createHmac('sha256', key).update(u64be(1)).digest();
    expect(values[4]).toBe(block1.readBigUInt64BE(0));
    expect(values[7]).toBe(block1.readBigUInt64BE(24));
  });

  it('gives the extra prizes by pack number', () => {
    for (const c of draw.extras) expect(extrasWon(c.extra_prizes, c.total, c.first_pack, c.count)).toEqual(c.won);
  });

  it('draws every remaining pack about equally often (uniform without replacement)', () => {
    const hits = [0, 0, 0, 0];
    for (let seq = 1; seq <= 4000; seq += 1) {
      const [prize] = drawPurchase({ seed: new Uint8Array(32), lotId: 1, seq, randomness: new Uint8Array(32), count: 1, remaining: [1, 1, 1, 1] });
      hits[(prize as number) - 1]! += 1;
    }
    for (const h of hits) expect(Math.abs(h - 1000)).toBeLessThan(120);
  });
});

describe('nextRound', () => {
  it('is the first round strictly after the time', () => {
    for (const c of next.cases) expect(nextRound({ ...QUICKNET, genesis_time: c.genesis_time, period: c.period }, c.time_ms)).toBe(c.round);
  });
});

describe('beacon signatures (bls-unchained-g1-rfc9380)', () => {
  it('verifies genuine quicknet rounds and refuses a signature moved to another round', () => {
    for (const r of beacon.rounds) {
      expect(verifyBeaconRound(QUICKNET, r.round, r.signature), `round ${r.round}`).toBe(r.valid);
      expect(toHex(roundRandomness(r.signature))).toBe(r.randomness);
    }
  });

  it("round 1000's randomness is the one the relays served", () => {
    expect(toHex(roundRandomness(beacon.rounds[1]!.signature))).toBe('fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd');
  });

  it("verifies a local beacon's rounds under its own key and not under quicknet's", () => {
    const local = localBeacon(1_796_000_000);
    const sig = local.sign(77);
    expect(verifyBeaconRound(local.info, 77, sig)).toBe(true);
    expect(verifyBeaconRound(local.info, 78, sig)).toBe(false);
    expect(verifyBeaconRound(QUICKNET, 77, sig)).toBe(false);
    expect(verifyBeaconRound(local.info, 77, 'zz')).toBe(false);
    expect(verifyBeaconRound(local.info, 77, '00'.repeat(48))).toBe(false);
  });
});

describe('signed tree heads (Ed25519)', () => {
  it("verifies the vector's head (signed with node:crypto) and refuses any field changed", () => {
    const head = treeHead.head;
    expect(canonicalJson({ log_id: head.log_id, root_hash: head.root_hash, timestamp: head.timestamp, tree_size: head.tree_size })).toBe(treeHead.message);
    expect(head.log_id).toBe(createHash('sha256').update(Buffer.from(treeHead.public_key, 'hex')).digest('hex'));
    expect(verifyHeadSignature(head, treeHead.public_key)).toBe(true);
    expect(verifyHeadSignature({ ...head, tree_size: 43 }, treeHead.public_key)).toBe(false);
    expect(verifyHeadSignature({ ...head, timestamp: head.timestamp + 1 }, treeHead.public_key)).toBe(false);
    expect(verifyHeadSignature(head, '11'.repeat(32))).toBe(false);
  });
});
