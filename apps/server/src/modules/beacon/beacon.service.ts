import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { beaconRounds } from '../../db/schema/transparency.ts';
import { secretKey } from '../../lib/secret-key.ts';
import { DrandClient, type RoundSource } from './drand-client.ts';
import { LocalBeacon } from './local-beacon.ts';

/** The beacon configuration names: drand over BEACON_RELAYS, else the local beacon. */
export async function createBeacon(config: Config, onRelayError?: (relay: string, error: unknown) => void): Promise<RoundSource> {
  if (config.BEACON_RELAYS.length > 0) return DrandClient.connect(config.BEACON_RELAYS, config.BEACON_CHAIN_HASH, onRelayError);
  return new LocalBeacon(secretKey(config.BEACON_LOCAL_KEY, config.DATA_DIR, 'beacon-local.key'), config.BEACON_LOCAL_EAGER);
}

/**
 * Round `round`'s signature: as stored when first received, else from the source (the drand
 * client verifies every round it receives; the local beacon signs it itself — verifying twice
 * would double the BLS work, a fixed cost per round the bench counts per purchase). Undefined
 * while the round cannot be had.
 */
export async function roundSignature(db: DbOrTx, source: RoundSource, round: number, now: number): Promise<string | undefined> {
  const { chainHash } = source.chain;
  const [stored] = await db
    .select({ signature: beaconRounds.signature })
    .from(beaconRounds)
    .where(and(eq(beaconRounds.chainHash, chainHash), eq(beaconRounds.round, round)));
  if (stored) return stored.signature;
  const signature = await source.signature(round, now);
  if (signature === undefined) return undefined;
  await db.insert(beaconRounds).values({ chainHash, round, signature }).onConflictDoNothing();
  return signature;
}
