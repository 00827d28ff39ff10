/**
 * A member as the bench drives it: a session cookie and the csrf token of the last response,
 * speaking the shop's wire format over real HTTP.
 */
export class HttpMember {
  private csrf = '';

  constructor(
    private readonly base: string,
    private readonly cookie: string,
  ) {}

  private async read(response: Response): Promise<{ state: number; [key: string]: unknown }> {
    const body = (await response.json()) as { state: number; csrf?: string };
    if (body.csrf) this.csrf = body.csrf;
    return body;
  }

  async get(path: string) {
    return this.read(await fetch(`${this.base}/api${path}`, { headers: { cookie: this.cookie } }));
  }

  async post(path: string, payload: unknown = {}) {
    const body = new URLSearchParams({ csrf: this.csrf, json: JSON.stringify(payload) }).toString();
    return this.read(
      await fetch(`${this.base}/api${path}`, {
        method: 'POST',
        headers: { cookie: this.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }),
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
