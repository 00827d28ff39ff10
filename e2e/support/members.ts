import * as api from '@oripa/contract/api-paths';
import type { BrowserContext } from 'playwright-core';
import { fetchClient } from './api-client.ts';
import type { ShopServer } from './shop-server.ts';

/** The shop's session cookie. */
const SESSION_COOKIE = 'oripa_sid';

let sequence = 0;

export interface E2eMember {
  mail: string;
  pass: string;
  /** The session cookie of the member, logged in. */
  cookie: { name: string; value: string };
}

/**
 * Registers a member through the shop's own API (the wire format a browser uses) and, when asked,
 * grants points and coins with the operator command — the way an operator would.
 */
export async function registerMember(
  shop: ShopServer,
  funds: { points?: number; coins?: string; birthDate?: string | null; guardianConsent?: boolean } = {},
): Promise<E2eMember> {
  sequence += 1;
  const mail = `e2e.${Date.now().toString(36)}${sequence}@example.com`;
  const pass = 'secret123';
  const client = fetchClient(shop.url);
  await client.call(api.userPoint);
  const registered = await client.call(api.registrationAppend, {
    payload: {
    lastName: '山田',
    middleName: '',
    firstName: '太郎',
    tel: `080${String((Date.now() + sequence * 7919) % 100_000_000).padStart(8, '0')}`,
    mail,
    zipcode: '1500002',
    country: '',
    pref_id: 13,
    shiku: '渋谷区渋谷',
    address: '2-21-1',
    building: '',
    pass,
    confirmPass: pass,
    referralCode: '',
    // An adult by default, so point purchases go straight to the methods (decision 037); null leaves it out.
    ...(funds.birthDate === null ? {} : { birth_date: funds.birthDate ?? '1990-01-01' }),
    guardian_consent: funds.guardianConsent ? '1' : '0',
    },
  });
  if (registered.state !== 200) throw new Error(`registration failed: ${JSON.stringify(registered.errors)}`);
  const grant = ['grant', '--mail', mail, '--reason', 'e2e'];
  if (funds.points) grant.push('--points', String(funds.points));
  if (funds.coins) grant.push('--coins', funds.coins);
  if (funds.points || funds.coins) {
    const out = await shop.ops(grant);
    if (out.code !== 0) throw new Error(`grant failed: ${out.stderr}`);
  }
  const value = client.cookie(SESSION_COOKIE);
  if (!value) throw new Error('registration set no session cookie');
  return { mail, pass, cookie: { name: SESSION_COOKIE, value } };
}

/** Puts the member's session into a browser context: the pages are then logged in. */
export async function signInBrowser(context: BrowserContext, shop: ShopServer, member: E2eMember): Promise<void> {
  await context.addCookies([{ ...member.cookie, url: shop.url, httpOnly: true, sameSite: 'Lax' }]);
}
