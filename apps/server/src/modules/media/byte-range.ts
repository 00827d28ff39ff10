import type { ByteSpan } from './blob-store.ts';

/** What a GET answers for a `Range` header (RFC 9110 section 14): the whole file, one span, or 416. */
export type RangeAnswer = { kind: 'whole' } | { kind: 'partial'; span: ByteSpan } | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d*)-(\d*)$/;

/**
 * The answer to `range` for a file of `size` bytes. A header that is not one well-formed bytes
 * range (another unit, several ranges, garbage) is ignored, as the RFC allows: the whole file.
 * `ifRange` (an ETag) sends the whole file when it names another version than `etag`.
 */
export function answerRange(range: string | undefined, size: number, etag: string, ifRange?: string): RangeAnswer {
  if (!range) return { kind: 'whole' };
  if (ifRange !== undefined && ifRange.trim() !== etag) return { kind: 'whole' };
  const match = SINGLE.exec(range.trim().replace(/\s+/g, ''));
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // A suffix: the last N bytes (all of them when N is larger than the file).
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', span: { start: Math.max(size - length, 0), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'whole' };
  return { kind: 'partial', span: { start, end: Math.min(end, size - 1) } };
}
