import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const resolvePath = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));

// The code is written against React's API (it imports 'react', 'react-dom'), but the shop runs
// on Preact through preact/compat: ~55 kB gzip less JavaScript before the first render
// (decision 024). The same aliases serve the build, `npm run dev` and the web unit tests
// (vitest.config.ts), so the tests render with what ships (effects run on their own schedule there:
// src/test-render.ts).
const preactAlias = [
  { find: /^react$/, replacement: resolvePath('preact/compat') },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: resolvePath('preact/jsx-runtime') },
  { find: /^react-dom$/, replacement: resolvePath('preact/compat') },
  { find: /^react-dom\/client$/, replacement: resolvePath('preact/compat/client') },
  { find: /^react-dom\/test-utils$/, replacement: resolvePath('preact/test-utils') },
  // react-i18next's stand-in for React < 18; preact/compat has useSyncExternalStore itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: resolvePath('preact/compat') },
];

// `@/x` is apps/web/src/x: the one path alias, so no import climbs out of its folder with ../../
// (tsconfig.json `paths` and the web test project in vitest.config.ts say the same).
export const webAlias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }, ...preactAlias];

/**
 * Build warnings that say nothing about our code: the libraries' "use client" markers (for
 * React server components, which we do not use) and react-router reading React 19's
 * useOptimistic, which it checks for at run time and preact/compat does not have.
 */
function isKnownLibraryWarning(warning: { code?: string; message: string }): boolean {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return warning.message.includes('"use client"');
  return warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic');
}

const api = 'http://127.0.0.1:3000';

// The shop's web app. `vite build` writes apps/web/dist, which the server serves; in
// development the server's API, media and the sandbox payment provider's pages (tokenizer
// script, consent pages, slips) are reached through the proxy.
export default defineConfig({
  root,
  plugins: [precompress()],
  resolve: { alias: webAlias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The server reads it to preload the top page's chunks with the page (http/spa.ts).
    manifest: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        if (!isKnownLibraryWarning(warning)) warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
      '/sandbox': { target: api, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
      '/sandbox': { target: api, changeOrigin: false },
    },
  },
});
