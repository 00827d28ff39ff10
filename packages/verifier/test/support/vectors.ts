import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { canonicalJson } from '../../src/jcs.js';
import { consistencyProof, inclusionProof, leafHash, merkleRoot } from '../../src/merkle.js';
import quicknetRounds from '../fixtures/quicknet-rounds.json' with { type: 'json' };
import { drawIndependently, extrasFor, streamKey, streamValues } from './independent-draw.ts';
import { buildSoldOutLot } from './sold-out-lot.ts';

/**
 * The published test vectors (packages/verifier/test-vectors/*.json), computed by the test
 * side: the draw with node:crypto, heads signed with node:crypto's Ed25519, Merkle values by
 * RFC 9162's recursive definitions (checked against the RFC 6962 reference roots in the tests),
 * beacon rounds recorded from drand quicknet. Deterministic: the same files every time.
 */
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const fixed = (label: string) => createHash('sha256').update(`oripa test vector: ${label}`).digest();

/** RFC 6962's reference leaves (transparency-dev/merkle testonly data). */
export const CT_LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];

function jcsVectors() {
  const cases: { name: string; value: unknown }[] = [
    { name: 'keys sorted, no white space', value: { b: 2, a: [1, 'x', null, true, false], c: { z: 0, y: -1 } } },
    { name: 'RFC 8785 §3.2.3 key order (UTF-16 code units)', value: { '\u20ac': 'Euro Sign', '\r': 'Carriage Return', '\ufb33': 'Hebrew Letter Dalet With Dagesh', '1': 'One', '\ud83d\ude00': 'Emoji: Grinning Face', '\u0080': 'Control', '\u00f6': 'Latin Small Letter O With Diaeresis' } },
    { name: 'strings: escapes and non-ASCII kept as UTF-8', value: { name: '極レア "card"\n\t\\', en: null } },
  ];
  return {
    about: 'RFC 8785 canonical JSON of integer-only documents; canonical is the exact string, utf8_sha256 the sha256 of its UTF-8 bytes',
    cases: cases.map((c) => {
      const canonical = canonicalJson(c.value);
      return { ...c, canonical, utf8_sha256: sha(Buffer.from(canonical, 'utf8')) };
    }),
  };
}

function drawVectors() {
  const rounds = quicknetRounds.rounds;
  const cases = [
    { seed: fixed('seed 1'), lot_id: 12, seq: 1, signature: rounds[0]!.signature, remaining: [1, 2, 5], count: 2 },
    { seed: fixed('seed 1'), lot_id: 12, seq: 2, signature: rounds[1]!.signature, remaining: [1, 1, 3], count: 3 },
    { seed: fixed('seed 2'), lot_id: 7, seq: 41, signature: rounds[2]!.signature, remaining: [1, 3, 10, 100, 2886], count: 20 },
  ];
  return {
    about: 'spec §3: K = HMAC-SHA256(seed, "oripa-draw-v2" || 0x00 || u64be(lot_id) || u64be(seq) || sha256(signature)); stream values are decimal u64 strings; prizes are 1-based lineup positions in pack order',
    cases: cases.map((c) => {
      const key = streamKey(c.seed, c.lot_id, c.seq, c.signature);
      const remaining = [...c.remaining];
      const prizes = drawIndependently(c.seed, c.lot_id, c.seq, c.signature, c.count, remaining);
      return {
        seed: c.seed.toString('hex'),
        lot_id: c.lot_id,
        seq: c.seq,
        signature: c.signature,
        randomness: sha(Buffer.from(c.signature, 'hex')),
        key: key.toString('hex'),
        stream: streamValues(key, 8).map(String),
        remaining_before: c.remaining,
        count: c.count,
        prizes,
        remaining_after: remaining,
      };
    }),
    extras: [
      { extra_prizes: [{ id: 3, kind: 'last_one', at: 0, every: 0 }, { id: 4, kind: 'milestone', at: 4, every: 4 }], total: 8, first_pack: 3, count: 6 },
      { extra_prizes: [{ id: 9, kind: 'milestone', at: 5, every: 0 }], total: 10, first_pack: 1, count: 10 },
    ].map((c) => ({ ...c, won: extrasFor(c.extra_prizes, c.total, c.first_pack, c.count) })),
  };
}

