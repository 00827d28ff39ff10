import fs from 'node:fs';

/**
 * Debian's Chromium for the browser tests (or CHROMIUM_PATH); undefined when none is installed.
 * The headless shell (package chromium-headless-shell, the same Chromium without the browser's
 * own interface) comes first: the tests need no more, and it spends less CPU per page
 * (decision 066). The full browser is the fallback.
 */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && fs.existsSync(p));
}

/** Debian's full Chromium (or CHROMIUM_PATH), for Lighthouse, which measures a real browser. */
export function findFullChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && fs.existsSync(p));
}
