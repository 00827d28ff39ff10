/**
 * The points a refund takes back (decision 031): the payment's points in proportion to the yen
 * given back, counted cumulatively so partial refunds that add up to the whole take back exactly
 * the whole (no rounding left over). What the member already spent is not taken: the caller caps
 * this by what is unspent of the payment's points.
 */
export function pointsForRefund(payment: { point: number; amount: number }, refundedBefore: number, refundYen: number): number {
  const upTo = (yen: number) => Math.floor((payment.point * Math.min(yen, payment.amount)) / payment.amount);
  return upTo(refundedBefore + refundYen) - upTo(refundedBefore);
}
