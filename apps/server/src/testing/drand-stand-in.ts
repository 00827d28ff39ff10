import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A round as drand's relays serve it (hex fields). */
export interface StandInRound {
  round: number;
  signature: string;
  randomness?: string;
}

/**
 * Tests only: a relay speaking drand's documented HTTP API — GET /{chain}/info,
 * /{chain}/public/{round}, /{chain}/public/latest and /public/latest — serving the rounds it is
 * given (recorded genuine ones, or forged ones to see them refused). A round it does not hold
 * answers 404 as a relay does for a future round.
 */
export async function startDrandStandIn(
  chain: { hash: string; public_key: string; period: number; genesis_time: number },
  rounds: readonly StandInRound[],
): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const byRound = new Map(rounds.map((r) => [r.round, r]));
  const latest = [...rounds].sort((a, b) => b.round - a.round)[0];
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] as string;
    requests.push(path);
    const parts = path.split('/').filter((p) => p !== '');
    const [first, second, third] = parts;
    const onChain = first === chain.hash;
    const tail = onChain ? parts.slice(1) : parts;
    if (onChain && second === 'info' && parts.length === 2) {
      return send(res, 200, { ...chain, groupHash: '', schemeID: 'bls-unchained-g1-rfc9380', metadata: { beaconID: 'quicknet' } });
    }
    if (tail[0] === 'public' && tail.length === 2) {
      const which = onChain ? third : second;
      const round = which === 'latest' ? latest : byRound.get(Number(which));
      if (round) return send(res, 200, round);
      return send(res, 404, { error: 'Requested future beacon' });
    }
    return send(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
