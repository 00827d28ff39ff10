import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A v2 lot's seed at rest: AES-256-GCM under LOT_SEED_KEY, stored as base64 of
 * iv (12) || tag (16) || ciphertext (32), bound to the lot id (additional data), so a reader of
 * the packs table alone learns nothing and a sealed seed cannot be moved to another lot.
 */
export function sealSeed(key: Buffer, lotId: number, seed: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`oripa-lot-seed:${lotId}`, 'utf8'));
  const body = Buffer.concat([cipher.update(seed), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function openSeed(key: Buffer, lotId: number, sealed: string): Buffer {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(`oripa-lot-seed:${lotId}`, 'utf8'));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}
