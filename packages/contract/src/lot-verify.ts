import type { Commitment, DrawLogEntry } from './trust.ts';

/**
 * An independent recomputation of a lot's draws from its public data only (decision 014), with
 * the Web Crypto API, so the same code runs in the browser's verify page and in
 * `npm run verify`. It does not share code with the server's draw engine on purpose: the tests
 * check the two against each other.
 *
 * The draw function (decision 004): prizes in lineup order own consecutive slot ranges of their
 * counts; the k-th pack sold (k from 0) holds the prize owning slot π(k), π a 4-round Feistel
 * permutation of [0, N) over 2b bits with F(r, x) = first 6 bytes of HMAC-SHA256(key = seed as
 * text, "r:x") mod 2^b, cycle-walking while ≥ N.
 */

/** The few Web Crypto calls used (typed here: the contract compiles without DOM or Node types). */
interface Subtle {
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: false,
    usages: ['sign'],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
}
const subtle = (): Subtle => (globalThis as unknown as { crypto: { subtle: Subtle } }).crypto.subtle;
const encoder = new (
  globalThis as unknown as { TextEncoder: new () => { encode(text: string): Uint8Array } }
).TextEncoder();
const utf8 = (text: string) => encoder.encode(text);
const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(text: string): Promise<string> {
  return hex(await subtle().digest('SHA-256', utf8(text)));
}

const ROUNDS = 4;

/** π of a lot of `size` packs under `seed`: index (from 0) → slot. */
export async function lotPermutation(seed: string, size: number): Promise<(index: number) => number> {
  if (size <= 1) return () => 0;
  let bits = 1;
  while (2 ** (2 * bits) < size) bits += 1;
  const half = 2 ** bits;
  const key = await subtle().importKey('raw', utf8(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const jobs: Promise<ArrayBuffer>[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let value = 0; value < half; value += 1)
      jobs.push(subtle().sign('HMAC', key, utf8(`${round}:${value}`)));
  }
  const table = (await Promise.all(jobs)).map((mac) => {
    const b = new Uint8Array(mac);
    // The first 6 bytes big-endian (below 2^48, exact in a double), mod 2^b.
    let n = 0;
    for (let i = 0; i < 6; i += 1) n = n * 256 + (b[i] as number);
    return n % half;
  });
  const once = (x: number) => {
    let left = Math.floor(x / half);
    let right = x % half;
    for (let round = 0; round < ROUNDS; round += 1) {
      const next = (left ^ (table[round * half + right] as number)) >>> 0;
      left = right;
      right = next % half;
    }
    return left * half + right;
  };
  return (index) => {
    let value = index;
    do value = once(value);
    while (value >= size);
    return value;
  };
}

/** The prize ids of packs 0 … size-1 in sale order. */
export async function lotSequence(
  seed: string,
  lineup: readonly { prize_id: number; count: number }[],
): Promise<number[]> {
  const size = lineup.reduce((sum, p) => sum + p.count, 0);
  const owner: number[] = [];
  for (const p of lineup) for (let i = 0; i < p.count; i += 1) owner.push(p.prize_id);
  const slotOf = await lotPermutation(seed, size);
  return Array.from({ length: size }, (_, k) => owner[slotOf(k)] as number);
}

/** Pack numbers (from 1) an extra prize goes to in a lot of `total` packs. */
export function extraDrawNumbers(extra: Commitment['extras'][number], total: number): number[] {
  if (extra.kind === 'last_one') return [total];
  const numbers: number[] = [];
  if (extra.milestone_at < 1) return numbers;
  for (let n = extra.milestone_at; n <= total; n += extra.milestone_every) {
    numbers.push(n);
    if (extra.milestone_every <= 0) break;
  }
  return numbers;
}

export type VerifyProblem =
  'not_revealed' | 'seed_hash' | 'lineup' | 'draw_mismatch' | 'draw_missing' | 'draw_unexpected';

export type VerifyOutcome =
  | { consistent: true; draws: number }
  | {
      consistent: false;
      problem: VerifyProblem;
      /** The first pack number that does not match (null: the lot as a whole). */
      draw_number: number | null;
      expected: string;
      found: string;
    };

/**
 * Recomputes a revealed lot and compares every published draw with it, in pack-number order:
 * the answer is "consistent" or the first draw that does not match (a wrong card, a missing or
 * an unexpected entry, lot prizes and last-one/milestone prizes alike).
 */
export async function verifyLot(
  commitment: Commitment,
  draws: readonly DrawLogEntry[],
): Promise<VerifyOutcome> {
  const fail = (
    problem: VerifyProblem,
    drawNumber: number | null,
    expected: string,
    found: string,
  ): VerifyOutcome => ({
    consistent: false,
    problem,
    draw_number: drawNumber,
    expected,
    found,
  });
  if (commitment.seed === '') return fail('not_revealed', null, 'a revealed seed', 'none yet');
  const hash = await sha256Hex(commitment.seed);
  if (hash !== commitment.seed_hash) return fail('seed_hash', null, commitment.seed_hash, hash);
  const size = commitment.lineup.reduce((sum, p) => sum + p.count, 0);
  if (size !== commitment.total_pack_count || commitment.lineup.some((p) => p.count < 1)) {
    return fail('lineup', null, `${commitment.total_pack_count} packs`, `${size} in the lineup`);
  }
  const sequence = await lotSequence(commitment.seed, commitment.lineup);
  const drawn = commitment.drawn_count;
  // What each pack number must hold: its lot prize, then any extra prizes it wins.
  const expected = new Map<number, string[]>();
  for (let n = 1; n <= drawn; n += 1) expected.set(n, [`lot:${sequence[n - 1]}`]);
  for (const extra of commitment.extras) {
    for (const n of extraDrawNumbers(extra, commitment.total_pack_count)) {
      if (n <= drawn) expected.get(n)?.push(`${extra.kind}:${extra.prize_id}`);
    }
  }
  const found = new Map<number, string[]>();
  for (const d of draws)
    found.set(d.draw_number, [...(found.get(d.draw_number) ?? []), `${d.kind}:${d.prize_id}`]);
  const numbers = [...new Set([...expected.keys(), ...found.keys()])].sort((a, b) => a - b);
  for (const n of numbers) {
    const want = (expected.get(n) ?? []).slice().sort();
    const got = (found.get(n) ?? []).slice().sort();
    if (want.join() === got.join()) continue;
    const problem =
      got.length === 0 ? 'draw_missing' : want.length === 0 ? 'draw_unexpected' : 'draw_mismatch';
    return fail(problem, n, want.join(' ') || 'nothing', got.join(' ') || 'nothing');
  }
  return { consistent: true, draws: drawn };
}
