import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { seedBootData } from './app/boot-data.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { installControlledFields } from './lib/controlled-fields.ts';
import { detectLang, initI18n } from './lib/i18n.ts';
import { installTouchGuard } from './lib/touch-guard.ts';
import { yieldToMain } from './lib/yield-to-main.ts';
import './styles/base.css';
import './styles/layout.css';

// The start-up runs as several short tasks instead of one long one (module evaluation, texts,
// data and router, first render), so a tap on the server-drawn screen is answered between them
// and a slow phone's main thread is never blocked long (decision 015, addendum).
// The first reads of localStorage (the language) and sessionStorage (the router's saved view
// transitions) each wait for the browser process: tasks of their own.
installControlledFields();
installTouchGuard();
await yieldToMain();
const lang = detectLang();
await yieldToMain();
const textsReady = initI18n(lang);

await yieldToMain();
const queryClient = createQueryClient();
seedBootData(queryClient);
await yieldToMain();
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// English mode waits for its texts' chunk (Japanese is in this bundle and is ready at once).
await textsReady;
await yieldToMain();
createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} router={router} />
  </StrictMode>,
);
