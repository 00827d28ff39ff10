import { emblem } from './emblem.ts';
import { hashSeed, hsl, n, polygonPoints, seededRng, sparkle, splitTitle, svgDocument, text } from './svg.ts';

export interface PackArtInput {
  title: string;
  /** Shown on the badge, e.g. '1,000P' or '10C'. */
  priceLabel: string;
  /** 0 booster pack, 1 box, 2 fanned cards; other numbers wrap around. */
  variant: number;
  seed: string | number;
}

const SIZE = 600;

/** Title lines centred at (cx, y), at most two, each squeezed to maxWidth. */
function titleLines(
  title: string,
  cx: number,
  y: number,
  size: number,
  maxWidth: number,
  fill: string,
): string {
  const lines = splitTitle(title, maxWidth / size);
  const gap = size * 1.2;
  const top = y - ((lines.length - 1) * gap) / 2;
  return lines
    .map((line, i) =>
      text(line, {
        x: cx,
        y: top + i * gap,
        size,
        fill,
        weight: 'bold',
        anchor: 'middle',
        maxWidth,
        extra: 'stroke="#1a1030" stroke-width="4" paint-order="stroke" stroke-linejoin="round"',
      }),
    )
    .join('');
}

function priceBadge(label: string, cx: number, cy: number, hue: number): string {
  return (
    `<polygon points="${polygonPoints(cx, cy, 74, 14, 0, 60)}" fill="${hsl(hue + 180, 90, 55)}" stroke="#ffffff" stroke-width="4" stroke-linejoin="round"/>` +
    text(label, {
      x: cx,
      y: cy + 10,
      size: 28,
      fill: '#ffffff',
      weight: 'bold',
      anchor: 'middle',
      maxWidth: 108,
      extra: 'stroke="#1a1030" stroke-width="3" paint-order="stroke"',
    })
  );
}

function crimp(x1: number, x2: number, y: number, depth: number): string {
  const teeth = 20;
  const step = (x2 - x1) / teeth;
  const points: string[] = [];
  for (let i = 0; i <= teeth; i++) points.push(`${n(x1 + i * step)},${n(y + (i % 2 === 0 ? 0 : depth))}`);
  return points.join(' ');
}

function boosterPack(input: PackArtInput, hue: number, seed: string): string {
  const rng = seededRng(`pack:${seed}`);
  const parts: string[] = [];
  parts.push(
    `<polygon points="${crimp(150, 450, 46, 12)} 450,92 150,92" fill="url(#foil)" stroke="#ffffff" stroke-opacity="0.5"/>`,
    `<rect x="150" y="88" width="300" height="424" fill="url(#foil)"/>`,
    `<polygon points="150,508 450,508 ${crimp(450, 150, 554, -12)}" fill="url(#foil)" stroke="#ffffff" stroke-opacity="0.5"/>`,
    `<rect x="150" y="88" width="300" height="424" fill="url(#shine)"/>`,
    `<rect x="150" y="100" width="300" height="44" fill="#1a1030" fill-opacity="0.55"/>`,
    text('ORIPA', {
      x: 300,
      y: 132,
      size: 28,
      fill: '#ffffff',
      weight: 'bold',
      anchor: 'middle',
      extra: 'letter-spacing="8"',
    }),
    emblem(rng, 300, 280, 84, hue, 3),
    `<rect x="162" y="396" width="276" height="100" rx="10" fill="#1a1030" fill-opacity="0.6"/>`,
    titleLines(input.title, 300, 454, 30, 256, '#ffffff'),
  );
  return parts.join('');
}

function packBox(input: PackArtInput, hue: number, seed: string): string {
  const rng = seededRng(`box:${seed}`);
  return [
    `<polygon points="110,200 170,130 500,130 440,200" fill="${hsl(hue, 70, 70)}" stroke="#ffffff" stroke-width="2"/>`,
    `<polygon points="440,200 500,130 500,450 440,520" fill="${hsl(hue, 65, 32)}" stroke="#ffffff" stroke-width="2"/>`,
    `<rect x="110" y="200" width="330" height="320" fill="url(#foil)" stroke="#ffffff" stroke-width="2"/>`,
    `<rect x="110" y="200" width="330" height="320" fill="url(#shine)"/>`,
    `<rect x="110" y="214" width="330" height="36" fill="#1a1030" fill-opacity="0.55"/>`,
    text('BOX', {
      x: 275,
      y: 241,
      size: 24,
      fill: '#ffffff',
      weight: 'bold',
      anchor: 'middle',
      extra: 'letter-spacing="10"',
    }),
    emblem(rng, 275, 335, 62, hue, 2),
    `<rect x="122" y="418" width="306" height="92" rx="8" fill="#1a1030" fill-opacity="0.6"/>`,
    titleLines(input.title, 275, 472, 28, 286, '#ffffff'),
  ].join('');
}

