import { HANDOVER_ID, PAGE_MODULES_ID } from '@oripa/contract/public-pages';
import { yieldToMain } from './lib/yield-to-main.ts';

// The page's entry (index.html). A page the server rendered (decision 032) is already whole
// when this runs: its largest picture is painted before the app's code is fetched and run, so
// on a slow phone link the picture's bytes do not share the line with ~150 kB of script, and
// the hydrating main thread does not hold up its paint (decision 035). Buttons stay drawn
// disabled until the app has hydrated, so nothing looks ready before it works. A page the
// browser renders alone (members' pages) starts the app at once.

/** Longest wait for the page's largest picture: a slow or broken image never holds the app back longer. */
const PICTURE_WAIT_MS = 3_000;

/** Resolves once the browser has painted a frame (a timer after the next animation frame). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The pictures the server marked as the page's largest (preloaded with fetchpriority=high), decoded. */
function largestPicturesDecoded(): Promise<unknown> {
  const hrefs = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"][fetchpriority="high"]')].map(
    (link) => link.href,
  );
  const decoded = hrefs.map((href) => {
    const image = new Image();
    image.src = href;
    // A picture that fails to load is no reason to wait: the app starts regardless.
    return image.decode().catch(() => undefined);
  });
  const cap = new Promise((resolve) => setTimeout(resolve, PICTURE_WAIT_MS));
  return Promise.race([Promise.all(decoded), cap]);
}

/** How many module preloads one task starts: each costs the main thread ~0.5-1 ms on a fast machine. */
const PRELOADS_PER_TASK = 6;

/** The page's chunks (the app's and its route's) the server listed, read once and gone from the page. */
function pageModules(): string[] {
  const element = document.getElementById(PAGE_MODULES_ID);
  const list = element?.textContent;
  // Read once, then gone from the page, as the handed-over data is (app/handover.ts).
  element?.remove();
  if (!list) return [];
  try {
    const hrefs: unknown = JSON.parse(list);
    return Array.isArray(hrefs) ? hrefs.filter((href): href is string => typeof href === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Fetches the page's chunks all at once, so hydrating waits for one round trip rather than one
 * per level of imports. Starting ~35 preloads held the main thread 15-28 ms unthrottled in one
 * task, several times that on a phone's CPU; a few per task keep each task short (decision 069).
 */
async function preloadPageModules(): Promise<void> {
  const hrefs = pageModules();
  for (let i = 0; i < hrefs.length; i += PRELOADS_PER_TASK) {
    if (i > 0) await yieldToMain();
    for (const href of hrefs.slice(i, i + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  }
}

if (document.getElementById(HANDOVER_ID)) {
  await largestPicturesDecoded();
  await afterNextPaint();
  await preloadPageModules();
}
await import('./main.tsx');
