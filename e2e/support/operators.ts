import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext } from 'playwright-core';
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
  let csrf = '';
  const call = async (method: 'GET' | 'POST', path: string, payload?: unknown) => {
    const url = `${shop.url}/api${path}`;
    const res = method === 'GET' ? await context.request.get(url) : await context.request.post(url, { form: { csrf, json: JSON.stringify(payload ?? {}) } });
    const body = (await res.json()) as { state: number; csrf: string; errors: unknown; step?: string; secret?: string };
    csrf = body.csrf;
    if (body.state !== 200 && path !== '/admin/me') throw new Error(`${path}: ${JSON.stringify(body.errors)}`);
    return body;
  };
  await call('GET', '/admin/me');
  await call('POST', '/admin/login', { mail, pass: oneTime });
  await call('POST', '/admin/password', { pass: oneTime, new_pass: 'console-password-1' });
  const { secret } = await call('GET', '/admin/totp/enrol');
  const code = new TOTP({ label: mail, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret ?? '') }).generate();
  await call('POST', '/admin/totp/enrol', { code });
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
