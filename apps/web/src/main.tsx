import type { DehydratedState } from '@tanstack/react-query';
import { Fragment, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { takeHandover } from './app/handover.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { buildRoutes } from './app/routes.tsx';
import { setRenderClock } from './lib/clock.ts';
import { expectHydration } from './lib/hydrated.ts';
import { detectLang, initI18n } from './lib/i18n.ts';
import { installTouchGuard } from './lib/touch-guard.ts';
import { yieldToMain } from './lib/yield-to-main.ts';
import './styles/base.css';
import './styles/layout.css';

// StrictMode in development (double renders and effects show impure code); none in production.
const Mode = import.meta.env.DEV ? StrictMode : Fragment;

/**
 * Loads the lazy modules of the routes the address matches before hydrating, so the first render
 * draws the page the server drew instead of a fallback while its chunk loads.
 */
async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded);
      delete route.lazy;
    }),
  );
}

// Start-up in short tasks (decision 069): evaluating the modules, the texts, the route's chunk,
// the router and hydrating each take a task of their own, so no one task holds a slow phone's
// main thread for long (Lighthouse's total blocking time counts what a task takes beyond 50 ms).
await yieldToMain();
installTouchGuard();
// A server-rendered public page (decision 032) hands over its language, clock, data and route
// state; a member page renders in the browser alone.
const handover = takeHandover();
const lang = handover?.lang ?? detectLang();
const textsReady = initI18n(lang);
await yieldToMain();
const queryClient = createQueryClient();
const routes = buildRoutes(queryClient);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

if (handover) {
  setRenderClock(handover.now);
  expectHydration();
  await Promise.all([textsReady, loadMatchedRoutes(routes)]);
  await yieldToMain();
  const router = createBrowserRouter(routes, { hydrationData: handover.router as HydrationState });
  await yieldToMain();
  // Hydrated in a transition: React renders the page in slices of ~5 ms and lets the browser run
  // between them, instead of one task of the whole page (40-60 ms on a fast machine, ten times
  // that on a slow phone). The purchase panel is still in this first pass (decision 068); its
  // buttons are drawn disabled until they work (lib/hydrated.ts). Decision 071.
  startTransition(() => {
    hydrateRoot(
      container,
      <Mode>
        <AppProviders queryClient={queryClient} router={router} dehydratedState={handover.queries as DehydratedState} hydrated />
      </Mode>,
      {
        // Any difference between the server's HTML and the first render is a bug: say so plainly
        // (the browser tests fail on it, e2e/support/browser.ts).
        onRecoverableError(error, info) {
          console.warn('React hydration error:', error, info.componentStack ?? '');
        },
      },
    );
  });
} else {
  // English mode waits for its texts' chunk (Japanese is in this bundle and is ready at once).
  await textsReady;
  createRoot(container).render(
    <Mode>
      <AppProviders queryClient={queryClient} router={createBrowserRouter(routes)} />
    </Mode>,
  );
}
