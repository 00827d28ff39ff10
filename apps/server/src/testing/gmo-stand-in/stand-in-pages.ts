/** The stand-in's browser pages: token.js, the issuer's challenge, the carrier / PayPay consent. */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * token.js as GMO documents its use: Multipayment.init(shopId), then
 * Multipayment.getToken({cardno, expire, securitycode, holdername, tokennumber}, callback), the
 * callback receiving {resultCode, tokenObject: {token: [..], toBeExpiredAt, maskedCardNo, isSecurityCodeSet}}.
 */
export function tokenScript(origin: string): string {
  return `(function () {
  var shopId = '';
  function answer(callback, value) { if (typeof callback === 'string') window[callback](value); else callback(value); }
  window.Multipayment = {
    init: function (id) { shopId = id; },
    getToken: function (card, callback) {
      fetch(${JSON.stringify(`${origin}/ext/api/credit/getToken`)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(Object.assign({ shopId: shopId }, card)) })
        .then(function (r) { return r.json(); })
        .then(function (value) { answer(callback, value); }, function () { answer(callback, { resultCode: '902' }); });
    }
  };
})();
`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${title}</title>
<style>body{font-family:sans-serif;max-width:360px;margin:24px auto;padding:0 12px}button{display:block;width:100%;margin:12px 0;padding:14px;font-size:16px}</style></head><body>${body}</body></html>`;
}

/** The issuer's 3-D Secure 2.0 challenge (what GMO's RedirectUrl leads to). */
export function challengePage(accessId: string, amount: string): string {
  return page(
    '3-D Secure',
    `<h1>本人認証 / 3-D Secure</h1><p>¥${escape(amount)}</p><form method="post" action="/stand-in/3ds/decide">
<input type="hidden" name="AccessID" value="${escape(accessId)}">
<button name="decision" value="approve" data-testid="gmo-3ds-approve">認証する / Authenticate</button>
<button name="decision" value="decline" data-testid="gmo-3ds-decline">認証しない / Decline</button></form>`,
  );
}

/** The carrier's or PayPay's consent page (StartURL). */
export function consentPage(accessId: string, token: string, kind: string, amount: string): string {
  return page(
    kind,
    `<h1>${escape(kind)}</h1><p>¥${escape(amount)}</p><form method="post" action="/stand-in/start/decide">
<input type="hidden" name="AccessID" value="${escape(accessId)}"><input type="hidden" name="Token" value="${escape(token)}">
<button name="decision" value="approve" data-testid="gmo-start-approve">支払う / Pay</button>
<button name="decision" value="decline" data-testid="gmo-start-decline">やめる / Cancel</button></form>`,
  );
}

/** A form posted at once to the shop's return address (GMO's RetUrl / RetURL). */
export function returnPage(url: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('');
  return page('…', `<form id="back" method="post" action="${escape(url)}">${inputs}<button>戻る / Back</button></form><script>document.getElementById('back').submit();</script>`);
}
