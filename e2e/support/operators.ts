import * as api from '@oripa/contract/api-paths';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext } from 'playwright-core';
import { contextClient } from './api-client.ts';
import { openPage, type TestPage, type ViewportName } from './browser.ts';
import type { ShopServer } from './shop-server.ts';

let sequence = 0;

/**
 * Creates an operator with the command line and signs them in inside a browser context through
 * the console's own calls (one-time password, own password, TOTP enrolment), so a test that is
 * about another screen starts on a signed-in console. admin.e2e.test.ts walks the same steps
 * through the login screens.
 */
export async function signInNewOperator(context: BrowserContext, shop: ShopServer, role: 'owner' | 'staff' | 'support'): Promise<{ mail: string }> {
  sequence += 1;
  const mail = `e2e.${role}.${Date.now().toString(36)}${sequence}@example.com`;
  const out = await shop.ops(['admin:create', '--mail', mail, '--role', role, '--json']);
  if (out.code !== 0) throw new Error(`admin:create failed: ${out.stderr}${out.stdout}`);
  const oneTime = (JSON.parse(out.stdout) as { one_time_password: string }).one_time_password;
  const client = contextClient(context, shop.url);
  const ok = <T extends { state: number; errors: unknown }>(body: T, path: string): T => {
    if (body.state !== 200) throw new Error(`${path}: ${JSON.stringify(body.errors)}`);
    return body;
  };
  // A visitor's first call: it answers 401 and the console's first csrf token.
  await client.call(api.adminMe);
  ok(await client.call(api.adminLogin, { payload: { mail, pass: oneTime } }), api.adminLogin.path);
  ok(await client.call(api.adminPassword, { payload: { pass: oneTime, new_pass: 'console-password-1' } }), api.adminPassword.path);
  const { secret } = ok(await client.call(api.adminTotpEnrol), api.adminTotpEnrol.path);
  const code = new TOTP({ label: mail, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret ?? '') }).generate();
  ok(await client.call(api.adminTotpEnrolSave, { payload: { code } }), api.adminTotpEnrolSave.path);
  return { mail };
}

/** A page on the shop with a new operator of this role signed in to the console (closed again if the sign-in fails). */
export async function openConsole(
  browser: Browser,
  shop: ShopServer,
  role: 'owner' | 'staff' | 'support',
  viewport: ViewportName,
  options?: Parameters<typeof openPage>[3],
): Promise<TestPage> {
  const p = await openPage(browser, shop.url, viewport, options);
  try {
    await signInNewOperator(p.context, shop, role);
  } catch (error) {
    await p.close();
    throw error;
  }
  return p;
}
