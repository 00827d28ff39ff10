// node --import tsx scripts/render-art.mjs — renders the demo catalogue's generated pictures
// (cards, pack art, banners: SVG from apps/server/src/media) and the link bar's default icons to
// WebP files in apps/server/src/db/seed/art, which the demo seed and the reference data store.
// Run it after changing the art generators or the demo catalogue; art-files.unit.test.ts fails
// until the files match.
// Needs Chromium (the browser tests' one) and a Japanese font, as the browser tests do.
/* global Image, document -- page.evaluate runs in the browser */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from './chromium.mjs';
import { artSourceHash, ART_DIR, renderedArtSources, RASTER_ART_QUALITY } from '../apps/server/src/db/seed/art-files.ts';

const executablePath = findChromium();
if (!executablePath) throw new Error('Chromium is needed to render the pictures (apt-get install chromium)');
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  const sources = renderedArtSources();
  const manifest = {};
  fs.mkdirSync(ART_DIR, { recursive: true });
  const wanted = new Set();
  for (const source of sources) {
    const dataUrl = await page.evaluate(
      async ({ svg, quality, scale }) => {
        const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
        const image = new Image();
        image.src = url;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth * scale;
        canvas.height = image.naturalHeight * scale;
        canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
        URL.revokeObjectURL(url);
        return canvas.toDataURL('image/webp', quality);
      },
      { svg: source.svg, quality: RASTER_ART_QUALITY, scale: source.scale ?? 1 },
    );
    const name = source.id;
    wanted.add(name);
    fs.writeFileSync(path.join(ART_DIR, name), Buffer.from(dataUrl.split(',')[1], 'base64'));
    manifest[name] = artSourceHash(source);
  }
  for (const file of fs.readdirSync(ART_DIR)) {
    if (file.endsWith('.webp') && !wanted.has(file)) fs.rmSync(path.join(ART_DIR, file));
  }
  fs.writeFileSync(path.join(ART_DIR, 'sources.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  console.log(`rendered ${sources.length} pictures into ${path.relative(process.cwd(), ART_DIR)}`);
} finally {
  await browser.close();
}
