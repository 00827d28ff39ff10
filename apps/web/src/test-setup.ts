import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { changeLang, initI18n } from './lib/i18n.ts';

// A few files run in the node environment (see api-client.test.ts): no DOM there.
const hasDom = typeof document !== 'undefined';

// Components render with the real Japanese catalogue, as in the shop's default mode.
if (hasDom) {
  // The files of a worker share one module graph (vitest.config.ts: isolate false), so one
  // i18next: a file switching to English (changeLang or a bare i18next.changeLanguage) must find
  // the whole English catalogue whatever ran before it. Loading it up front makes every file see
  // the same: English ready, Japanese shown, no lang cookie.
  await initI18n('ja');
  await changeLang('en');
  await changeLang('ja');
  document.cookie = 'lang=; path=/; max-age=0';
  // jsdom does not lay out, so it has no scrolling API; screens call it after paging.
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

// findBy…/waitFor wait up to 5 s rather than 1 s: the files run two at a time (vitest.config.ts),
// and on a busy 2-core machine a screen's first render with its lazy texts took longer than 1 s.
// A condition that never holds still fails.
configure({ asyncUtilTimeout: 5_000 });

// A test fails on any console.error (React warnings included), as the design asks.
let consoleErrors: string[] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(String).join(' '));
  });
});

afterEach(() => {
  if (hasDom) {
    cleanup();
    window.localStorage.clear();
    document.cookie = 'lang=; path=/; max-age=0';
  }
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  if (consoleErrors.length > 0) {
    throw new Error(`console.error was called:\n${consoleErrors.join('\n')}`);
  }
});
