/* global window, document */
/*
 * Oripa SANDBOX payment provider: the card tokenizer script. It stands for a card provider's
 * token script: the page hands it the card form's values and it posts them to the provider's
 * tokenization endpoint (never to the shop API), answering a single-use token.
 *
 *   OripaSandboxPay.getToken(
 *     { card_number, limit_month, limit_year, cvc, card_name },
 *     { shopId, tokenUrl }            // from POST /api/user/gmo_token (shop_id, token_url)
 *   ).then(function (answer) {
 *     // answer.resultCode '000': answer.token, answer.maskedCardNumber
 *     // otherwise a provider code (1300-1700 by field, 902 unknown shop, E90 network error)
 *   });
 *   OripaSandboxPay.getMobileToken({ shopId, tokenUrl })   // mobile payment (pay type 8)
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src, window.location.href).origin : window.location.origin;

  function post(options, body) {
    var url = (options && options.tokenUrl) || '/sandbox/pay/v1/tokens';
    body.shop_id = options && options.shopId;
    return window
      .fetch(new URL(url, origin).toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'omit',
      })
      .then(function (response) {
        return response.json();
      })
      .catch(function () {
        return { resultCode: 'E90' };
      });
  }

  function value(card, name) {
    var v = card && card[name];
    return v === undefined || v === null ? '' : String(v);
  }

  window.OripaSandboxPay = Object.freeze({
    getToken: function (card, options) {
      return post(options, {
        kind: 'card',
        card_number: value(card, 'card_number'),
        limit_month: value(card, 'limit_month'),
        limit_year: value(card, 'limit_year'),
        cvc: value(card, 'cvc'),
        card_name: value(card, 'card_name'),
      });
    },
    getMobileToken: function (options) {
      return post(options, { kind: 'mobile' });
    },
  });
})();
