import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { jcs } from '../../kernel/jcs.ts';

/** A signed tree head (docs/fairness/draw-v2.md §4). */
export interface SignedHead {
  tree_size: number;
  timestamp: number;
  root_hash: string;
  log_id: string;
  signature: string;
}

// PKCS #8 and SPKI wrappings of a raw Ed25519 key (RFC 8410), so node:crypto can use it.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The log's Ed25519 key: signs heads over JCS({log_id, root_hash, timestamp, tree_size}). */
export class LogSigner {
  private readonly privateKey: KeyObject;
  readonly publicKey: string;
  readonly logId: string;

  constructor(seed: Buffer) {
    this.privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
    const spki = createPublicKey(this.privateKey).export({ format: 'der', type: 'spki' });
    const raw = spki.subarray(spki.length - 32);
    this.publicKey = raw.toString('hex');
    this.logId = createHash('sha256').update(raw).digest('hex');
  }

  sign(head: { tree_size: number; timestamp: number; root_hash: string }): SignedHead {
    const unsigned = { log_id: this.logId, root_hash: head.root_hash, timestamp: head.timestamp, tree_size: head.tree_size };
    const signature = sign(null, Buffer.from(jcs(unsigned), 'utf8'), this.privateKey).toString('hex');
    return { ...unsigned, signature };
  }
}

/** Whether `head` is signed by the log key `publicKey` (32 bytes hex). */
export function verifyHead(publicKey: string, head: SignedHead): boolean {
  const key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, Buffer.from(publicKey, 'hex')]), format: 'der', type: 'spki' });
  const unsigned = { log_id: head.log_id, root_hash: head.root_hash, timestamp: head.timestamp, tree_size: head.tree_size };
  try {
    return verify(null, Buffer.from(jcs(unsigned), 'utf8'), key, Buffer.from(head.signature, 'hex'));
  } catch {
    return false;
  }
}
