import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appChunks } from './build/app-chunks.ts';
import { precompress } from './build/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
// `@/x` is apps/web/src/x: the one path alias, so no import climbs out of its folder with ../../
// (tsconfig.json `paths` and the web test project in vitest.config.ts say the same).
export const webAlias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }];

/**
 * React Router's production build. Its package exports only the development build (with its
 * warnings: the route checks and messages it makes on every render), for production too, until
 * remix-run/react-router#14102 is fixed; the two builds differ in that one flag. The shop's
 * builds take the production files by path, both entries, so they share one copy of the router:
 * the browser's (decision 072) and the server renderer's, which bundles it (decision 074).
 * `npm run dev` and the tests keep the warnings.
 */
const routerDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
const productionRouter = [
  { find: /^react-router$/, replacement: path.join(routerDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(routerDist, 'dom-export.mjs') },
];

/**
 * Build warnings that say nothing about our code: the libraries' "use client" markers (for
 * React server components, which we do not use).
 */
function isKnownLibraryWarning(warning: { code?: string; message: string }): boolean {
  return warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"');
}

const api = 'http://127.0.0.1:3000';

// The app's start-up in two chunks, libraries and shop (decision 073); the browser build only.
const startUpChunks = appChunks(path.join(root, 'src/main.tsx'), path.join(root, 'src/boot.ts'));

// The shop's web app, React DOM with Fast Refresh in `npm run dev` (decision 032). `vite build`
// writes apps/web/dist, which the server serves; `vite build --ssr` (the build script) writes the
// server renderer of the public pages to dist/.ssr, which the server loads from there. In
// development the server's API, media and the sandbox payment provider's pages (tokenizer
// script, consent pages, slips) are reached through the proxy.
export default defineConfig(({ command, isSsrBuild }) => ({
  root,
  plugins: [react(), precompress(), ...(isSsrBuild ? [] : [startUpChunks.plugin])],
  resolve: { alias: command === 'build' ? [...webAlias, ...productionRouter] : webAlias },
  // The server renderer bundles the contract (TypeScript source) and the router's production
  // build, and leaves the other libraries to Node.
  ssr: { noExternal: ['@oripa/contract', 'react-router'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The server reads it to load each rendered page's chunks and styles with it (http/spa.ts).
    manifest: true,
    rolldownOptions: {
      output: isSsrBuild ? {} : { codeSplitting: { groups: startUpChunks.groups } },
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
}));
