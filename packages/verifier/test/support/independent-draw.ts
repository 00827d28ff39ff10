import { createHash, createHmac } from 'node:crypto';

/**
 * The draw of spec §3 written again with node:crypto, apart from the verifier's own code, so
 * the test lots and the test vectors do not merely agree with themselves.
 */
const u64 = (n: number | bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
const hmac = (key: Buffer, msg: Buffer) => createHmac('sha256', key).update(msg).digest();

export function streamKey(seed: Buffer, lotId: number, seq: number, signatureHex: string): Buffer {
  const randomness = createHash('sha256').update(Buffer.from(signatureHex, 'hex')).digest();
  return hmac(seed, Buffer.concat([Buffer.from('oripa-draw-v2', 'utf8'), Buffer.from([0]), u64(lotId), u64(seq), randomness]));
}

/** The first n values of the stream. */
export function streamValues(key: Buffer, n: number): bigint[] {
  const out: bigint[] = [];
  for (let block = 0; out.length < n; block += 1) {
    const bytes = hmac(key, u64(block));
    for (let at = 0; at < 32 && out.length < n; at += 8) out.push(bytes.readBigUInt64BE(at));
  }
  return out;
}

export function drawIndependently(
  seed: Buffer,
  lotId: number,
  seq: number,
  signatureHex: string,
  count: number,
  remaining: number[],
): number[] {
  const values = streamValues(streamKey(seed, lotId, seq, signatureHex), count * 8 + 64);
  let next = 0;
  const prizes: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const m = BigInt(remaining.reduce((a, b) => a + b, 0));
    const limit = 2n ** 64n - ((2n ** 64n) % m);
    let x = values[next++] as bigint;
    while (x >= limit) x = values[next++] as bigint;
    let idx = x % m;
    const j = remaining.findIndex((left) => {
      if (idx < BigInt(left)) return true;
      idx -= BigInt(left);
      return false;
    });
    remaining[j] = (remaining[j] as number) - 1;
    prizes.push(j + 1);
  }
  return prizes;
}

export type Extra = { id: number; kind: string; at: number; every: number };

export function extrasFor(extras: Extra[], total: number, first: number, count: number) {
  const won: { pack: number; id: number }[] = [];
  for (let pack = first; pack < first + count; pack += 1) {
    for (const e of extras) {
      if (e.kind === 'last_one' && pack === total) won.push({ pack, id: e.id });
      if (e.kind === 'milestone' && (e.every === 0 ? pack === e.at : pack >= e.at && (pack - e.at) % e.every === 0)) {
        won.push({ pack, id: e.id });
      }
    }
  }
  return won;
}
