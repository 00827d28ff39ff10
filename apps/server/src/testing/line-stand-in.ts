import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * Tests only: a local stand-in for LINE Login v2.1 built from LINE's published documents, on
 * oidc-provider (a certified OpenID provider, not the shop's code): discovery, the authorization
 * endpoint (which passes `bot_prompt` through), the token endpoint with client_secret_post and
 * PKCE, ID tokens signed HS256 with the channel secret (LINE's web login) or ES256, and LINE's
 * friendship status API (GET /friendship/v1/status → {friendFlag}). The "user at LINE" who signs
 * in is whoever `signInAs` names (null: the user cancels), so the browser bounces straight back.
 */

export interface LineUserAtLine {
  sub: string;
  name: string;
  email?: string;
}

export interface LineStandIn {
  readonly issuer: string;
  readonly channelId: string;
  readonly channelSecret: string;
  /** Query strings of the authorization requests received. */
  readonly authorizations: URLSearchParams[];
  /** LINE users who are friends of the channel's official account. */
  readonly friends: Set<string>;
  signInAs(user: LineUserAtLine | null): void;
  /** While on, the token endpoint answers ID tokens whose signature is altered (a forgery). */
  forgeIdTokens(on: boolean): void;
  /** The shop's settings for this stand-in, for a shop whose public address is `shopUrl`. */
  env(shopUrl: string, bonusPoints?: number): Record<string, string>;
  close(): Promise<void>;
}

export async function startLineStandIn(options: { idTokenAlg?: 'HS256' | 'ES256' } = {}): Promise<LineStandIn> {
  const channelId = '1660000000';
  const channelSecret = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const alg = options.idTokenAlg ?? 'HS256';
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'line-stand-in' };
  const users = new Map<string, LineUserAtLine>();
  const friends = new Set<string>();
  const authorizations: URLSearchParams[] = [];
  const redirects = new Set<string>();
  let current: LineUserAtLine | null = null;
  let forge = false;
  let provider: Provider | undefined;

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function ensureProvider(): Provider {
    if (provider) return provider;
    const configuration: Configuration = {
      clients: [
        {
          client_id: channelId,
          client_secret: channelSecret,
          redirect_uris: [...redirects],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
          id_token_signed_response_alg: alg,
        },
      ],
      jwks: { keys: [signingKey] },
      enabledJWA: { idTokenSigningAlgValues: ['HS256', 'ES256'] },
      claims: { openid: ['sub'], profile: ['name', 'picture'], email: ['email'] },
      // LINE puts the profile in the ID token.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      cookies: { keys: ['line-stand-in-cookie-key'] },
      ttl: { AccessToken: 3600, AuthorizationCode: 60, Grant: 3600, IdToken: 3600, Interaction: 600, Session: 3600 },
      findAccount: (_ctx, id) => {
        const user = users.get(id);
        if (!user) return undefined;
        return { accountId: id, claims: () => ({ sub: id, name: user.name, ...(user.email ? { email: user.email } : {}) }) };
      },
    };
    provider = new Provider(issuer, configuration);
    return provider;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    const oidc = ensureProvider();
    if (url.pathname === '/auth') authorizations.push(url.searchParams);
    if (url.pathname === '/token' && forge) forgeIdTokenIn(res);
    if (url.pathname.startsWith('/interaction/')) {
      const details = await oidc.interactionDetails(req, res);
      if (!current) {
        await oidc.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled' });
        return;
      }
      if (details.prompt.name === 'login') {
        users.set(current.sub, current);
        await oidc.interactionFinished(req, res, { login: { accountId: current.sub } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new oidc.Grant({ accountId: details.session?.accountId ?? current.sub, clientId: channelId });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      await oidc.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
      return;
    }
    if (url.pathname === '/friendship/v1/status') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const found = token ? await oidc.AccessToken.find(token) : undefined;
      res.setHeader('content-type', 'application/json');
      if (!found) {
        res.statusCode = 401;
        res.end(JSON.stringify({ message: 'invalid token' }));
        return;
      }
      res.end(JSON.stringify({ friendFlag: friends.has(found.accountId) }));
      return;
    }
    oidc.callback()(req, res);
  }

  return {
    issuer,
    channelId,
    channelSecret,
    authorizations,
    friends,
    signInAs(user) {
      current = user;
    },
    forgeIdTokens(on) {
      forge = on;
    },
    env(shopUrl, bonusPoints = 0) {
      if (provider) throw new Error('the stand-in serves one shop; set its address before the first request');
      redirects.add(`${shopUrl}/api/line/callback`);
      return {
        LINE_CHANNEL_ID: channelId,
        LINE_CHANNEL_SECRET: channelSecret,
        LINE_ISSUER: issuer,
        LINE_API_URL: issuer,
        LINE_FRIEND_BONUS_POINTS: String(bonusPoints),
        PUBLIC_URL: shopUrl,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Alters one character of the ID token's signature in the token endpoint's JSON answer (same length). */
function forgeIdTokenIn(res: http.ServerResponse): void {
  const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => http.ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) {
      const body = JSON.parse(String(chunk)) as { id_token?: string };
      if (body.id_token) {
        const [head, payload, signature = ''] = body.id_token.split('.');
        const at = Math.floor(signature.length / 2);
        const altered = signature.slice(0, at) + (signature[at] === 'A' ? 'B' : 'A') + signature.slice(at + 1);
        body.id_token = `${head}.${payload}.${altered}`;
        return end(JSON.stringify(body), ...rest);
      }
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
}
