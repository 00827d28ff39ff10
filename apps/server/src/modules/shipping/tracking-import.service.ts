import { message, type MessageCode } from '@oripa/contract/messages';
import { CARRIER_TRACKING_PATTERNS } from '@oripa/contract/carrier-formats';
import { CARRIER_NAMES, normalizeTrackingNumber, SHIPPING_STATE, TRACKING_NUMBER_PATTERN, type Carrier } from '@oripa/contract/shipping';
import type { Lang } from '@oripa/contract/states';
import { withDeadlockRetry } from '../../db/deadlock-retry.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Actor } from '../audit/audit.service.ts';
import { decodeCsvUpload } from '../../lib/csv-file.ts';
import { parseTrackingFile, type TrackingLine } from './carrier-csv.ts';
import { lockRequests, parcelOf, type LockedRequest } from './shipping.repo.ts';
import { applyStep, type Parcel } from './shipping-transition.service.ts';

export interface LineError {
  line: number;
  reason: string;
}

type Problem = { line: number; code: MessageCode; params?: Record<string, string> };

/** What one line asks, or why it cannot be done (checked against the locked requests and the carrier's number format). */
function checkLine(l: TrackingLine, rows: Map<number, LockedRequest>, seen: Set<number>, carrier: Carrier): Problem | { id: number; tracking: string } {
  const id = /^[1-9]\d{0,9}$/.test(l.requestId) ? Number(l.requestId) : Number.NaN;
  const row = rows.get(id);
  if (!row) return { line: l.line, code: 'shipping.line_request', params: { value: l.requestId.slice(0, 40) } };
  // A combined parcel is one line: a second line naming any of its requests repeats it.
  if (seen.has(parcelOf(row))) return { line: l.line, code: 'shipping.line_duplicate', params: { value: String(id) } };
  seen.add(parcelOf(row));
  const tracking = normalizeTrackingNumber(l.trackingNumber);
  if (!TRACKING_NUMBER_PATTERN.test(tracking)) return { line: l.line, code: 'shipping.line_tracking', params: { value: l.trackingNumber.slice(0, 40) } };
  if (!CARRIER_TRACKING_PATTERNS[carrier].test(tracking)) {
    return { line: l.line, code: 'shipping.line_tracking_carrier', params: { value: l.trackingNumber.slice(0, 40), carrier: CARRIER_NAMES[carrier].ja } };
  }
  // Packed requests ship now; a shipped one may have its number corrected (no second event).
  if (row.status !== SHIPPING_STATE.packed && row.status !== SHIPPING_STATE.shipped) {
    return { line: l.line, code: 'shipping.line_state', params: { value: String(id), state: row.status } };
  }
  return { id, tracking };
}

/**
 * POST /admin/shipping/import: a carrier file of tracking numbers (decision 020). Every line is
 * checked first, under the requests' locks; any problem answers every bad line with its number
 * and reason and applies nothing. A good file ships each named parcel (every request of a combined
 * one) with its carrier and tracking number in one transaction.
 */
export async function importTracking(db: Db, file: Buffer, carrier: Carrier, actor: Actor, lang: Lang, now = new Date()) {
  const parsed = parseTrackingFile(decodeCsvUpload(file));
  if (!parsed.ok) {
    const reason =
      parsed.problem === 'duplicate'
        ? message('shipping.line_header_duplicate', lang, { column: parsed.column.name, first: String(parsed.column.first), second: String(parsed.column.second) })
        : message(parsed.problem === 'csv' ? 'shipping.line_csv' : 'shipping.line_header', lang);
    throw AppError.field('file_base64', 'shipping.import_refused', { count: 1 }, { line_errors: [{ line: parsed.line, reason }] });
  }
  if (parsed.lines.length === 0) throw AppError.field('file_base64', 'shipping.file_empty');
  const ids = parsed.lines.map((l) => Number(l.requestId)).filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2147483647);
  // A parcel found grown after the first locks takes more of them out of id order: a deadlock is
  // possible then, and PostgreSQL's victim is tried again (decision 051).
  return withDeadlockRetry(() => db.transaction(async (tx) => {
    const rows = new Map((await lockRequests(tx, [...new Set(ids)])).map((r) => [r.id, r]));
    const seen = new Set<number>();
    const problems: Problem[] = [];
    const parcels = new Map<number, Parcel>();
    for (const l of parsed.lines) {
      const checked = checkLine(l, rows, seen, carrier);
      if ('code' in checked) problems.push(checked);
      else {
        // Every request of the parcel gets its one number (decision 051).
        const lead = parcelOf(rows.get(checked.id) as LockedRequest);
        for (const r of rows.values()) if (parcelOf(r) === lead) parcels.set(r.id, { carrier, trackingNumber: checked.tracking });
      }
    }
    if (problems.length > 0) {
      const lineErrors: LineError[] = problems.map((p) => ({ line: p.line, reason: message(p.code, lang, p.params) }));
      throw AppError.field('file_base64', 'shipping.import_refused', { count: problems.length }, { line_errors: lineErrors });
    }
    const named = [...parcels.keys()].sort((a, b) => a - b).map((id) => rows.get(id) as LockedRequest);
    const outcome = await applyStep(tx, named, { to: SHIPPING_STATE.shipped, convert: false, parcels }, actor, now);
    return { applied: outcome.applied, unchanged: outcome.unchanged, line_errors: [] };
  }));
}
