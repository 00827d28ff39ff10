/** A debit larger than the balance: the caller's transaction must roll back. */
export class InsufficientBalanceError extends Error {
  override name = 'InsufficientBalanceError';
  constructor(readonly currency: 'point' | 'coin') {
    super(`insufficient ${currency} balance`);
  }
}
