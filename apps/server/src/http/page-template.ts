import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_MODULES_ID } from '@oripa/contract/public-pages';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The app's module that index.html's entry (src/boot.ts) imports once the page has painted. */
export const APP_MODULE = 'src/main.tsx';

/** A server-rendered page's frame: index.html with the page's styles and chunks worked in. */
export interface PageTemplate {
  html: string;
  /** The CSP source that allows the page's one inline `<style>` (its SHA-256), e.g. 'sha256-…'. */
  styleSource: string;
}

export function readManifest(webDist: string): Manifest {
  const file = path.join(webDist, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : {};
}

/** The chunks and styles modules of the web app need, from Vite's build manifest, in load order. */
export function moduleClosure(manifest: Manifest, moduleIds: string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(`/${chunk.file}`)) return;
    scripts.add(`/${chunk.file}`);
    for (const next of chunk.imports ?? []) visit(next);
    // A chunk's styles after those of what it imports: the cascade order Vite's own loading gives.
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
  };
  for (const id of moduleIds) visit(id);
  return { scripts: [...scripts], styles: [...styles] };
}

/** The CSP source allowing an inline `<style>` with exactly this text. */
export function styleHashSource(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

/**
 * index.html for a server-rendered page (decision 035):
 * - its fixed title and description go (the renderer writes the page's own);
 * - the page's whole CSS (the app's and its route's, a few kB compressed) is inlined in one
 *   `<style>` the CSP allows by hash, so nothing blocks the first paint but the HTML itself. Each
 *   inlined file is also named by a `disabled` stylesheet link, which the browser does not fetch:
 *   it tells Vite's loader the file is in the page, so hydrating does not fetch it again;
 * - no chunk of the app is preloaded with the page (index.html's own preload, the entry's 2 kB
 *   loading helper, stays): the app's and the route's chunks are listed in a JSON block that
 *   src/boot.ts fetches together once the page has painted, so they do not share a slow link
 *   with the page's largest picture.
 */
export function pageTemplate(html: string, manifest: Manifest, moduleIds: string[], readAsset: (href: string) => string): PageTemplate {
  const { scripts, styles } = moduleClosure(manifest, [APP_MODULE, ...moduleIds]);
  // A closing tag inside the CSS would end the element early; Vite's CSS has none, but say so loudly.
  const css = styles.map((href) => readAsset(href).trim()).join('\n');
  if (/<\/style/i.test(css)) throw new Error('a stylesheet of the web build contains "</style"');
  const markers = styles.map((href) => `<link rel="stylesheet" href="${href}" disabled>`).join('');
  const modules = `<script type="application/json" id="${PAGE_MODULES_ID}">${JSON.stringify(scripts)}</script>`;
  const page = html
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/, '')
    .replace('</head>', `<style>${css}</style>${markers}</head>`)
    .replace('</body>', `${modules}</body>`);
  return { html: page, styleSource: styleHashSource(css) };
}

/** Reads a built asset by its address (/assets/x.css) from the build output. */
export function assetReader(webDist: string): (href: string) => string {
  return (href) => fs.readFileSync(path.join(webDist, ...href.split('/').filter(Boolean)), 'utf8');
}

/** The CSP with the page's inline style allowed in style-src (the rest of the policy as it is). */
export function withStyleSource(policy: string, styleSource: string): string {
  if (!/(^|;)\s*style-src\b/.test(policy)) return `${policy}; style-src 'self' ${styleSource}`;
  return policy.replace(/((?:^|;)\s*style-src\b[^;]*)/, `$1 ${styleSource}`);
}
