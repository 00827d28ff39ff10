import { AMAZON_PAY_CHECKOUT_PAGE } from './amazonpay-provider.ts';

export interface CheckoutPageSettings {
  merchantId: string;
  publicKeyId: string;
  sandbox: boolean;
  scriptUrl: string;
}

/** Escapes JSON for a <script type="application/json"> element. */
function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * The launcher: reads the page's settings and calls Amazon's amazon.Pay.initCheckout with the
 * signed payload (Amazon Pay checkout.js reference: initCheckout, createCheckoutSessionConfig).
 */
export const LAUNCHER_JS = `(function () {
  var settings = JSON.parse(document.getElementById('amazon-pay-checkout').textContent);
  var start = function () {
    window.amazon.Pay.initCheckout(settings);
  };
  if (window.amazon && window.amazon.Pay) start();
  else document.getElementById('amazon-pay-script').addEventListener('load', start);
})();
`;

/** The page and its policy: scripts from this shop and Amazon's checkout.js origin only. */
export function checkoutPageHtml(settings: CheckoutPageSettings, payloadJSON: string, signature: string) {
  const checkout = {
    merchantId: settings.merchantId,
    ledgerCurrency: 'JPY',
    sandbox: settings.sandbox,
    checkoutLanguage: 'ja_JP',
    productType: 'PayOnly',
    placement: 'Checkout',
    buttonColor: 'Gold',
    createCheckoutSessionConfig: { payloadJSON, signature, publicKeyId: settings.publicKeyId, algorithm: 'AMZN-PAY-RSASSA-PSS-V2' },
  };
  const scriptOrigin = new URL(settings.scriptUrl).origin;
  const html = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Amazon Pay</title></head>
<body><p>Amazon Payへ移動しています… / Opening Amazon Pay…</p>
<script type="application/json" id="amazon-pay-checkout">${inertJson(checkout)}</script>
<script id="amazon-pay-script" src="${encodeURI(settings.scriptUrl)}"></script>
<script src="${AMAZON_PAY_CHECKOUT_PAGE}.js"></script>
</body></html>`;
  const contentSecurityPolicy = `default-src 'self'; script-src 'self' ${scriptOrigin}; connect-src 'self' ${scriptOrigin}; img-src 'self' data: https:; style-src 'self' 'unsafe-inline' https:; frame-ancestors 'none'; base-uri 'self'`;
  return { html, contentSecurityPolicy };
}
