// Maintenance page: asks the server every 30 seconds whether maintenance is over (any state but
// 9999 on GET /api/user/point) and then returns to the top page. A separate file because the
// shop's Content-Security-Policy allows no inline scripts.
(function () {
  'use strict';
  var MAINTENANCE = 9999;
  var INTERVAL_MS = 30000;

  function check() {
    fetch('/api/user/point', { credentials: 'same-origin', cache: 'no-store' })
      .then(function (response) {
        return response.json();
      })
      .then(function (body) {
        if (body && typeof body.state === 'number' && body.state !== MAINTENANCE) {
          window.location.replace('/');
        }
      })
      .catch(function () {
        // The server is still away: try again at the next tick.
      });
  }

  window.setInterval(check, INTERVAL_MS);
})();
