// @ts-check
import { isHex, toHex } from './bytes.js';
import { sha256 } from './hash.js';
import { canonicalBytes } from './jcs.js';

/**
 * @typedef {{ prize: number, name: string, name_en: string | null, rarity: number, points: number,
 *   count: number, image_sha256: string | null }} LineupPrize
 * @typedef {{ id: number, kind: 'last_one' | 'milestone', at: number, every: number, name: string,
 *   name_en: string | null, points: number, image_sha256: string | null }} ExtraPrize
 * @typedef {{ algorithm: 'oripa-draw-v2', lot_id: number, total: number, lineup: LineupPrize[],
 *   extra_prizes: ExtraPrize[], sale_start: number, reveal_deadline: number, seed_hash: string,
 *   beacon: import('./beacon.js').BeaconInfo & { independent: boolean } }} CommitmentDocument
 */

/** commitment_hash = hex(sha256(JCS(document))). @param {unknown} document */
export function commitmentHash(document) {
  return toHex(sha256(canonicalBytes(document)));
}

const int = (/** @type {unknown} */ v, min = 0) => Number.isSafeInteger(v) && /** @type {number} */ (v) >= min;
const text = (/** @type {unknown} */ v) => typeof v === 'string';
const textOrNull = (/** @type {unknown} */ v) => v === null || typeof v === 'string';
const hashOrNull = (/** @type {unknown} */ v) => v === null || isHex(v, 32);

/**
 * What is wrong with a commitment document's shape and sums (spec §2), or null.
 * @param {unknown} value
 * @param {number} lotId
 * @returns {string | null}
 */
export function commitmentProblem(value, lotId) {
  if (typeof value !== 'object' || value === null) return 'the document is not an object';
  const d = /** @type {Record<string, any>} */ (value);
  if (d.algorithm !== 'oripa-draw-v2') return `algorithm ${JSON.stringify(d.algorithm)} is not oripa-draw-v2`;
  if (d.lot_id !== lotId) return `the document is for lot ${d.lot_id}`;
  if (!int(d.total, 1)) return 'total is not a positive integer';
  if (!Array.isArray(d.lineup) || d.lineup.length === 0) return 'the lineup is empty';
  for (const [i, p] of d.lineup.entries()) {
    const ok = p && p.prize === i + 1 && text(p.name) && textOrNull(p.name_en) && int(p.rarity) && int(p.points) && int(p.count) && hashOrNull(p.image_sha256);
    if (!ok) return `lineup prize ${i + 1} is malformed`;
  }
  const sum = d.lineup.reduce((/** @type {number} */ n, /** @type {LineupPrize} */ p) => n + p.count, 0);
  if (sum !== d.total) return `the lineup's counts sum to ${sum}, not the total ${d.total}`;
  if (!Array.isArray(d.extra_prizes)) return 'extra_prizes is not an array';
  for (const e of d.extra_prizes) {
    const ok = e && int(e.id) && (e.kind === 'last_one' || e.kind === 'milestone') && int(e.at) && int(e.every) && text(e.name) && textOrNull(e.name_en) && int(e.points) && hashOrNull(e.image_sha256);
    if (!ok) return `extra prize ${JSON.stringify(e?.id)} is malformed`;
  }
  if (!int(d.sale_start) || !int(d.reveal_deadline)) return 'sale_start or reveal_deadline is not a time';
  if (!isHex(d.seed_hash, 32)) return 'seed_hash is not a sha256';
  const b = d.beacon;
  if (!b || !isHex(b.chain_hash, 32) || !isHex(b.public_key, 96) || !int(b.genesis_time) || !int(b.period, 1) || !text(b.scheme) || typeof b.independent !== 'boolean') {
    return 'the beacon is malformed';
  }
  return null;
}
