import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ZipcodeEntry } from '@oripa/contract/address';

/**
 * Japan Post's postal codes, shipped with the shop in data/jp-postal.tsv.gz (built by
 * scripts/build-postal-data.mjs; data/jp-postal.meta.json names the source and its date). One
 * line per (code, prefecture id, city, town), sorted by code. Loaded on first use (~150,000
 * lines), then looked up by binary search.
 */
export const POSTAL_DATA_FILE = path.resolve(import.meta.dirname, 'data/jp-postal.tsv.gz');

export class PostalTable {
  private constructor(private readonly lines: readonly string[]) {}

  static fromTsv(text: string): PostalTable {
    const lines = text.split('\n').filter((l) => l !== '');
    return new PostalTable(lines);
  }

  static fromFile(file: string = POSTAL_DATA_FILE): PostalTable {
    return PostalTable.fromTsv(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8'));
  }

  get size(): number {
    return this.lines.length;
  }

  /** Every address of a 7-digit code, in the data's order; empty when the code is unknown. */
  lookup(zipcode: string): ZipcodeEntry[] {
    let lo = 0;
    let hi = this.lines.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.lines[mid] as string).slice(0, 7) < zipcode) lo = mid + 1;
      else hi = mid;
    }
    const found: ZipcodeEntry[] = [];
    for (let i = lo; i < this.lines.length; i += 1) {
      const line = this.lines[i] as string;
      if (!line.startsWith(`${zipcode}\t`)) break;
      const [, pref, city, town] = line.split('\t');
      found.push({ prefcode: Number(pref), address2: city ?? '', address3: town ?? '' });
    }
    return found;
  }
}

let shared: PostalTable | undefined;

/** The shop's table, read from disk once. */
export function postalTable(): PostalTable {
  shared ??= PostalTable.fromFile();
  return shared;
}
