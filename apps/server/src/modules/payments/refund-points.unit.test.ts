import { describe, expect, it } from 'vitest';
import { pointsForRefund } from './refund-points.ts';

describe('pointsForRefund', () => {
  const payment = { point: 500, amount: 550 };

  it('takes every point back with a full refund', () => {
    expect(pointsForRefund(payment, 0, 550)).toBe(500);
  });

  it('takes the proportion of a partial refund, and partial refunds add up to the whole', () => {
    const first = pointsForRefund(payment, 0, 100);
    const second = pointsForRefund(payment, 100, 333);
    const third = pointsForRefund(payment, 433, 117);
    expect(first).toBe(90);
    expect(first + second + third).toBe(500);
  });

  it('never counts yen beyond the payment', () => {
    // 500 + 100 yen exceed the 550 paid: counted up to 550, so the rest of the 500 points.
    expect(pointsForRefund(payment, 500, 100)).toBe(500 - 454);
  });
});
