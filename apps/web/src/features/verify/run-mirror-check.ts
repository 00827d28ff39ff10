import type { LotReport } from '@oripa/verifier/report';

/** Why the page could not run the verifier at all (as opposed to a failed check). */
export class MirrorUnavailable extends Error {
  constructor(readonly reason: 'notFound' | 'loadFailed') {
    super(reason);
    this.name = 'MirrorUnavailable';
  }
}

export interface KeptEvidence {
  earlierHead?: unknown;
  receipt?: unknown;
}

/**
 * Downloads the lot's mirror (GET /api/transparency/mirror, plain JSON, not the member envelope)
 * and runs the standalone verifier on it in the browser. The verifier (BLS pairings, ~100 kB of
 * curve code) is imported here, on demand, so no other page downloads it.
 */
export async function runMirrorCheck(lotId: number, kept: KeptEvidence): Promise<LotReport> {
  let response: Response;
  try {
    response = await fetch(`/api/transparency/mirror?lot_id=${lotId}`, { headers: { accept: 'application/json' } });
  } catch {
    throw new MirrorUnavailable('loadFailed');
  }
  if (response.status === 404) throw new MirrorUnavailable('notFound');
  if (!response.ok) throw new MirrorUnavailable('loadFailed');
  const mirror: unknown = await response.json().catch(() => {
    throw new MirrorUnavailable('loadFailed');
  });
  const { verifyLot } = await import('@oripa/verifier/verify-lot');
  // Give the browser a frame to paint "verifying" before the pairings take the main thread.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return verifyLot(mirror, lotId, kept);
}

/** A lot id from the address, or null when it is not one. */
export function lotIdFrom(value: string | null): number | null {
  return value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null;
}
