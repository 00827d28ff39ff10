import { BEACON_SCHEME, QUICKNET, roundTime, verifyRound, type ChainInfo } from './chain.ts';

/**
 * drand's HTTP API over several relays (GET {relay}/{chain}/info, /{chain}/public/{round}): a
 * relay is never trusted, every round is verified against the chain's public key, and a relay
 * that fails, lies or is slow is skipped for the next one.
 */
export interface RoundSource {
  readonly chain: ChainInfo;
  /** The round's signature (hex), verified; undefined while it cannot be had. */
  signature(round: number, now: number): Promise<string | undefined>;
}

const TIMEOUT_MS = 2500;

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

export class DrandClient implements RoundSource {
  private next = 0;

  constructor(
    readonly chain: ChainInfo,
    private readonly relays: readonly string[],
    private readonly onRelayError: (relay: string, error: unknown) => void = () => undefined,
  ) {}

  /**
   * The client for `chainHash` on these relays: quicknet's parameters are built in (its hash
   * is the one the specification publishes); another chain's are read from a relay's /info and
   * must name the same hash and scheme.
   */
  static async connect(relays: readonly string[], chainHash: string, onRelayError?: (relay: string, error: unknown) => void): Promise<DrandClient> {
    if (chainHash === QUICKNET.chainHash) return new DrandClient(QUICKNET, relays, onRelayError);
    for (const relay of relays) {
      try {
        const info = (await getJson(`${relay}/${chainHash}/info`)) as Record<string, unknown>;
        if (info.hash !== chainHash || info.schemeID !== BEACON_SCHEME) throw new Error('chain info names another chain or scheme');
        const chain: ChainInfo = {
          chainHash,
          publicKey: String(info.public_key),
          genesisTime: Number(info.genesis_time),
          period: Number(info.period),
          independent: true,
        };
        if (!/^[0-9a-f]{192}$/.test(chain.publicKey) || !(chain.period > 0)) throw new Error('malformed chain info');
        return new DrandClient(chain, relays, onRelayError);
      } catch (error) {
        onRelayError?.(relay, error);
      }
    }
    throw new Error(`no relay served the chain info of ${chainHash}`);
  }

  async signature(round: number, now: number): Promise<string | undefined> {
    if (now < roundTime(this.chain, round)) return undefined;
    // Start with a different relay each time, so one slow relay does not delay every draw.
    const start = this.next++ % this.relays.length;
    for (let i = 0; i < this.relays.length; i += 1) {
      const relay = this.relays[(start + i) % this.relays.length] as string;
      try {
        const body = (await getJson(`${relay}/${this.chain.chainHash}/public/${round}`)) as { round?: unknown; signature?: unknown };
        if (body.round !== round || typeof body.signature !== 'string') throw new Error(`answered another round`);
        if (!verifyRound(this.chain, round, body.signature)) throw new Error(`round ${round}: signature does not verify`);
        return body.signature;
      } catch (error) {
        this.onRelayError(relay, error);
      }
    }
    return undefined;
  }
}
