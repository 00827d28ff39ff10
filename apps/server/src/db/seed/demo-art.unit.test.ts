import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ART_DIR, demoArtFiles, demoArtSources } from './demo-art.ts';

const RENDER = 'node --import tsx scripts/render-demo-art.mjs';

describe('the demo pictures', () => {
  const sources = demoArtSources();
  const manifest = JSON.parse(fs.readFileSync(path.join(DEMO_ART_DIR, 'sources.json'), 'utf8')) as Record<string, string>;

  it('are rendered from the art generators as they draw today', () => {
    for (const { id, svg } of sources) {
      const hash = crypto.createHash('sha256').update(svg).digest('hex');
      expect(manifest[id], `${id} was rendered from another drawing: run ${RENDER}`).toBe(hash);
    }
  });

  it('are one WebP file per picture of the catalogue, and no stray file', () => {
    const ids = sources.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const files = fs.readdirSync(DEMO_ART_DIR).filter((f) => f !== 'sources.json');
    expect(files.sort(), `run ${RENDER}`).toEqual([...ids].sort());
    for (const file of demoArtFiles()) {
      expect(file.contentType).toBe('image/webp');
      expect(file.data.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(file.data.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });

  it('cover cards, pack art and banners', () => {
    expect(sources.some((s) => s.id.startsWith('card-'))).toBe(true);
    expect(sources.some((s) => s.id.startsWith('pack-'))).toBe(true);
    expect(sources.some((s) => s.id.startsWith('banner-'))).toBe(true);
  });
});
