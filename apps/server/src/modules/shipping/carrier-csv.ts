import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { csvCell } from '../../lib/csv-file.ts';

/**
 * The carrier files of the shipping queue (decision 020): the export in the column order of
 * Yamato's B2 Cloud (送り状発行システムB2クラウド) 外部データ取込 basic layout, encoded as the
 * carrier's Windows software expects (Shift_JIS, Microsoft's code page 932, CRLF), and the import
 * of the same layout as B2 Cloud gives it back after printing (伝票番号 filled in), read with
 * csv-parse. Pure: no database, no clock.
 */

/** Columns 1-42 of the B2 Cloud basic layout, in order (the later ones are optional and left out). */
export const B2_COLUMNS = [
  'お客様管理番号',
  '送り状種類',
  'クール区分',
  '伝票番号',
  '出荷予定日',
  'お届け予定日',
  '配達時間帯',
  'お届け先コード',
  'お届け先電話番号',
  'お届け先電話番号枝番',
  'お届け先郵便番号',
  'お届け先住所',
  'お届け先アパートマンション名',
  'お届け先会社・部門１',
  'お届け先会社・部門２',
  'お届け先名',
  'お届け先名(ｶﾅ)',
  '敬称',
  'ご依頼主コード',
  'ご依頼主電話番号',
  'ご依頼主電話番号枝番',
  'ご依頼主郵便番号',
  'ご依頼主住所',
  'ご依頼主アパートマンション',
  'ご依頼主名',
  'ご依頼主名(ｶﾅ)',
  '品名コード１',
  '品名１',
  '品名コード２',
  '品名２',
  '荷扱い１',
  '荷扱い２',
  '記事',
  'コレクト代金引換額（税込)',
  '内消費税額等',
  '止置き',
  '営業所コード',
  '発行枚数',
  '個数口表示フラグ',
  '請求先顧客コード',
  '請求先分類コード',
  '運賃管理番号',
] as const;
type B2Column = (typeof B2_COLUMNS)[number];

/** 送り状種類 0: 発払 (the shop pays); クール区分 0: normal. */
const PREPAID = '0';
const NORMAL = '0';

export interface ExportParcel {
  requestId: number;
  /** Japan date the parcel is to leave, YYYY/MM/DD. */
  shipDate: string;
  recipient: { name: string; zipcode: string; address: string; building: string; tel: string };
  sender: { name: string; zipcode: string; address: string; tel: string };
  /** 品名1 and 品名2: what the parcel holds (B2 prints both). */
  item: string;
  detail: string;
}

function rowOf(p: ExportParcel): string[] {
  const values: Partial<Record<B2Column, string>> = {
    お客様管理番号: String(p.requestId),
    送り状種類: PREPAID,
    クール区分: NORMAL,
    出荷予定日: p.shipDate,
    お届け先電話番号: p.recipient.tel,
    お届け先郵便番号: p.recipient.zipcode,
    お届け先住所: p.recipient.address,
    お届け先アパートマンション名: p.recipient.building,
    お届け先名: p.recipient.name,
    敬称: '様',
    ご依頼主電話番号: p.sender.tel,
    ご依頼主郵便番号: p.sender.zipcode,
    ご依頼主住所: p.sender.address,
    ご依頼主名: p.sender.name,
    品名１: p.item,
    品名２: p.detail,
    記事: `#${p.requestId}`,
    発行枚数: '1',
  };
  return B2_COLUMNS.map((c) => values[c] ?? '');
}

/** The export file: a header line, one line per parcel, CRLF, in code page 932 (Shift_JIS). */
export function b2ExportFile(parcels: readonly ExportParcel[]): Buffer {
  // Cells are already as written (csvCell maps them to code page 932): encoding them again changes nothing.
  const lines = [B2_COLUMNS.map((c) => csvCell(c)).join(','), ...parcels.map((p) => rowOf(p).map((c) => csvCell(c)).join(','))];
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'cp932');
}

/**
 * An uploaded file as text: UTF-8 with or without a byte-order mark when it is valid UTF-8,
 * otherwise Shift_JIS (code page 932), which is what B2 Cloud and spreadsheet programs save.
 */
export function decodeUpload(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'cp932');
  }
}

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

/** The first column the import reads that the header names twice (which one is meant is unclear). */
function duplicateColumn(header: string[]): DuplicateColumn | undefined {
  for (const name of ['お客様管理番号', '伝票番号']) {
    const first = header.indexOf(name);
    const second = first < 0 ? -1 : header.indexOf(name, first + 1);
    if (second >= 0) return { name, first: first + 1, second: second + 1 };
  }
  return undefined;
}

/**
 * The request id (お客様管理番号) and tracking number (伝票番号) of each record. With a header line
 * the columns are found by name (B2 Cloud's export, or a file cut down to those two columns);
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
    idColumn = first.record.indexOf('お客様管理番号');
    trackingColumn = first.record.indexOf('伝票番号');
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
