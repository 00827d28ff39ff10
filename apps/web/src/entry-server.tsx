import {
  HANDOVER_ID,
  type PageHandover,
  type RenderedPage,
  type RenderRequest,
} from '@oripa/contract/public-pages';
import { STATE } from '@oripa/contract/states';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { Fragment, StrictMode, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient } from './app/query-client.ts';
import { buildRoutes } from './app/routes.tsx';
import { setApiTransport } from './lib/api-client.ts';
import { setRenderClock } from './lib/clock.ts';
import { PageMetaSink, type PageMeta } from './lib/page-meta.ts';
import { EN } from './locales/en.ts';
import { JA } from './locales/ja.ts';
import { canonicalUrl, largestPicture, PageHead } from './ssr/page-head.tsx';
import { failedQuery, runPendingQueries } from './ssr/server-queries.ts';

// The server renderer of the public pages (decision 032): built by `vite build --ssr` into
// dist/.ssr and loaded by the shop server (apps/server/src/http/spa.ts), which imports no web source.

void i18next.init({
  resources: { ja: { translation: JA }, en: { translation: EN } },
  lng: 'ja',
  fallbackLng: 'ja',
  supportedLngs: ['ja', 'en'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

const Mode = import.meta.env.DEV ? StrictMode : Fragment;

/**
 * The page's HTML once everything in it has rendered (lazy parts included). Every Suspense
 * boundary stays in place: React would move a large one out of line with an inline script to
 * put it back, which the CSP refuses (no inline script).
 */
async function toHtml(element: ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/**
 * Renders one public page: runs its route (lazy modules and the guard's redirect), then renders
 * it until every query it asked for has its answer (each round runs the queries the last one
 * discovered), so the HTML shows the page as the browser would after its calls.
 */
async function renderPage(request: RenderRequest): Promise<RenderedPage> {
  const url = new URL(request.url, request.origin);
  const queryClient = createQueryClient();
  const handler = createStaticHandler(buildRoutes(queryClient, { onServer: true }));
  const context = await handler.query(new Request(url.href));
  if (context instanceof Response) {
    return { status: context.status, redirect: context.headers.get('location') ?? '/', root: '', head: '', handover: '' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const meta: PageMeta = {};
  const sink = { record: (said: PageMeta) => Object.assign(meta, said) };
  const app = () => (
    <Mode>
      <PageMetaSink.Provider value={sink}>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </PageMetaSink.Provider>
    </Mode>
  );
  let root = await toHtml(app());
  for (let round = 0; round < 4 && (await runPendingQueries(queryClient)); round += 1) {
    root = await toHtml(app());
  }
  const failed = failedQuery(queryClient);
  if (failed) {
    // A pack or a shared win that does not exist: the browser shows the app's own answer.
    return { status: failed.missing ? STATE.notFound : STATE.server, root: '', head: '', handover: '' };
  }
  const t = i18next.getFixedT(request.lang);
  const head = renderToStaticMarkup(
    <PageHead
      meta={{
        title: meta.title ?? `${t('brand.name')} | ${t('brand.tagline')}`,
        description: meta.description ?? t('brand.description'),
        image: meta.image,
      }}
      canonical={canonicalUrl(url, request.origin)}
      origin={request.origin}
      lang={request.lang}
      picture={largestPicture(root, meta.image)}
    />,
  );
  const handover: PageHandover = {
    lang: request.lang,
    now: request.now,
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData },
  };
  return { status: 200, root, head, handover: handoverScript(handover) };
}

/** The handover as JSON in a script block that never runs (the CSP allows no inline script). */
function handoverScript(handover: PageHandover): string {
  // JSON never holds a raw '<' here, so no text in it can close the script element.
  const json = JSON.stringify(handover).replace(/</g, '\\u003c');
  return renderToStaticMarkup(
    <script type="application/json" id={HANDOVER_ID} dangerouslySetInnerHTML={{ __html: json }} />,
  );
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders a public page for the shop server. Pages render one after another: the language, the
 * clock and the API transport are set for the whole render (a render takes a few milliseconds
 * and the shared cache in front keeps most visitors from asking).
 */
export function render(request: RenderRequest): Promise<RenderedPage> {
  const run = queue.then(async () => {
    await i18next.changeLanguage(request.lang);
    setRenderClock(request.now);
    setApiTransport(request.api);
    try {
      return await renderPage(request);
    } finally {
      setApiTransport(undefined);
      setRenderClock(undefined);
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
