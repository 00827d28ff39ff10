/**
 * RFC 8785 canonical JSON for the fairness documents (docs/fairness/draw-v2.md): keys sorted by
 * UTF-16 code units, no white space, strings as ECMAScript's JSON.stringify writes them. Every
 * number in these documents is an integer; anything else is refused rather than guessed at.
 */
export type Canonical = null | boolean | number | string | Canonical[] | { [key: string]: Canonical };

export function jcs(value: Canonical): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer: ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(jcs).join(',')}]`;
  // The default sort compares UTF-16 code units, which is what RFC 8785 §3.2.3 asks for.
  const keys = Object.keys(value)
    .filter((k) => value[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${jcs(value[k] as Canonical)}`).join(',')}}`;
}

export function jcsBytes(value: Canonical): Buffer {
  return Buffer.from(jcs(value), 'utf8');
}
