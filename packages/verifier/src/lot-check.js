// @ts-check
import { beaconDeclarationProblem, nextRound, roundRandomness, verifyBeaconRound } from './beacon.js';
import { isHex, toHex } from './bytes.js';
import { commitmentHash, commitmentProblem } from './commitment.js';
import { drawPurchase, extrasWon, seedBytes } from './draw.js';
import { sha256 } from './hash.js';
import { LotFailure } from './report.js';

/**
 * @typedef {import('./mirror.js').Mirror} Mirror
 * @typedef {import('./log-check.js').CheckedLog} CheckedLog
 * @typedef {import('./commitment.js').CommitmentDocument} CommitmentDocument
 * @typedef {{ index: number, seq: number, count: number, first_pack: number }} Purchase
 * @typedef {{ index: number, seq: number, round: number, signature: string, prizes: number[], extras: { pack: number, id: number }[] }} Draw
 * @typedef {{ index: number, entry: Record<string, any> }} Indexed
 */

/**
 * The lot's entries in log order, by type.
 * @param {Mirror} mirror
 * @param {number} lotId
 */
export function lotEntries(mirror, lotId) {
  /** @type {Record<string, Indexed[]>} */
  const byType = { commitment: [], purchase: [], draw: [], reveal: [], withdrawal: [] };
  mirror.entries.forEach((entry, index) => {
    if (entry.lot_id === lotId && byType[entry.type]) byType[entry.type]?.push({ index, entry });
  });
  return /** @type {{ commitment: Indexed[], purchase: Indexed[], draw: Indexed[], reveal: Indexed[], withdrawal: Indexed[] }} */ (byType);
}

/**
 * Spec §6.2: one commitment whose hash, sums and beacon declaration hold, logged by sale start.
 * @param {Indexed[]} commitments
 * @param {number} lotId
 * @param {CheckedLog} log
 * @returns {{ index: number, document: CommitmentDocument }}
 */
export function checkCommitment(commitments, lotId, log) {
  if (commitments.length === 0) throw new LotFailure('no_commitment', `the log holds no commitment for lot ${lotId}`);
  if (commitments.length > 1) {
    throw new LotFailure('commitment_invalid', `lot ${lotId} is committed ${commitments.length} times`, { index: /** @type {Indexed} */ (commitments[1]).index });
  }
  const { index, entry } = /** @type {Indexed} */ (commitments[0]);
  const problem = commitmentProblem(entry.document, lotId);
  if (problem) throw new LotFailure('commitment_invalid', problem, { index });
  if (entry.commitment_hash !== commitmentHash(entry.document)) {
    throw new LotFailure('commitment_invalid', `the document hashes to ${commitmentHash(entry.document)}, not the logged ${entry.commitment_hash}`, { index });
  }
  const document = /** @type {CommitmentDocument} */ (entry.document);
  const beaconProblem = beaconDeclarationProblem(document.beacon);
  if (beaconProblem) throw new LotFailure('beacon_misdeclared', beaconProblem, { index });
  const head = log.headCovering(index);
  if (head.timestamp > document.sale_start) {
    throw new LotFailure('commitment_late', `the commitment was first signed at ${head.timestamp}, after the sale start ${document.sale_start}`, { index });
  }
  return { index, document };
}

/**
 * Spec §6.3: seq 1, 2, 3 … without a gap, first_pack contiguous, never past the total, and each
 * after the commitment.
 * @param {Indexed[]} rows
 * @param {CommitmentDocument} document
 * @param {number} commitmentIndex
 * @returns {Purchase[]}
 */
export function checkPurchases(rows, document, commitmentIndex) {
  let nextPack = 1;
  return rows.map(({ index, entry }, i) => {
    const seq = i + 1;
    if (entry.seq !== seq) {
      throw new LotFailure('missing_purchase', `purchase seq ${seq} is missing: the log goes on with seq ${entry.seq}`, { seq, index });
    }
    if (!Number.isSafeInteger(entry.count) || entry.count < 1 || entry.first_pack !== nextPack) {
      throw new LotFailure('missing_purchase', `purchase seq ${seq} starts at pack ${entry.first_pack}, but ${nextPack - 1} packs were recorded before it`, { seq, index });
    }
    if (index < commitmentIndex) throw new LotFailure('commitment_late', `purchase seq ${seq} was logged before the commitment`, { seq, index });
    if (nextPack + entry.count - 1 > document.total) {
      throw new LotFailure('missing_purchase', `purchase seq ${seq} goes past the lot's ${document.total} packs`, { seq, index });
    }
    nextPack += entry.count;
    return { index, seq, count: entry.count, first_pack: entry.first_pack };
  });
}

