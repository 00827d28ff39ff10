import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { canonicalBytes } from '../../src/jcs.js';
import { leafHash, merkleRoot } from '../../src/merkle.js';

/**
 * A test-only stand-in for the shop's transparency log (spec §4): entries, Ed25519-signed heads
 * (node:crypto, not the verifier's Ed25519), and the mirror document of §5.
 */
export type Head = { tree_size: number; timestamp: number; root_hash: string; log_id: string; signature: string };
export type Entry = Record<string, unknown> & { type: string };

export class ShopLog {
  readonly entries: Entry[] = [];
  readonly heads: Head[] = [];
  readonly publicKey: string;
  readonly logId: string;
  private readonly privateKey: KeyObject;
  private readonly publicObject: KeyObject;

  /**
   * A new log with a fresh key, a key from a fixed seed (test vectors), or (to rewrite history as
   * a dishonest shop would) another log's key.
   */
  constructor(key: { keyOf?: ShopLog | undefined; keySeed?: Buffer | undefined } = {}) {
    const pair = key.keyOf
      ? { privateKey: key.keyOf.privateKey, publicKey: key.keyOf.publicObject }
      : key.keySeed
        ? ed25519FromSeed(key.keySeed)
        : generateKeyPairSync('ed25519');
    this.privateKey = pair.privateKey;
    this.publicObject = pair.publicKey;
    const jwk = pair.publicKey.export({ format: 'jwk' }) as { x: string };
    this.publicKey = Buffer.from(jwk.x, 'base64url').toString('hex');
    this.logId = createHash('sha256').update(Buffer.from(this.publicKey, 'hex')).digest('hex');
  }

  /** Appends an entry and returns its leaf index. */
  append(entry: Entry): number {
    this.entries.push(entry);
    return this.entries.length - 1;
  }

  /** Signs a head over every entry so far, at the given time. */
  signHead(timestamp: number): Head {
    const root = merkleRoot(this.entries.map((e) => leafHash(canonicalBytes(e))));
    const fields = {
      log_id: this.logId,
      root_hash: Buffer.from(root).toString('hex'),
      timestamp,
      tree_size: this.entries.length,
    };
    const signature = sign(null, canonicalBytes(fields), this.privateKey).toString('hex');
    const head = { ...fields, signature };
    this.heads.push(head);
    return head;
  }

  mirror(images: Record<string, Buffer> = {}) {
    return {
      format: 'oripa-mirror-v1',
      log_public_key: this.publicKey,
      entries: this.entries.map((entry, index) => ({ index, entry })),
      heads: this.heads,
      images: Object.fromEntries(Object.entries(images).map(([k, v]) => [k, v.toString('base64')])),
    };
  }
}

/** An Ed25519 key pair from a 32-byte seed (PKCS #8 wrapping of RFC 8410). */
function ed25519FromSeed(seed: Buffer): { privateKey: KeyObject; publicKey: KeyObject } {
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  return { privateKey, publicKey: createPublicKey(privateKey) };
}