function nextRoundVectors() {
  const { genesis_time, period } = { genesis_time: 1692803367, period: 3 };
  const time = (r: number) => (genesis_time + (r - 1) * period) * 1000;
  return {
    about: 'nextRound(T) = floor((T − genesis_time·1000) / (period·1000)) + 2: the first round published strictly after T',
    cases: [
      { time_ms: time(1) - 1, round: 1 },
      { time_ms: time(1), round: 2 },
      { time_ms: time(123) - 1500, round: 123 },
      { time_ms: time(1000) - 1, round: 1000 },
      { time_ms: time(1000), round: 1001 },
      { time_ms: 1796000000000, round: Math.floor((1796000000000 - genesis_time * 1000) / 3000) + 2 },
    ].map((c) => ({ genesis_time, period, ...c })),
  };
}

function merkleVectors() {
  const leaves = CT_LEAVES.map((h) => leafHash(Buffer.from(h, 'hex')));
  const sizes = Array.from({ length: leaves.length + 1 }, (_, n) => n);
  return {
    about: 'RFC 9162 §2.1 over the RFC 6962 reference leaves: roots for every size, inclusion proofs for every leaf and size, consistency proofs for every 0 < first < second',
    leaves: CT_LEAVES,
    leaf_hashes: leaves.map(hex),
    roots: sizes.map((n) => ({ tree_size: n, root: hex(merkleRoot(leaves.slice(0, n))) })),
    inclusion: sizes.flatMap((n) => Array.from({ length: n }, (_, i) => ({ index: i, tree_size: n, proof: inclusionProof(i, leaves.slice(0, n)).map(hex) }))),
    consistency: sizes.flatMap((n) => sizes.filter((m) => m > 0 && m < n).map((m) => ({ first: m, second: n, proof: consistencyProof(m, leaves.slice(0, n)).map(hex) }))),
  };
}

function headVectors() {
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), fixed('log key')]);
  const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' }) as { x: string };
  const publicKey = Buffer.from(jwk.x, 'base64url').toString('hex');
  const fields = { log_id: sha(Buffer.from(publicKey, 'hex')), root_hash: sha('root'), timestamp: 1796000000000, tree_size: 42 };
  const message = canonicalJson(fields);
  return {
    about: 'spec §4: signature = Ed25519(private key, JCS of log_id, root_hash, timestamp, tree_size); log_id = sha256(public key)',
    public_key: publicKey,
    message,
    head: { ...fields, signature: sign(null, Buffer.from(message), privateKey).toString('hex') },
  };
}

function beaconVectors() {
  const [first, second] = quicknetRounds.rounds;
  return {
    about: 'drand quicknet rounds recorded from the public relays; valid is whether the signature verifies for round under the chain key (BLS12-381, G1 signature over sha256(u64be(round)), DST BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_)',
    chain_hash: quicknetRounds.chain_hash,
    rounds: [
      ...quicknetRounds.rounds.map((r) => ({ round: r.round, signature: r.signature, randomness: sha(Buffer.from(r.signature, 'hex')), valid: true })),
      { round: first!.round + 1, signature: first!.signature, randomness: sha(Buffer.from(first!.signature, 'hex')), valid: false },
      { round: second!.round, signature: first!.signature, randomness: sha(Buffer.from(first!.signature, 'hex')), valid: false },
    ],
  };
}

/** A sold-out lot drawn with genuine quicknet rounds, its mirror, an earlier head and a receipt. */
export function sampleLot() {
  return buildSoldOutLot({ beacon: 'quicknet', keySeed: fixed('log key'), tamper: { seed: fixed('lot 12 seed') } });
}

export function buildVectors(): Record<string, unknown> {
  const lot = sampleLot();
  return {
    'jcs.json': jcsVectors(),
    'commitment.json': { about: 'spec §2: commitment_hash = hex(sha256(JCS(document)))', document: lot.document, canonical: canonicalJson(lot.document), commitment_hash: sha(Buffer.from(canonicalJson(lot.document), 'utf8')) },
    'draw.json': drawVectors(),
    'next-round.json': nextRoundVectors(),
    'merkle.json': merkleVectors(),
    'tree-head.json': headVectors(),
    'beacon.json': beaconVectors(),
    'mirror-lot-12.json': lot.mirror,
    'mirror-lot-12-earlier-head.json': lot.log.heads[2],
    'mirror-lot-12-receipt.json': lot.receipts[1],
  };
}
