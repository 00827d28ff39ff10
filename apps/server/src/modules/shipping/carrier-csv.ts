import { parse } from 'csv-parse/sync';

/**
 * The carrier files' other half (decision 020): an uploaded file of tracking numbers as the
 * carrier's software gives it back after printing, read with csv-parse. The exports are
 * carriers/*.ts (decision 051). Pure: no database, no clock.
 */

export interface TrackingLine {
  /** Line of the file the record ends on (1-based), for the operator to find it. */
  line: number;
  requestId: string;
  trackingNumber: string;
}

/** A header naming a column the import reads more than once: its name and both positions (1-based). */
export interface DuplicateColumn {
  name: string;
  first: number;
  second: number;
}

export type ParsedTracking =
  | { ok: true; lines: TrackingLine[] }
  | { ok: false; line: number; problem: 'csv' | 'header' }
  | { ok: false; line: number; problem: 'duplicate'; column: DuplicateColumn };

/**
 * The header names of the two columns the import reads, as each carrier's software writes them
 * (B2 Cloud, e飛伝, ゆうプリR): the parcel's number the export wrote, and the tracking number.
 */
const ID_COLUMNS = ['お客様管理番号', 'お客様管理ナンバー', 'お客様側管理番号'];
const TRACKING_COLUMNS = ['伝票番号', 'お問合せ送り状No', 'お問い合せ送り状NO', '問合せ番号', 'お問合せ番号', '追跡番号'];

/** The first column the import reads that the header names twice (which one is meant is unclear). */
function duplicateColumn(header: string[]): DuplicateColumn | undefined {
  for (const name of [...ID_COLUMNS, ...TRACKING_COLUMNS]) {
    const first = header.indexOf(name);
    const second = first < 0 ? -1 : header.indexOf(name, first + 1);
    if (second >= 0) return { name, first: first + 1, second: second + 1 };
  }
  return undefined;
}

/** The position of the first of `names` the header has (-1 when none). */
function columnOf(header: string[], names: readonly string[]): number {
  return header.findIndex((h) => names.includes(h));
}

/**
 * The parcel's number (お客様管理番号) and tracking number (伝票番号) of each record. With a header
 * line the columns are found by name (any carrier's export, or a file cut down to those two columns);
 * without one they are columns 1 and 4 of the basic layout. A header naming either twice is
 * refused (issue 22 G): the first column used to win silently.
 */
export function parseTrackingFile(text: string): ParsedTracking {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { info: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as unknown as typeof records;
  } catch (error) {
    const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as { lines: number }).lines : 1;
    return { ok: false, line, problem: 'csv' };
  }
  let idColumn = 0;
  let trackingColumn = 3;
  const first = records[0];
  if (first && !/^\d+$/.test(first.record[0] ?? '')) {
    const duplicate = duplicateColumn(first.record);
    if (duplicate) return { ok: false, line: first.info.lines, problem: 'duplicate', column: duplicate };
    idColumn = columnOf(first.record, ID_COLUMNS);
    trackingColumn = columnOf(first.record, TRACKING_COLUMNS);
    if (idColumn < 0 || trackingColumn < 0) return { ok: false, line: first.info.lines, problem: 'header' };
    records = records.slice(1);
  }
  return {
    ok: true,
    lines: records.map(({ record, info }) => ({
      line: info.lines,
      requestId: record[idColumn] ?? '',
      trackingNumber: record[trackingColumn] ?? '',
    })),
  };
}
