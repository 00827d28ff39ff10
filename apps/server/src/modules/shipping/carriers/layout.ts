import type { CarrierFormat } from '@oripa/contract/carrier-formats';
import { csvFile } from '../../../lib/csv-file.ts';
import { cutToBytes, sjisBytes } from './field-length.ts';

/**
 * A carrier's import layout as data (decision 051): its columns in order, each with the limit
 * the carrier sets (Shift_JIS bytes) and how it is filled from a parcel. One file, one module a
 * layout; this one makes the file and the length report for all of them. Pure.
 */

/** One parcel as every layout reads it (a combined parcel is one, under its lead request's id). */
export interface CarrierParcel {
  /** The parcel's number (お客様管理番号): its first request's id. */
  parcelId: number;
  requestIds: readonly number[];
  /** Japan date the parcel is to leave, YYYY/MM/DD. */
  shipDate: string;
  recipient: { name: string; zipcode: string; address: string; building: string; tel: string };
  sender: { name: string; zipcode: string; address: string; tel: string };
  /** What the parcel holds, for the content fields (品名): a general name and the packs and counts. */
  item: string;
  detail: string;
}

export interface LayoutColumn {
  name: string;
  /** The carrier's limit in Shift_JIS bytes; none for fixed codes and fields the shop leaves empty. */
  bytes?: number;
  fill?: (p: CarrierParcel) => string;
  /**
   * Shop-made text (品名, 記事) may be cut to the limit rather than refuse the file: the label
   * still says what is inside. A member's name, address or phone number is never cut.
   */
  cut?: boolean;
}

/**
 * A field spread over several columns (住所1〜3): checked as a whole, since the spread fills each
 * column to its size; the columns themselves then name no limit.
 */
export interface LayoutSpan {
  name: string;
  bytes: number;
  value: (p: CarrierParcel) => string;
}

export interface CarrierLayout {
  format: CarrierFormat;
  /** The file name's start (the export adds the time). */
  filePrefix: string;
  columns: readonly LayoutColumn[];
  spans?: readonly LayoutSpan[];
}

export interface FieldReport {
  parcelId: number;
  requestIds: readonly number[];
  field: string;
  limit: number;
  length: number;
}

export type LayoutFile = { ok: true; file: Buffer; truncated: FieldReport[] } | { ok: false; overLimits: FieldReport[] };

/** The carrier file of `parcels`, header first, or every field over its limit (nothing cut but shop text). */
export function layoutFile(layout: CarrierLayout, parcels: readonly CarrierParcel[]): LayoutFile {
  const overLimits: FieldReport[] = [];
  const truncated: FieldReport[] = [];
  const report = (p: CarrierParcel, field: string, limit: number, length: number) => ({ parcelId: p.parcelId, requestIds: p.requestIds, field, limit, length });
  const rows = parcels.map((p) => {
    for (const span of layout.spans ?? []) {
      const length = sjisBytes(span.value(p));
      if (length > span.bytes) overLimits.push(report(p, span.name, span.bytes, length));
    }
    return layout.columns.map((c) => {
      const value = c.fill?.(p) ?? '';
      const length = c.bytes === undefined ? 0 : sjisBytes(value);
      if (c.bytes === undefined || length <= c.bytes) return value;
      if (c.cut) {
        truncated.push(report(p, c.name, c.bytes, length));
        return cutToBytes(value, c.bytes);
      }
      overLimits.push(report(p, c.name, c.bytes, length));
      return value;
    });
  });
  if (overLimits.length > 0) return { ok: false, overLimits };
  return { ok: true, file: csvFile(layout.columns.map((c) => c.name), rows, 'sjis'), truncated };
}

/** The limits of a layout by column, for the tests and the decision record's table. */
export function limitsOf(layout: CarrierLayout): Record<string, number> {
  return Object.fromEntries(layout.columns.filter((c) => c.bytes !== undefined).map((c) => [c.name, c.bytes as number]));
}
