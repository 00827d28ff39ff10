import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { seedBootData } from './app/boot-data.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { installControlledFields } from './lib/controlled-fields.ts';
import { initI18n } from './lib/i18n.ts';
import { installTouchGuard } from './lib/touch-guard.ts';
import './styles/base.css';
import './styles/layout.css';

installControlledFields();
const textsReady = initI18n();
installTouchGuard();

const queryClient = createQueryClient();
seedBootData(queryClient);
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// English mode waits for its texts' chunk (Japanese is in this bundle and is ready at once).
await textsReady;
createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} router={router} />
  </StrictMode>,
);
