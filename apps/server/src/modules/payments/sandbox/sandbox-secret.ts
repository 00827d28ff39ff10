import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import { csrfSecret } from '../../settings/settings.service.ts';

/**
 * The key the sandbox signs with (button payloads, notifications), standing for the secret a
 * real provider shares with the shop. Derived from the shop's own secret, so every instance
 * agrees and nothing needs configuring offline.
 */
const secrets = new WeakMap<Db, Promise<string>>();

export function sandboxSecret(db: Db): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = csrfSecret(db).then((base) => createHmac('sha256', base).update('oripa:sandbox-pay').digest('base64url'));
    secrets.set(db, secret);
  }
  return secret;
}

export async function sign(db: Db, text: string): Promise<string> {
  return createHmac('sha256', await sandboxSecret(db)).update(text).digest('base64url');
}

export async function signatureMatches(db: Db, text: string, signature: unknown): Promise<boolean> {
  if (typeof signature !== 'string' || signature.length > 200) return false;
  const expected = Buffer.from(await sign(db, text));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
