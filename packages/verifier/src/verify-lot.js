// @ts-check
import { toHex } from './bytes.js';
import { sha256 } from './hash.js';
import { logIdOf } from './heads.js';
import { checkKeptHead, checkLog, checkReceipt } from './log-check.js';
import { checkCommitment, checkDraws, checkPurchases, lotEntries, recomputeDraws } from './lot-check.js';
import { MirrorFormatError, parseMirror } from './mirror.js';
import { LotFailure } from './report.js';

/**
 * @typedef {import('./report.js').LotReport} LotReport
 * @typedef {{ earlierHead?: unknown, receipt?: unknown,
 *   images?: Map<string, Uint8Array> | Record<string, Uint8Array> }} VerifyOptions
 */

/**
 * Checks one lot of a mirror (spec §6) and reports either ok or the first failure, by kind.
 * Nothing is trusted but the mirror's own signatures and the beacon's public key: the log key
 * is the mirror's (compare it with the one the site publishes), an earlier head or a receipt a
 * member kept pins history, and images given in options are checked like the mirror's own.
 * @param {unknown} mirrorJson the parsed mirror document
 * @param {number} lotId
 * @param {VerifyOptions} [options]
 * @returns {LotReport}
 */
export function verifyLot(mirrorJson, lotId, options = {}) {
  /** @type {LotReport} */
  const report = {
    ok: false, lot_id: lotId, failure: null, log_id: null, tree_size: 0, newest_head_timestamp: null,
    heads_checked: 0, earlier_head_checked: false, beacon: null, total: null, packs_sold: 0, purchases: 0,
    draws_checked: 0, revealed: false, sold_out: false, packs: [], images_checked: 0, images_missing: [], receipt: null,
  };
  try {
    const mirror = parseMirror(mirrorJson);
    report.log_id = logIdOf(mirror.log_public_key);
    const log = checkLog(mirror);
    const newest = mirror.heads[mirror.heads.length - 1];
    report.tree_size = newest?.tree_size ?? 0;
    report.newest_head_timestamp = newest?.timestamp ?? null;
    report.heads_checked = mirror.heads.length;
    if (options.earlierHead !== undefined) {
      checkKeptHead(options.earlierHead, mirror, log, 'earlier head');
      report.earlier_head_checked = true;
    }

    const rows = lotEntries(mirror, lotId);
    const { index: commitmentIndex, document } = checkCommitment(rows.commitment, lotId, log);
    report.total = document.total;
    report.beacon = { independent: document.beacon.independent, chain_hash: document.beacon.chain_hash };
    checkImages(document, mirror.images, options.images, report);

    const purchases = checkPurchases(rows.purchase, document, commitmentIndex);
    report.purchases = purchases.length;
    report.packs_sold = purchases.reduce((n, p) => n + p.count, 0);
    report.sold_out = report.packs_sold === document.total;
    const draws = checkDraws(rows.draw, purchases, document, log);
    report.draws_checked = draws.length;

    if (rows.reveal.length > 1) throw new LotFailure('seed_mismatch', `lot ${lotId} is revealed ${rows.reveal.length} times`);
    const reveal = rows.reveal[0];
    if (reveal) {
      report.packs = recomputeDraws(reveal.entry.seed, draws, purchases, document);
      report.revealed = true;
    }
    if (report.sold_out && draws.length < purchases.length) {
      const seq = draws.length + 1;
      throw new LotFailure('not_drawn', `the lot is sold out but purchase seq ${seq} has no draw`, { seq });
    }
    if (report.sold_out && !reveal) throw new LotFailure('not_revealed', `lot ${lotId} is sold out but its seed is not revealed`);

    if (options.receipt !== undefined) {
      const entry = checkReceipt(options.receipt, lotId, mirror, log);
      const draw = draws.find((d) => d.seq === entry.seq);
      report.receipt = { seq: Number(entry.seq), first_pack: Number(entry.first_pack), count: Number(entry.count), prizes: draw ? draw.prizes : null };
    }
    report.ok = true;
  } catch (error) {
    if (error instanceof LotFailure) report.failure = error.failure;
    else if (error instanceof MirrorFormatError) report.failure = { kind: 'malformed_mirror', message: error.message };
    else throw error;
  }
  return report;
}

/**
 * Spec §6.2: each committed image whose bytes are at hand hashes to its commitment.
 * @param {import('./commitment.js').CommitmentDocument} document
 * @param {Map<string, Uint8Array>} mirrorImages
 * @param {VerifyOptions['images']} given
 * @param {LotReport} report
 */
function checkImages(document, mirrorImages, given, report) {
  const extra = given instanceof Map ? given : new Map(Object.entries(given ?? {}));
  const committed = [
    ...document.lineup.map((p) => ({ hash: p.image_sha256, what: `prize ${p.prize} (${p.name})` })),
    ...document.extra_prizes.map((e) => ({ hash: e.image_sha256, what: `extra prize ${e.id} (${e.name})` })),
  ];
  for (const { hash, what } of committed) {
    if (hash === null) continue;
    const sources = [mirrorImages.get(hash), extra.get(hash)].filter((b) => b !== undefined);
    if (sources.length === 0) {
      if (!report.images_missing.includes(hash)) report.images_missing.push(hash);
      continue;
    }
    for (const bytes of sources) {
      const actual = toHex(sha256(bytes));
      if (actual !== hash) throw new LotFailure('image_changed', `the image of ${what} hashes to ${actual}, not the committed ${hash}`);
    }
    report.images_checked += 1;
  }
}
