// @ts-check

/**
 * The failures a verifier names (spec §6), as a closed list so the CLI and the browser page
 * can say each in their own words.
 * @typedef {'malformed_mirror' | 'bad_head_signature' | 'head_order' | 'head_mismatch' |
 *   'history_rewritten' | 'no_commitment' | 'commitment_invalid' | 'commitment_late' |
 *   'beacon_misdeclared' | 'image_changed' | 'missing_purchase' | 'draw_invalid' |
 *   'forged_beacon_round' | 'wrong_beacon_round' | 'seed_mismatch' | 'card_changed' |
 *   'not_drawn' | 'not_revealed' | 'receipt_invalid'} FailureKind
 *
 * @typedef {{ kind: FailureKind, message: string, pack?: number, seq?: number, index?: number, round?: number }} Failure
 *
 * @typedef {{ pack: number, prize: number, extras: number[] }} PackOutcome
 *
 * @typedef {{
 *   ok: boolean,
 *   lot_id: number,
 *   failure: Failure | null,
 *   log_id: string | null,
 *   tree_size: number,
 *   newest_head_timestamp: number | null,
 *   heads_checked: number,
 *   earlier_head_checked: boolean,
 *   beacon: { independent: boolean, chain_hash: string } | null,
 *   total: number | null,
 *   packs_sold: number,
 *   purchases: number,
 *   draws_checked: number,
 *   revealed: boolean,
 *   sold_out: boolean,
 *   packs: PackOutcome[],
 *   images_checked: number,
 *   images_missing: string[],
 *   receipt: { seq: number, first_pack: number, count: number, prizes: number[] | null } | null,
 * }} LotReport
 */

/** A check that failed; verifyLot turns it into the report's failure. */
export class LotFailure extends Error {
  /**
   * @param {FailureKind} kind
   * @param {string} message
   * @param {Omit<Failure, 'kind' | 'message'>} [where]
   */
  constructor(kind, message, where = {}) {
    super(message);
    /** @type {Failure} */
    this.failure = { kind, message, ...where };
  }
}

/** @type {Record<FailureKind, string>} */
export const FAILURE_TITLES = {
  malformed_mirror: 'malformed mirror',
  bad_head_signature: 'bad tree head signature',
  head_order: 'tree heads out of order',
  head_mismatch: 'log entries do not match a signed head',
  history_rewritten: 'history rewritten',
  no_commitment: 'no commitment',
  commitment_invalid: 'commitment invalid',
  commitment_late: 'commitment published after the sale started',
  beacon_misdeclared: 'beacon misdeclared',
  image_changed: 'image changed',
  missing_purchase: 'missing purchase',
  draw_invalid: 'draw entry invalid',
  forged_beacon_round: 'forged beacon round',
  wrong_beacon_round: 'wrong beacon round',
  seed_mismatch: 'revealed seed does not match its hash',
  card_changed: 'card changed',
  not_drawn: 'purchase not drawn',
  not_revealed: 'sold out but not revealed',
  receipt_invalid: 'receipt invalid',
};

/**
 * One line for a terminal: "consistent …" or "INCONSISTENT: <failure> — <details>".
 * @param {LotReport} report
 * @returns {string}
 */
export function describeReport(report) {
  if (report.failure) {
    const f = report.failure;
    const title = f.kind === 'card_changed' && f.pack !== undefined ? `card changed at pack ${f.pack}` : FAILURE_TITLES[f.kind];
    return `INCONSISTENT (lot ${report.lot_id}): ${title} — ${f.message}`;
  }
  const beacon = report.beacon?.independent ? 'drand quicknet' : 'the shop\'s local beacon (NOT independent)';
  const state = report.revealed
    ? `${report.draws_checked} draws (${report.packs.length} packs) recomputed from the revealed seed`
    : `${report.draws_checked} draws' beacon rounds checked; the seed is not revealed yet, so the cards cannot be recomputed`;
  return [
    `consistent (lot ${report.lot_id}): ${state}`,
    `log: ${report.heads_checked} signed heads up to tree size ${report.tree_size}${report.earlier_head_checked ? ', consistent with the earlier head given' : ''}`,
    `beacon: ${beacon}; ${report.packs_sold}/${report.total} packs sold in ${report.purchases} purchases`,
    `images: ${report.images_checked} checked${report.images_missing.length ? `, ${report.images_missing.length} not in the mirror` : ''}`,
  ].join('\n');
}
