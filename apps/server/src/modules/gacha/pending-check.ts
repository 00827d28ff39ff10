/** A check is good for this long; the buy must follow it. */
export const CHECK_TTL_MS = 10 * 60 * 1000;

/**
 * What the session remembers of a successful check (design decision 1) until a buy spends it:
 * the buy must name the same pack and count, within CHECK_TTL_MS, at the price as checked.
 */
export interface PendingCheck {
  packId: number;
  count: number;
  /** When the check was approved (epoch ms). */
  at: number;
  /** The price as checked; the buy refuses if the pack's price changed since. */
  price: number;
  paymentMethod: string;
  name: string;
}

/** Whether a session's pending check approves buying `count` packs of `packId` at `now`. */
export function approves(check: PendingCheck | null | undefined, packId: number, count: number, now: number): boolean {
  return !!check && check.packId === packId && check.count === count && now - check.at <= CHECK_TTL_MS;
}
