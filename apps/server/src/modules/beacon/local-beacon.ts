import { localChainHash, publicKeyOf, roundTime, signRound, type ChainInfo } from './chain.ts';
import type { RoundSource } from './drand-client.ts';

/**
 * The shop's own beacon (offline default, demos, tests): the same scheme as quicknet, signed
 * with a key of the shop's. It is verifiable but not independent (the shop holds the key and
 * could compute any round in advance), and every view of a lot drawn with it says so.
 */
export class LocalBeacon implements RoundSource {
  readonly chain: ChainInfo;

  constructor(
    private readonly secretKey: Uint8Array,
    /** Tests: sign a round when asked, before its time (draws follow without waiting). */
    private readonly eager = false,
    genesisTime = 1_700_000_000,
    period = 3,
  ) {
    const publicKey = publicKeyOf(secretKey);
    this.chain = { chainHash: localChainHash(publicKey, genesisTime, period), publicKey, genesisTime, period, independent: false };
  }

  signature(round: number, now: number): Promise<string | undefined> {
    if (!this.eager && now < roundTime(this.chain, round)) return Promise.resolve(undefined);
    return Promise.resolve(signRound(this.secretKey, round));
  }
}
