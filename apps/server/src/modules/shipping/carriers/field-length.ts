import iconv from 'iconv-lite';
import { cellText } from '../../../lib/csv-file.ts';

/**
 * How the carriers count (decision 051): their label software takes Shift_JIS and limits each
 * field in bytes, a full-width character two and a half-width one one ("全角16文字" is 32 bytes).
 * The one measure of every layout, taken on the cell as the file holds it (code page 932 twins
 * mapped, a formula guard's apostrophe included).
 */
export function sjisBytes(value: string): number {
  return iconv.encode(cellText(value), 'cp932').length;
}

/** The longest start of `value` that fits in `bytes`, never cutting a character in half. */
export function cutToBytes(value: string, bytes: number): string {
  let out = '';
  for (const c of value) {
    if (sjisBytes(out + c) > bytes) break;
    out += c;
  }
  return out;
}

/**
 * `value` spread over `count` fields of `bytes` each, in order, as the carriers' address lines
 * (住所1, 2, 3) take a long address; what does not fit stays in the last one (and fails its check).
 */
export function spreadOverFields(value: string, bytes: number, count: number): string[] {
  const parts: string[] = [];
  let rest = value;
  for (let i = 0; i < count - 1; i++) {
    const part = cutToBytes(rest, bytes);
    parts.push(part);
    rest = rest.slice(part.length);
  }
  parts.push(rest);
  return parts;
}
