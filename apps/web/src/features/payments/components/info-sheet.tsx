import type { ReactNode } from 'react';

export interface InfoRow {
  label: string;
  value: ReactNode;
  testId?: string;
  /** Highlights the row (the amount to pay). */
  strong?: boolean;
  /** A number the member copies by hand: shown large, selectable at once. */
  code?: boolean;
}

/** Label / value rows of a payment's details (amount, bank, account, number, deadline). */
export function InfoSheet({ rows, label }: { rows: InfoRow[]; label: string }) {
  return (
    <dl className="pay-sheet" aria-label={label}>
      {rows.map((row) => (
        <div key={row.label} className={row.strong ? 'pay-sheet__row is-strong' : 'pay-sheet__row'}>
          <dt>{row.label}</dt>
          <dd className={row.code ? 'pay-sheet__code' : undefined} data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Where a payment stands when it no longer waits for the member. */
export function StateNotice({ state, paid, expired, closed }: { state: string; paid: string; expired: string; closed: string }) {
  if (state === 'pending' || state === 'requires_action' || state === '') return null;
  const text = state === 'succeeded' ? paid : state === 'expired' ? expired : closed;
  return (
    <p className={state === 'succeeded' ? 'pay-state pay-state--ok' : 'pay-state pay-state--closed'} role="status" data-testid="payment-state">
      {text}
    </p>
  );
}
