import { describe, expect, it } from 'vitest';
import { nextRound, QUICKNET, randomnessOf, roundTime, verifyRound } from './chain.ts';
import { LocalBeacon } from './local-beacon.ts';
import { FORGED_QUICKNET_ROUND, RECORDED_QUICKNET_ROUNDS } from './recorded-rounds.ts';

describe('beacon chain', { timeout: 30_000 }, () => {
  it('verifies recorded quicknet rounds with the chain public key', () => {
    for (const r of RECORDED_QUICKNET_ROUNDS) expect(verifyRound(QUICKNET, r.round, r.signature)).toBe(true);
    expect(randomnessOf(RECORDED_QUICKNET_ROUNDS[2].signature)).toBe(RECORDED_QUICKNET_ROUNDS[2].randomness);
  });

  it('refuses a forged round, a flipped signature and garbage', () => {
    expect(verifyRound(QUICKNET, FORGED_QUICKNET_ROUND.round, FORGED_QUICKNET_ROUND.signature)).toBe(false);
    const sig = RECORDED_QUICKNET_ROUNDS[0].signature;
    expect(verifyRound(QUICKNET, 2, `${sig.slice(0, 94)}${sig.endsWith('07') ? '08' : '07'}`)).toBe(false);
    expect(verifyRound(QUICKNET, 2, 'zz')).toBe(false);
  });

  it('numbers rounds as the specification does', () => {
    expect(roundTime(QUICKNET, 1)).toBe(1692803367000);
    // The first round strictly after T.
    expect(nextRound(QUICKNET, 1692803367000)).toBe(2);
    expect(nextRound(QUICKNET, 1692803369999)).toBe(2);
    expect(nextRound(QUICKNET, 1692803370000)).toBe(3);
    const t = 1796000000123;
    expect(roundTime(QUICKNET, nextRound(QUICKNET, t))).toBeGreaterThan(t);
    expect(roundTime(QUICKNET, nextRound(QUICKNET, t) - 1)).toBeLessThanOrEqual(t);
  });

  it('signs local rounds that verify under the local chain, not before their time unless eager', async () => {
    const key = new Uint8Array(32).fill(7);
    const beacon = new LocalBeacon(key);
    expect(beacon.chain.independent).toBe(false);
    const round = nextRound(beacon.chain, Date.now());
    expect(await beacon.signature(round, Date.now())).toBeUndefined();
    const sig = await beacon.signature(round, roundTime(beacon.chain, round));
    expect(verifyRound(beacon.chain, round, sig as string)).toBe(true);
    expect(verifyRound(QUICKNET, round, sig as string)).toBe(false);
    expect(await new LocalBeacon(key, true).signature(round, Date.now())).toBe(sig);
  });
});
