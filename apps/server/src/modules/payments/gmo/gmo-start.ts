import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GmoSettings } from './gmo-settings.ts';

/**
 * Carrier billing and PayPay start at GMO with a form post of AccessID and Token to the StartURL
 * that ExecTran answered. The shop's flows send the member's browser to an address (GET), so the
 * payment's redirect is the shop's own start page, /api/payment/gmo/start, which posts the form.
 * Its address carries the three values, signed so that the page posts only what GMO answered.
 */

export interface StartForm {
  startUrl: string;
  accessId: string;
  token: string;
}

function signature(settings: GmoSettings, payload: string): Buffer {
  return createHmac('sha256', `gmo-start\n${settings.GMO_SHOP_PASS}\n${settings.GMO_NOTIFY_PASSWORD}`).update(payload).digest();
}

/** The shop path that starts the flow at GMO. */
export function startPagePath(settings: GmoSettings, form: StartForm): string {
  const payload = Buffer.from(JSON.stringify([form.startUrl, form.accessId, form.token])).toString('base64url');
  return `/api/payment/gmo/start?p=${payload}&s=${signature(settings, payload).toString('base64url')}`;
}

/** The form a signed start address stands for, or undefined when it was not made by this shop. */
export function readStartPage(settings: GmoSettings, payload: unknown, signed: unknown): StartForm | undefined {
  if (typeof payload !== 'string' || typeof signed !== 'string' || payload.length > 4000) return undefined;
  const expected = signature(settings, payload);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const values: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (!Array.isArray(values) || values.length !== 3 || !values.every((v) => typeof v === 'string')) return undefined;
  const [startUrl, accessId, token] = values as [string, string, string];
  if (!/^https?:\/\//.test(startUrl)) return undefined;
  return { startUrl, accessId, token };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page: a form posted at once by a script allowed by its nonce, with a button when scripts are off. */
export function startPageHtml(form: StartForm, nonce: string, lang: 'ja' | 'en'): string {
  const label = lang === 'ja' ? 'お支払いへ進む' : 'Continue to payment';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${label}</title></head><body>
<form id="start" method="post" action="${escape(form.startUrl)}"><input type="hidden" name="AccessID" value="${escape(form.accessId)}"><input type="hidden" name="Token" value="${escape(form.token)}"><button type="submit">${label}</button></form>
<script nonce="${nonce}">document.getElementById('start').submit();</script></body></html>`;
}
