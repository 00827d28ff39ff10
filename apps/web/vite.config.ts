import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
// `@/x` is apps/web/src/x: the one path alias, so no import climbs out of its folder with ../../
// (tsconfig.json `paths` and the web test project in vitest.config.ts say the same).
export const webAlias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }];
const api = 'http://127.0.0.1:3000';

// The shop's web app. `vite build` writes apps/web/dist, which the server serves; in
// development the server's API, media and the sandbox payment provider's pages (tokenizer
// script, consent pages, slips) are reached through the proxy.
export default defineConfig({
  root,
  plugins: [react(), precompress()],
  resolve: { alias: webAlias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The server reads it to preload the top page's chunks with the page (http/spa.ts).
    manifest: true,
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
