import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PAYMENT_METHOD } from '@oripa/contract/constants';
import { bannerArt } from '../../media/banner-art.ts';
import { cardArt } from '../../media/card-art.ts';
import { packArt } from '../../media/pack-art.ts';
import { SHORTCUT_ICONS, shortcutIcon } from '../../media/shortcut-icon.ts';
import { DEMO_BANNERS, DEMO_CARD_TYPES, DEMO_PACKS, type DemoPack } from './demo-catalog.ts';

// Pictures drawn by the art generators (SVG) and shipped as WebP files rendered from them
// (scripts/render-art.mjs): the demo catalogue's, and the top page's default link-bar icons. A
// shop's real pictures are photos; an SVG picture is a document of its own that the browser
// parses, lays out (with font fallback for the Japanese text) and paints on the page's main
// thread, 5-50 ms each on a fast machine, where a WebP is decoded off the main thread. The top
// page shows ~30 pictures (decision 069).

/** Where the rendered pictures live, beside their manifest (sources.json: file → SHA-256 of its SVG). */
export const ART_DIR = path.join(import.meta.dirname, 'art');
/** The WebP quality the pictures are rendered at (canvas.toDataURL's 0-1 scale). */
export const RASTER_ART_QUALITY = 0.8;
export const ART_CONTENT_TYPE = 'image/webp';

/** One rendered picture: its media id, the SVG it is rendered from, and at how many pixels per SVG unit. */
export interface ArtSource {
  id: string;
  svg: string;
  scale?: number;
}

/** What a rendered file is recorded against in sources.json: its drawing and its scale. */
export function artSourceHash(source: ArtSource): string {
  return crypto.createHash('sha256').update(`${source.scale ?? 1}\n${source.svg}`).digest('hex');
}

/** One rendered picture as the seed and the reference data store it. */
export interface ArtFile {
  id: string;
  contentType: string;
  data: Buffer;
}

/** 'MST-001/120' → 'card-mst-001.webp'. */
export function cardMediaId(code: string): string {
  const slug = (code.split('/')[0] ?? code)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `card-${slug}.webp`;
}

/** The k-th (1-based) picture of the n-th (1-based) demo pack. */
export const packMediaId = (n: number, k: number): string => `pack-${n}-${k}.webp`;
/** The i-th (0-based) demo banner. */
export const bannerMediaId = (i: number): string => `banner-${i + 1}.webp`;

function priceLabel(pack: DemoPack): string {
  return pack.paymentMethod === PAYMENT_METHOD.coins ? `${pack.price}C` : `${pack.price.toLocaleString('ja-JP')}P`;
}

/** Every picture of the demo catalogue (cards, pack art, banners) with the SVG it is drawn from. */
export function demoArtSources(): ArtSource[] {
  const cards = DEMO_CARD_TYPES.flatMap((type) =>
    type.cards.map((card) => ({
      id: cardMediaId(card.code),
      svg: cardArt({ name: card.name, rarity: card.rarity, cardType: type.name, modelNumber: card.code, seed: card.code }),
    })),
  );
  const packPictures = DEMO_PACKS.flatMap((pack, i) =>
    Array.from({ length: pack.imageCount }, (_, j) => ({
      id: packMediaId(i + 1, j + 1),
      svg: packArt({ title: pack.name, priceLabel: priceLabel(pack), variant: j, seed: pack.key }),
    })),
  );
  const bannerPictures = DEMO_BANNERS.map((banner, i) => ({
    id: bannerMediaId(i),
    svg: bannerArt({ headline: banner.headline, subline: banner.subline, taglineEn: banner.taglineEn, variant: i }),
  }));
  return [...cards, ...packPictures, ...bannerPictures];
}

/** The top page's default link-bar icons (config SISTER_SITES), drawn at twice their 64 px for sharp screens. */
export const shortcutIconId = (name: string): string => `icon-${name}.webp`;

export function shortcutIconSources(): ArtSource[] {
  return SHORTCUT_ICONS.map((name) => ({ id: shortcutIconId(name), svg: shortcutIcon(name), scale: 2 }));
}

/** Every picture rendered to a file: the demo catalogue's and the link-bar icons. */
export function renderedArtSources(): ArtSource[] {
  return [...demoArtSources(), ...shortcutIconSources()];
}

/** The rendered files of `sources`, read from ART_DIR; throws naming the script when one is missing. */
export function artFiles(sources: ArtSource[] = demoArtSources()): ArtFile[] {
  return sources.map(({ id }) => {
    const file = path.join(ART_DIR, id);
    if (!fs.existsSync(file)) throw new Error(`picture ${id} is missing: run node --import tsx scripts/render-art.mjs`);
    return { id, contentType: ART_CONTENT_TYPE, data: fs.readFileSync(file) };
  });
}
