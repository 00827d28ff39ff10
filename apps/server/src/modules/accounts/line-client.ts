import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';

/**
 * LINE Login v2.1 as an OpenID Connect client (openid-client), decision 057. The channel's
 * settings come from config.ts; LINE_ISSUER and LINE_API_URL point a test at a local provider.
 * Authorization code flow with state, nonce and PKCE (S256); the redirect URI is exactly
 * PUBLIC_URL + /api/line/callback, as registered with the channel.
 */

export const LINE_CALLBACK_PATH = '/api/line/callback';
const SCOPE = 'openid profile email';
const FRIENDSHIP_TIMEOUT_MS = 5000;

/** What the shop keeps in the session between the redirect to LINE and the callback. */
export interface LineAuthRequest {
  state: string;
  nonce: string;
  verifier: string;
  mode: 'login' | 'link';
  /** The member who asked to link (mode link). */
  userId: number | null;
}

/** A LINE user as the verified ID token names them, with the access token for LINE's API. */
export interface LineUser {
  sub: string;
  name: string;
  mail: string;
  accessToken: string;
}

export interface LineClient {
  authorizationUrl(request: LineAuthRequest): Promise<string>;
  /** Exchanges the callback's code; throws when state, nonce, PKCE or the ID token do not verify. */
  complete(callbackQuery: string, request: LineAuthRequest): Promise<LineUser>;
  /** Whether the user is a friend of the channel's linked official account (friendship status API). */
  isFriend(accessToken: string): Promise<boolean>;
}

export function lineConfigured(config: Config): boolean {
  return Boolean(config.LINE_CHANNEL_ID && config.LINE_CHANNEL_SECRET);
}

export function newLineAuthRequest(mode: 'login' | 'link', userId: number | null): LineAuthRequest {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier(), mode, userId };
}

/** The client of the configured channel; discovery is fetched once, on first use. */
export function lineClient(config: Config, origin: string): LineClient | undefined {
  const channelId = config.LINE_CHANNEL_ID;
  const secret = config.LINE_CHANNEL_SECRET;
  if (!channelId || !secret) return undefined;
  const issuer = new URL(config.LINE_ISSUER);
  const redirectUri = `${origin}${LINE_CALLBACK_PATH}`;
  const insecure = issuer.protocol === 'http:';
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(issuer, channelId, secret, oidc.ClientSecretPost(secret), insecure ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  /**
   * The ID token's signature, checked here rather than trusted to TLS: LINE signs web logins with
   * HS256 (the channel secret) and others with ES256 (its JWKS).
   */
  async function verifySignature(config: oidc.Configuration, idToken: string): Promise<void> {
    const { alg } = decodeProtectedHeader(idToken);
    const options = { issuer: config.serverMetadata().issuer, audience: channelId };
    if (alg === 'HS256') {
      await jwtVerify(idToken, new TextEncoder().encode(secret), { ...options, algorithms: ['HS256'] });
      return;
    }
    const jwksUri = config.serverMetadata().jwks_uri;
    if (alg !== 'ES256' || !jwksUri) throw new Error(`unexpected ID token algorithm ${String(alg)}`);
    jwks ??= createRemoteJWKSet(new URL(jwksUri));
    await jwtVerify(idToken, jwks, { ...options, algorithms: ['ES256'] });
  }

  return {
    async authorizationUrl(request) {
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state: request.state,
        nonce: request.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.verifier),
        code_challenge_method: 'S256',
      };
      if (config.LINE_BOT_PROMPT !== '') parameters.bot_prompt = config.LINE_BOT_PROMPT;
      return oidc.buildAuthorizationUrl(await configuration(), parameters).href;
    },

    async complete(callbackQuery, request) {
      const current = await configuration();
      const tokens = await oidc.authorizationCodeGrant(
        current,
        new URL(`${redirectUri}?${callbackQuery}`),
        { pkceCodeVerifier: request.verifier, expectedState: request.state, expectedNonce: request.nonce, idTokenExpected: true },
        { redirect_uri: redirectUri },
      );
      if (!tokens.id_token) throw new Error('no ID token');
      await verifySignature(current, tokens.id_token);
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token claims');
      return {
        sub: claims.sub,
        name: typeof claims.name === 'string' ? claims.name : '',
        mail: typeof claims.email === 'string' ? claims.email : '',
        accessToken: tokens.access_token,
      };
    },

    async isFriend(accessToken) {
      const response = await fetch(`${config.LINE_API_URL}/friendship/v1/status`, {
        headers: { authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(FRIENDSHIP_TIMEOUT_MS),
      });
      if (!response.ok) return false;
      const body = (await response.json()) as { friendFlag?: unknown };
      return body.friendFlag === true;
    },
  };
}
