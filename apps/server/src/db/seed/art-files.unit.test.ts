import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHORTCUT_ICONS } from '../../media/shortcut-icon.ts';
import { artSourceHash, ART_DIR, artFiles, demoArtSources, renderedArtSources } from './art-files.ts';

const RENDER = 'node --import tsx scripts/render-art.mjs';

describe('the rendered pictures', () => {
  const sources = renderedArtSources();
  const manifest = JSON.parse(fs.readFileSync(path.join(ART_DIR, 'sources.json'), 'utf8')) as Record<string, string>;

  it('are rendered from the art generators as they draw today', () => {
    for (const source of sources) {
      expect(manifest[source.id], `${source.id} was rendered from another drawing: run ${RENDER}`).toBe(artSourceHash(source));
    }
  });

  it('are one WebP file per picture of the catalogue, and no stray file', () => {
    const ids = sources.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const files = fs.readdirSync(ART_DIR).filter((f) => f !== 'sources.json');
    expect(files.sort(), `run ${RENDER}`).toEqual([...ids].sort());
    for (const file of artFiles(sources)) {
      expect(file.contentType).toBe('image/webp');
      expect(file.data.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(file.data.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });

  it("cover cards, pack art, banners and the link bar's icons", () => {
    const demo = demoArtSources();
    expect(demo.some((s) => s.id.startsWith('card-'))).toBe(true);
    expect(demo.some((s) => s.id.startsWith('pack-'))).toBe(true);
    expect(demo.some((s) => s.id.startsWith('banner-'))).toBe(true);
    expect(sources.filter((s) => s.id.startsWith('icon-')).length).toBe(SHORTCUT_ICONS.length);
  });
});
