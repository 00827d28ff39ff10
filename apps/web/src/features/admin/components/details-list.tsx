import type { ReactNode } from 'react';

/** A record's fields as label and value pairs (a member's or a payment's page). */
export function DetailsList({ rows, testId }: { rows: [string, ReactNode][]; testId: string }) {
  return (
    <dl className="admin-details" data-testid={testId}>
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