function fannedCards(input: PackArtInput, hue: number, seed: string): string {
  const rng = seededRng(`fan:${seed}`);
  const parts: string[] = [];
  const angles = [-18, 0, 18];
  angles.forEach((angle, i) => {
    const cardHue = hue + (i - 1) * 40;
    parts.push(
      `<g transform="rotate(${angle} 300 470)">` +
        `<rect x="210" y="120" width="180" height="252" rx="12" fill="url(#foil)" stroke="#ffffff" stroke-width="4"/>` +
        `<rect x="222" y="132" width="156" height="150" rx="6" fill="${hsl(cardHue, 60, 25)}"/>` +
        emblem(rng, 300, 207, 44, cardHue, i === 1 ? 3 : 1) +
        `<rect x="222" y="292" width="156" height="66" rx="6" fill="#ffffff" fill-opacity="0.85"/>` +
        `</g>`,
    );
  });
  parts.push(
    `<rect x="60" y="420" width="480" height="110" rx="14" fill="#1a1030" fill-opacity="0.7" stroke="url(#foil)" stroke-width="4"/>`,
    titleLines(input.title, 300, 482, 32, 450, '#ffffff'),
  );
  return parts.join('');
}

/** A pack image: a booster pack, a box or fanned cards, with the title and a price badge. */
export function packArt(input: PackArtInput): string {
  const seed = String(input.seed);
  const hue = hashSeed(`hue:${seed}`) % 360;
  const variant = ((Math.trunc(input.variant) % 3) + 3) % 3;
  const rng = seededRng(`bg:${seed}:${variant}`);

  const defs =
    `<defs>` +
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0%" stop-color="${hsl(hue + 200, 55, 22)}"/><stop offset="100%" stop-color="${hsl(hue + 240, 60, 10)}"/></linearGradient>` +
    `<linearGradient id="foil" x1="0" y1="0" x2="1" y2="1"><stop offset="0%" stop-color="${hsl(hue, 85, 62)}"/><stop offset="50%" stop-color="${hsl(hue + 30, 90, 48)}"/><stop offset="100%" stop-color="${hsl(hue + 60, 85, 38)}"/></linearGradient>` +
    `<linearGradient id="shine" x1="0" y1="0" x2="1" y2="0.6"><stop offset="0%" stop-color="#ffffff" stop-opacity="0"/><stop offset="45%" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="55%" stop-color="#ffffff" stop-opacity="0"/></linearGradient>` +
    `</defs>`;

  const background: string[] = [`<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`];
  for (let i = 0; i < 12; i++) {
    const a = (Math.PI * 2 * i) / 12;
    background.push(
      `<polygon points="300,300 ${n(300 + Math.cos(a) * 520)},${n(300 + Math.sin(a) * 520)} ${n(300 + Math.cos(a + 0.2) * 520)},${n(300 + Math.sin(a + 0.2) * 520)}" fill="#ffffff" opacity="0.05"/>`,
    );
  }
  for (let i = 0; i < 14; i++) {
    background.push(
      sparkle(rng.int(20, 580), rng.int(20, 580), rng.int(5, 14), '#ffffff', 0.3 + rng.next() * 0.5),
    );
  }

  const object =
    variant === 0
      ? boosterPack(input, hue, seed)
      : variant === 1
        ? packBox(input, hue, seed)
        : fannedCards(input, hue, seed);
  const badge = priceBadge(input.priceLabel, variant === 1 ? 500 : 490, variant === 2 ? 100 : 96, hue);
  return svgDocument(
    SIZE,
    SIZE,
    `${input.title} ${input.priceLabel}`,
    defs + background.join('') + object + badge,
  );
}
