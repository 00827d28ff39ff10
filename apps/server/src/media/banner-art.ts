import { emblem } from './emblem.ts';
import { hsl, n, seededRng, sparkle, svgDocument, text } from './svg.ts';

export interface BannerArtInput {
  headline: string;
  subline: string;
  /** An English line under the call to action, for English-mode visitors of the same image. */
  taglineEn?: string;
  /** Colour scheme and layout; numbers wrap around the available schemes. */
  variant: number;
}

const WIDTH = 1200;
const HEIGHT = 400;

/** Background hue pairs of the schemes: crimson, deep blue, violet-gold, emerald. */
const SCHEMES: readonly { from: number; to: number; accent: number }[] = [
  { from: 350, to: 20, accent: 48 },
  { from: 220, to: 260, accent: 190 },
  { from: 275, to: 310, accent: 45 },
  { from: 160, to: 200, accent: 60 },
];

/** A wide top-page banner: headline, subline, a call-to-action pill and fanned cards on the right. */
export function bannerArt(input: BannerArtInput): string {
  const index = ((Math.trunc(input.variant) % SCHEMES.length) + SCHEMES.length) % SCHEMES.length;
  const scheme = SCHEMES[index] ?? SCHEMES[0]!;
  const rng = seededRng(`banner:${index}:${input.headline}`);

  const defs =
    `<defs>` +
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0%" stop-color="${hsl(scheme.from, 75, 28)}"/><stop offset="100%" stop-color="${hsl(scheme.to, 80, 12)}"/></linearGradient>` +
    `<linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0%" stop-color="#fff3c4"/><stop offset="50%" stop-color="#f5c542"/><stop offset="100%" stop-color="#b8860b"/></linearGradient>` +
    `<linearGradient id="card" x1="0" y1="0" x2="1" y2="1"><stop offset="0%" stop-color="${hsl(scheme.accent, 90, 70)}"/><stop offset="100%" stop-color="${hsl(scheme.from, 80, 40)}"/></linearGradient>` +
    `</defs>`;

  const parts: string[] = [defs, `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`];
  for (let i = 0; i < 9; i++) {
    const x = -200 + i * 170;
    parts.push(
      `<polygon points="${x},0 ${x + 70},0 ${x - 130},400 ${x - 200},400" fill="#ffffff" opacity="0.045"/>`,
    );
  }
  for (let i = 0; i < 22; i++) {
    parts.push(
      sparkle(rng.int(10, 1190), rng.int(10, 390), rng.int(4, 13), '#ffffff', 0.25 + rng.next() * 0.6),
    );
  }

  // Fanned cards on the right.
  const angles = [-16, -4, 8, 20];
  angles.forEach((angle, i) => {
    const hue = scheme.accent + i * 35;
    parts.push(
      `<g transform="rotate(${angle} 960 520)">` +
        `<rect x="890" y="80" width="150" height="210" rx="10" fill="url(#card)" stroke="url(#gold)" stroke-width="5"/>` +
        `<rect x="901" y="92" width="128" height="118" rx="5" fill="${hsl(hue, 55, 22)}"/>` +
        emblem(rng, 965, 151, 36, hue, i === angles.length - 1 ? 3 : 1) +
        `<rect x="901" y="218" width="128" height="60" rx="5" fill="#ffffff" fill-opacity="0.85"/>` +
        `</g>`,
    );
  });

  parts.push(
    text(input.headline, {
      x: 70,
      y: 175,
      size: 64,
      fill: 'url(#gold)',
      weight: 'bold',
      maxWidth: 760,
      extra: 'stroke="#2a0a18" stroke-width="6" paint-order="stroke" stroke-linejoin="round"',
    }),
    text(input.subline, {
      x: 74,
      y: 240,
      size: 28,
      fill: '#ffffff',
      maxWidth: 740,
      weight: 'bold',
    }),
    `<rect x="74" y="282" width="260" height="58" rx="29" fill="url(#gold)" stroke="#ffffff" stroke-width="3"/>`,
    text('詳しくはこちら', {
      x: 190,
      y: 320,
      size: 24,
      fill: '#2a0a18',
      weight: 'bold',
      anchor: 'middle',
    }),
    `<polygon points="${n(296)},${n(300)} ${n(314)},${n(311)} ${n(296)},${n(322)}" fill="#2a0a18"/>`,
  );
  if (input.taglineEn)
    // Beside the call to action, clear of the slider's dots under the image's middle.
    parts.push(text(input.taglineEn, { x: 360, y: 319, size: 21, fill: '#ffffff', maxWidth: 500, extra: 'fill-opacity="0.92"' }));
  const title = [input.headline, input.subline, input.taglineEn ?? ''].join(' ').trim();
  return svgDocument(WIDTH, HEIGHT, title, parts.join(''));
}
