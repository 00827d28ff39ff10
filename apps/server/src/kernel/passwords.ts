import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * Password hashing: argon2id with OWASP's baseline parameters (19 MiB, 2 passes, 1 lane). The
 * parameters live in each hash, so raising them later keeps old hashes working.
 */
const ARGON2: Options = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum, which isolated modules cannot name)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown address) it still runs one
 * verification against a fixed dummy hash, so the answer takes about as long either way.
 */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (stored === undefined || !stored.startsWith('$argon2')) {
    dummyHash ??= hash('oripa-dummy-password', ARGON2);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
