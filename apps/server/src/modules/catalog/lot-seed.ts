import { createHash, randomBytes } from 'node:crypto';

export interface LotSeed {
  /** 32 random bytes as lowercase hex: kept secret until the lot is sold out or closed. */
  secret: string;
  /** SHA-256 (hex) of the secret's hex string: published before sale as the commitment. */
  hash: string;
}

/** The commitment of a lot's hex secret string: anyone can check a revealed seed against it. */
export function lotSeedHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A fresh committed seed for a new lot (pack), from the cryptographic random source. */
export function newLotSeed(): LotSeed {
  const secret = randomBytes(32).toString('hex');
  return { secret, hash: lotSeedHash(secret) };
}
