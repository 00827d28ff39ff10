import { PAYMENT_METHOD } from '@oripa/contract/constants';
import type { PaymentMethod } from '@oripa/contract/catalog';

/** '1234567' → '1,234,567'. Works on a string of digits so no float ever touches the value. */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** An integer with thousands separators: 1234 → '1,234', -5000 → '-5,000'. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const whole = Math.trunc(value);
  const sign = whole < 0 ? '-' : '';
  return sign + groupDigits(String(Math.abs(whole)));
}

/** Points: 1234 → '1,234P'. */
export function formatPoints(value: number): string {
  return `${formatNumber(value)}P`;
}

/**
 * Coins arrive as decimal strings ("1234.50"); they are shown from the digits as sent (no float
 * ever touches them), with thousands separators, and decimals only when there are some (issue
 * 15): '150.00' → '150C', '150.50' → '150.5C', '1234.05' → '1,234.05C'. Integers work too.
 */
export function formatCoins(value: string | number): string {
  const text = typeof value === 'number' ? String(Math.trunc(value)) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return `${text}C`;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const kept = fraction.replace(/0+$/, '');
  // '-0.00' is no debt: drop the sign of a zero.
  const shownSign = /^0*$/.test(whole) && kept === '' ? '' : sign;
  return `${shownSign}${groupDigits(whole)}${kept === '' ? '' : `.${kept}`}C`;
}

/** Yen: 1100 → '¥1,100'. */
export function formatYen(value: number): string {
  return `¥${formatNumber(value)}`;
}

/** A pack price in its currency: points ('1') end in P, coins ('2') in C. */
export function formatPackPrice(amount: number, paymentMethod: PaymentMethod): string {
  return paymentMethod === PAYMENT_METHOD.coins ? formatCoins(amount) : formatPoints(amount);
}
