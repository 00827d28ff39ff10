import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n } from './lib/i18n.ts';

// A few files run in the node environment (see api-client.test.ts): no DOM there.
const hasDom = typeof document !== 'undefined';

// Components render with the real Japanese catalogue, as in the shop's default mode.
if (hasDom) {
  initI18n('ja');
  // jsdom does not lay out, so it has no scrolling API; screens call it after paging.
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

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
