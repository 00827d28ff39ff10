import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { packDetailPath } from '@/lib/pack-purchase.ts';

/**
 * A pack's box in a list (the catalogue's tiles, the exchange's coin packs): a link to the pack's
 * page, or, sold out, the same box marked disabled and no link.
 */
export function PackLink({
  packId,
  soldOut,
  className,
  testId,
  children,
}: {
  packId: number;
  soldOut: boolean;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  if (soldOut) {
    return (
      <div className={`${className} is-sold-out`} data-testid={testId} data-pack-id={packId} aria-disabled="true">
        {children}
      </div>
    );
  }
  return (
    <Link to={packDetailPath(packId)} className={className} data-testid={testId} data-pack-id={packId}>
      {children}
    </Link>
  );
}
