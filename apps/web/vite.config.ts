import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const api = 'http://127.0.0.1:3000';

// The shop's web app. `vite build` writes apps/web/dist, which the server serves; in
// development the server's API, media and the sandbox payment provider's pages (tokenizer
// script, consent pages, slips) are reached through the proxy.
export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
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
