/**
 * Coin amounts are decimal strings with two places ('120.50'); comparisons and arithmetic go
 * through integer hundredths, never floats.
 */

/** '120.5' → 12050n. The input is a numeric column's text or a checked coin amount. */
export function toCents(amount: string): bigint {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`bad coin amount ${amount}`);
  const cents = BigInt(match[2] as string) * 100n + BigInt((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** 12050n → '120.50'. */
export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The same amount written two ways ('300' and '300.00') compares equal. */
export function sameAmount(a: string, b: string): boolean {
  return toCents(a) === toCents(b);
}