/**
 * Spec §6.4 without the seed: each draw follows its purchase in seq order, names the round
 * after the purchase's first signed head, and that round's signature is the beacon's.
 * @param {Indexed[]} rows
 * @param {Purchase[]} purchases
 * @param {CommitmentDocument} document
 * @param {CheckedLog} log
 * @returns {Draw[]}
 */
export function checkDraws(rows, purchases, document, log) {
  return rows.map(({ index, entry }, i) => {
    const purchase = purchases[i];
    if (!purchase || entry.seq !== purchase.seq || index < purchase.index) {
      throw new LotFailure('missing_purchase', `draw of seq ${entry.seq} has no recorded purchase before it (draws follow purchases in seq order)`, { index, seq: entry.seq });
    }
    const { seq } = purchase;
    const shapeOk = Number.isSafeInteger(entry.round) && isHex(entry.signature, 48) && Array.isArray(entry.prizes) && entry.prizes.length === purchase.count && Array.isArray(entry.extras);
    if (!shapeOk) throw new LotFailure('draw_invalid', `the draw of seq ${seq} is malformed`, { index, seq });
    const expected = nextRound(document.beacon, log.headCovering(purchase.index).timestamp);
    if (entry.round !== expected) {
      throw new LotFailure('wrong_beacon_round', `seq ${seq} was drawn with round ${entry.round}, but the first round after its signed head is ${expected}`, { index, seq, round: entry.round });
    }
    if (!verifyBeaconRound(document.beacon, entry.round, entry.signature)) {
      throw new LotFailure('forged_beacon_round', `the signature given for round ${entry.round} (seq ${seq}) is not the beacon's`, { index, seq, round: entry.round });
    }
    return { index, seq, round: entry.round, signature: entry.signature, prizes: entry.prizes, extras: entry.extras };
  });
}

/**
 * Spec §6.4 with the seed: it hashes to the commitment, and every draw recomputes.
 * @param {string} seedHex
 * @param {Draw[]} draws
 * @param {Purchase[]} purchases
 * @param {CommitmentDocument} document
 * @returns {import('./report.js').PackOutcome[]}
 */
export function recomputeDraws(seedHex, draws, purchases, document) {
  if (!isHex(seedHex, 32) || toHex(sha256(seedBytes(seedHex))) !== document.seed_hash) {
    throw new LotFailure('seed_mismatch', `the revealed seed does not hash to the committed ${document.seed_hash}`);
  }
  const seed = seedBytes(seedHex);
  const remaining = document.lineup.map((p) => p.count);
  /** @type {import('./report.js').PackOutcome[]} */
  const packs = [];
  for (const draw of draws) {
    const purchase = /** @type {Purchase} */ (purchases[draw.seq - 1]);
    const prizes = drawPurchase({ seed, lotId: document.lot_id, seq: draw.seq, randomness: roundRandomness(draw.signature), count: purchase.count, remaining });
    const extras = extrasWon(document.extra_prizes, document.total, purchase.first_pack, purchase.count);
    prizes.forEach((prize, i) => {
      const pack = purchase.first_pack + i;
      if (draw.prizes[i] !== prize) {
        throw new LotFailure('card_changed', `pack ${pack} holds prize ${prize} by the draw function, but the log says ${draw.prizes[i]}`, { pack, seq: draw.seq, index: draw.index });
      }
      packs.push({ pack, prize, extras: extras.filter((e) => e.pack === pack).map((e) => e.id) });
    });
    const logged = JSON.stringify(draw.extras.map((e) => ({ pack: e?.pack, id: e?.id })));
    if (logged !== JSON.stringify(extras)) {
      const pack = firstExtraDifference(extras, draw.extras) ?? purchase.first_pack;
      throw new LotFailure('card_changed', `the extra prizes of seq ${draw.seq} should be ${JSON.stringify(extras)}, the log says ${logged}`, { pack, seq: draw.seq, index: draw.index });
    }
  }
  return packs;
}

/** @param {{ pack: number, id: number }[]} want @param {{ pack: number, id: number }[]} got */
function firstExtraDifference(want, got) {
  for (let i = 0; i < Math.max(want.length, got.length); i += 1) {
    const a = want[i];
    const b = got[i];
    if (a?.pack !== b?.pack || a?.id !== b?.id) return Math.min(a?.pack ?? Infinity, b?.pack ?? Infinity);
  }
  return null;
}
