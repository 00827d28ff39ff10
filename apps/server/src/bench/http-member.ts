import http from 'node:http';

/** One keep-alive connection pool for all bench members: the load client should cost little CPU. */
const sharedAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

interface Reply {
  state: number;
  [key: string]: unknown;
}

function request(agent: http.Agent, url: URL, method: 'GET' | 'POST', headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Reply);
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/**
 * A member as the bench drives it: a session cookie and the csrf token of the last response,
 * speaking the shop's wire format over real HTTP (node:http with keep-alive, lighter than fetch).
 */
export class HttpMember {
  private csrf = '';

  constructor(
    private readonly base: string,
    private readonly cookie: string,
    /** Watchers get connections of their own, so 500 of them do not queue the buyers' requests. */
    private readonly agent: http.Agent = sharedAgent,
  ) {}

  private remember(body: Reply): Reply {
    if (typeof body.csrf === 'string' && body.csrf) this.csrf = body.csrf;
    return body;
  }

  async get(path: string) {
    return this.remember(await request(this.agent, new URL(`${this.base}/api${path}`), 'GET', { cookie: this.cookie }));
  }

  async post(path: string, payload: unknown = {}) {
    const body = new URLSearchParams({ csrf: this.csrf, json: JSON.stringify(payload) }).toString();
    return this.remember(
      await request(
        this.agent,
        new URL(`${this.base}/api${path}`),
        'POST',
        {
          cookie: this.cookie,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
        },
        body,
      ),
    );
  }

  /** One purchase: check then buy. Returns whether it bought. */
  async buy(packId: number, count: number): Promise<boolean> {
    const check = await this.post('/user/pack/check', { count, pack_id: packId });
    if (check.state !== 200) return false;
    const bought = await this.post('/user/pack/buy', { pack_id: packId, count });
    return bought.state === 200;
  }
}
