import { createHash } from 'node:crypto';
import { nextRound, verifyRound, type ChainInfo } from '../modules/beacon/chain.ts';
import { drawPurchase } from '../modules/gacha/draw-v2.ts';
import { extrasWon, type ExtraRule } from '../modules/catalog/extra-prizes.ts';
import { jcs, type Canonical } from '../kernel/jcs.ts';
import { verifyHead, type SignedHead } from '../modules/transparency/log-signer.ts';
import { leafHash, MerkleTree } from '../modules/transparency/merkle.ts';

/** Tests only: a mirror document as GET /api/transparency/mirror serves it. */
export interface Mirror {
  log_public_key: string;
  entries: { index: number; entry: Record<string, unknown> }[];
  heads: SignedHead[];
  images: Record<string, string>;
}

interface Doc {
  lot_id: number;
  total: number;
  lineup: { count: number; image_sha256: string | null }[];
  extra_prizes: { id: number; kind: ExtraRule['kind']; at: number; every: number; image_sha256: string | null }[];
  seed_hash: string;
  beacon: { chain_hash: string; public_key: string; genesis_time: number; period: number; independent: boolean };
}

/**
 * Tests only: the checks of docs/fairness/draw-v2.md §6 on a mirror, for one lot, written from
 * the specification (the standalone verifier is another implementation of the same text).
 * Returns the failures it names, empty when the lot verifies.
 */
export function checkMirror(mirror: Mirror, lotId: number, earlier?: SignedHead): string[] {
  const failures: string[] = [];
  const tree = new MerkleTree(mirror.entries.map((e) => leafHash(Buffer.from(jcs(e.entry as Canonical), 'utf8'))));
  let lastTime = 0;
  for (const head of mirror.heads) {
    if (!verifyHead(mirror.log_public_key, head)) failures.push(`head ${head.tree_size}: bad signature`);
    if (head.timestamp < lastTime) failures.push(`head ${head.tree_size}: time goes back`);
    lastTime = head.timestamp;
    if (head.tree_size > tree.size || tree.root(head.tree_size).toString('hex') !== head.root_hash) failures.push('history rewritten');
  }
  if (earlier) {
    if (!verifyHead(mirror.log_public_key, earlier)) failures.push('earlier head: bad signature');
    else if (earlier.tree_size > tree.size || tree.root(earlier.tree_size).toString('hex') !== earlier.root_hash) failures.push('history rewritten');
  }
  const of = (type: string) => mirror.entries.filter((e) => e.entry.type === type && e.entry.lot_id === lotId);
  const commitment = of('commitment')[0]?.entry as { commitment_hash: string; document: Doc } | undefined;
  if (!commitment) return [...failures, 'no commitment'];
  const doc = commitment.document;
  if (createHash('sha256').update(jcs(doc as unknown as Canonical), 'utf8').digest('hex') !== commitment.commitment_hash) failures.push('commitment hash');
  if (doc.lineup.reduce((s, p) => s + p.count, 0) !== doc.total) failures.push('lineup does not add up');
  for (const p of [...doc.lineup, ...doc.extra_prizes]) {
    const image = p.image_sha256 === null ? undefined : mirror.images[p.image_sha256];
    if (image !== undefined && createHash('sha256').update(Buffer.from(image, 'base64')).digest('hex') !== p.image_sha256) failures.push('image changed');
  }
  const chain: ChainInfo = {
    chainHash: doc.beacon.chain_hash,
    publicKey: doc.beacon.public_key,
    genesisTime: doc.beacon.genesis_time,
    period: doc.beacon.period,
    independent: doc.beacon.independent,
  };
  const purchases = of('purchase').map((e) => ({ index: e.index, ...(e.entry as { seq: number; count: number; first_pack: number }) }));
  let packs = 0;
  purchases.forEach((p, i) => {
    if (p.seq !== i + 1 || p.first_pack !== packs + 1) failures.push('missing purchase');
    packs += p.count;
  });
  if (packs > doc.total) failures.push('missing purchase');
  const reveal = of('reveal')[0]?.entry as { seed: string } | undefined;
  const seed = reveal && Buffer.from(reveal.seed, 'hex');
  if (seed && createHash('sha256').update(seed).digest('hex') !== doc.seed_hash) failures.push('seed does not match its hash');
  const remaining = doc.lineup.map((p) => p.count);
  const draws = new Map(of('draw').map((e) => [(e.entry as { seq: number }).seq, e.entry as unknown as { round: number; signature: string; prizes: number[]; extras: { pack: number; id: number }[] }]));
  for (const p of purchases) {
    const draw = draws.get(p.seq);
    if (!draw) continue;
    if (!verifyRound(chain, draw.round, draw.signature)) failures.push('forged beacon round');
    const head = mirror.heads.find((h) => h.tree_size > p.index);
    if (!head || draw.round !== nextRound(chain, head.timestamp)) failures.push(`round of purchase ${p.seq} is not nextRound(T_head)`);
    if (!seed) continue;
    const prizes = drawPurchase({ seed, lotId, seq: p.seq, count: p.count, signature: Buffer.from(draw.signature, 'hex'), remaining }).map((i) => i + 1);
    const extras = extrasWon(doc.extra_prizes, doc.total, p.first_pack - 1, p.count).map((e) => ({ pack: e.number, id: e.id }));
    const at = prizes.findIndex((prize, i) => prize !== draw.prizes[i]);
    if (at >= 0 || prizes.length !== draw.prizes.length) failures.push(`card changed at pack ${p.first_pack + Math.max(at, 0)}`);
    if (jcs(extras) !== jcs(draw.extras as unknown as Canonical)) failures.push(`card changed at pack ${p.first_pack}`);
  }
  if (packs === doc.total && (draws.size !== purchases.length || !reveal)) failures.push('sold out but not all drawn and revealed');
  return failures;
}
