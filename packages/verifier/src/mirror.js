// @ts-check
import { fromBase64, isHex } from './bytes.js';
import { isSignedHead } from './heads.js';

/**
 * @typedef {import('./heads.js').SignedHead} SignedHead
 * @typedef {Record<string, unknown> & { type: string }} LogEntry
 * @typedef {{ format: 'oripa-mirror-v1', log_public_key: string, entries: LogEntry[],
 *   heads: SignedHead[], images: Map<string, Uint8Array> }} Mirror
 */

export class MirrorFormatError extends Error {}

/**
 * Reads a mirror document (spec §5) as hostile input: every field checked for its shape, entries
 * contiguous from index 0, heads sorted by tree size. Throws MirrorFormatError naming the first
 * problem.
 * @param {unknown} value the parsed JSON
 * @returns {Mirror}
 */
export function parseMirror(value) {
  const fail = (/** @type {string} */ why) => {
    throw new MirrorFormatError(`not an oripa-mirror-v1 document: ${why}`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('not a JSON object');
  const doc = /** @type {Record<string, unknown>} */ (value);
  if (doc.format !== 'oripa-mirror-v1') fail(`format is ${JSON.stringify(doc.format)}`);
  if (!isHex(doc.log_public_key, 32)) fail('log_public_key is not 32 bytes of hex');
  if (!Array.isArray(doc.entries)) fail('entries is not an array');
  if (!Array.isArray(doc.heads) || doc.heads.length === 0) fail('no signed heads');

  /** @type {LogEntry[]} */
  const entries = [];
  /** @type {unknown[]} */ (doc.entries).forEach((row, i) => {
    const r = /** @type {Record<string, unknown> | null} */ (typeof row === 'object' ? row : null);
    if (!r || r.index !== i) fail(`entry ${i} is missing or out of order`);
    const entry = /** @type {Record<string, unknown>} */ (r).entry;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) fail(`entry ${i} has no object`);
    if (typeof (/** @type {Record<string, unknown>} */ (entry).type) !== 'string') fail(`entry ${i} has no type`);
    entries.push(/** @type {LogEntry} */ (entry));
  });

  const heads = /** @type {unknown[]} */ (doc.heads).map((h, i) => {
    if (!isSignedHead(h)) return fail(`head ${i} is malformed`);
    return h;
  });
  heads.sort((a, b) => a.tree_size - b.tree_size);
  const newest = /** @type {SignedHead} */ (heads[heads.length - 1]);
  if (newest.tree_size !== entries.length) {
    fail(`the newest head covers ${newest.tree_size} entries but the mirror holds ${entries.length}`);
  }

  /** @type {Map<string, Uint8Array>} */
  const images = new Map();
  const rawImages = doc.images ?? {};
  if (typeof rawImages !== 'object' || rawImages === null || Array.isArray(rawImages)) fail('images is not an object');
  for (const [hash, data] of Object.entries(/** @type {Record<string, unknown>} */ (rawImages))) {
    if (!isHex(hash, 32)) fail(`image key ${hash} is not a sha256`);
    try {
      images.set(hash, fromBase64(/** @type {string} */ (data)));
    } catch {
      fail(`image ${hash} is not base64`);
    }
  }
  return {
    format: 'oripa-mirror-v1',
    log_public_key: /** @type {string} */ (doc.log_public_key),
    entries,
    heads,
    images,
  };
}
