import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { secretKey } from '../../lib/secret-key.ts';
import { createBeacon } from '../beacon/beacon.service.ts';
import { mediaBytes } from '../media/media.service.ts';
import type { RoundSource } from '../beacon/drand-client.ts';
import { LogSigner } from './log-signer.ts';

/**
 * What oripa-draw-v2 needs at run time, built once per app from configuration: the beacon,
 * the log's signing key, the key sealing lots' seeds and the buyer-tag key derived from it,
 * and the timings (docs/fairness/draw-v2.md, decision 027).
 */
export interface Fairness {
  beacon: RoundSource;
  signer: LogSigner;
  seedKey: Buffer;
  /** tag_key of the spec's buyer pseudonyms. */
  tagKey: Buffer;
  publishLeadMs: number;
  revealAfterMs: number;
  pauseAfterMs: number;
  headIntervalMs: number;
  /** The bytes members are served for an image URL, from the media store that holds it (commitments hash them). */
  imageBytes: (db: DbOrTx, url: string) => Promise<Buffer | undefined>;
}

declare module '../../http/context.ts' {
  interface AppContext {
    /** oripa-draw-v2: beacon, log key, seed key. */
    fairness: Fairness;
  }
}

export async function createFairness(config: Config, onRelayError?: (relay: string, error: unknown) => void): Promise<Fairness> {
  const seedKey = secretKey(config.LOT_SEED_KEY, config.DATA_DIR, 'lot-seed.key');
  return {
    beacon: await createBeacon(config, onRelayError),
    signer: new LogSigner(secretKey(config.LOG_SIGNING_KEY, config.DATA_DIR, 'log-signing.key')),
    seedKey,
    // A separate key for tags, derived so one secret in configuration covers both.
    tagKey: createHmac('sha256', seedKey).update('oripa-buyer-tag-key').digest(),
    publishLeadMs: config.LOT_PUBLISH_LEAD_MS,
    revealAfterMs: config.LOT_REVEAL_AFTER_MS,
    pauseAfterMs: config.BEACON_PAUSE_AFTER_MS,
    headIntervalMs: config.LOG_HEAD_INTERVAL_MS,
    imageBytes: (db, url) => mediaBytes(db, config, url),
  };
}

/** The spec's buyer tag: 16 hex digits of HMAC(tag_key, "oripa-buyer-v2" 0x00 u64be(lot) u64be(member)). */
export function buyerTag(tagKey: Buffer, lotId: number, memberId: number): string {
  const msg = Buffer.alloc(16);
  msg.writeBigUInt64BE(BigInt(lotId), 0);
  msg.writeBigUInt64BE(BigInt(memberId), 8);
  return createHmac('sha256', tagKey)
    .update(Buffer.concat([Buffer.from('oripa-buyer-v2', 'utf8'), Buffer.from([0]), msg]))
    .digest('hex')
    .slice(0, 16);
}
