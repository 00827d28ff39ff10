import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDrandStandIn } from '../../testing/drand-stand-in.ts';
import { QUICKNET, roundTime } from './chain.ts';
import { DrandClient } from './drand-client.ts';
import { FORGED_QUICKNET_ROUND, RECORDED_QUICKNET_ROUNDS } from './recorded-rounds.ts';

const info = { hash: QUICKNET.chainHash, public_key: QUICKNET.publicKey, period: 3, genesis_time: QUICKNET.genesisTime };
let honest: Awaited<ReturnType<typeof startDrandStandIn>>;
let lying: Awaited<ReturnType<typeof startDrandStandIn>>;

beforeAll(async () => {
  honest = await startDrandStandIn(info, RECORDED_QUICKNET_ROUNDS);
  // A relay serving round 1000's signature as 1000 would be honest; this one forges 1001 and
  // swaps round 2's signature for round 3's.
  lying = await startDrandStandIn(info, [FORGED_QUICKNET_ROUND, { round: 2, signature: RECORDED_QUICKNET_ROUNDS[1].signature }]);
});

afterAll(async () => {
  await honest?.close();
  await lying?.close();
});

const later = roundTime(QUICKNET, 2000);

// BLS verification takes a few hundred milliseconds a round on a busy machine.
describe('drand client over relays (local stand-in, recorded quicknet rounds)', { timeout: 30_000 }, () => {
  it('fetches and verifies genuine recorded rounds', async () => {
    const client = await DrandClient.connect([honest.url], QUICKNET.chainHash);
    expect(await client.signature(1000, later)).toBe(RECORDED_QUICKNET_ROUNDS[2].signature);
    expect(await client.signature(3, later)).toBe(RECORDED_QUICKNET_ROUNDS[1].signature);
    expect(honest.requests).toContain(`/${QUICKNET.chainHash}/public/1000`);
  });

  it('refuses a forged round, and a relay that lies is skipped for an honest one', async () => {
    const errors: string[] = [];
    const alone = new DrandClient(QUICKNET, [lying.url], (relay) => errors.push(relay));
    expect(await alone.signature(FORGED_QUICKNET_ROUND.round, later)).toBeUndefined();
    expect(await alone.signature(2, later)).toBeUndefined();
    expect(errors).toEqual([lying.url, lying.url]);
    const both = new DrandClient(QUICKNET, [lying.url, honest.url]);
    expect(await both.signature(2, later)).toBe(RECORDED_QUICKNET_ROUNDS[0].signature);
  });

  it('does not ask for a round before its time, and answers nothing for a round no relay has', async () => {
    const client = new DrandClient(QUICKNET, [honest.url]);
    const asked = honest.requests.length;
    expect(await client.signature(1000, roundTime(QUICKNET, 1000) - 1)).toBeUndefined();
    expect(honest.requests.length).toBe(asked);
    expect(await client.signature(1500, later)).toBeUndefined();
  });

  it('reads another chain from a relay /info and refuses a relay naming another chain', async () => {
    const other = 'ab'.repeat(32);
    await expect(DrandClient.connect([honest.url], other)).rejects.toThrow(/no relay served/);
  });
});
