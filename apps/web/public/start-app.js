// Starts the web app on the pages the server draws (the top and pack pages, apps/server/src/http/spa.ts)
// once that first screen has painted with its main image: on a slow phone link the app's
// JavaScript would otherwise share the bandwidth the image needs (decision 015, addendum). The
// server-drawn screen's links work meanwhile. A file of its own: the shop's Content-Security-Policy
// allows no inline scripts. data-entry is the app's entry module, data-preload the modules the
// page needs besides it (fetched alongside instead of one after another).
(function () {
  'use strict';
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;

  // Each modulepreload link starts a request on the main thread (~0.3 ms each, x4 on a slow
  // phone): the entry's import goes first, its modules' links in a few short tasks after it.
  var BATCH = 8;

  function addPreloads(from) {
    preloads.slice(from, from + BATCH).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (from + BATCH < preloads.length) {
      setTimeout(function () {
        addPreloads(from + BATCH);
      }, 0);
    }
  }

  function start() {
    if (started) return;
    started = true;
    import(entry);
    addPreloads(0);
  }

  // The frame after the image has painted; a hidden tab paints none, so it starts at once.
  function afterPaint() {
    if (document.visibilityState === 'hidden') return start();
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }

  function whenImageReady() {
    var image = document.querySelector('#first-screen img[fetchpriority="high"]');
    if (!image || image.complete) return afterPaint();
    image.addEventListener('load', afterPaint, { once: true });
    image.addEventListener('error', afterPaint, { once: true });
    // An image that stalls does not hold the app back for long.
    setTimeout(start, 4000);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenImageReady, { once: true });
  else whenImageReady();
})();
