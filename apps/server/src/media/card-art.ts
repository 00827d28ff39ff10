import { RARITY_LABELS, rarityTier } from '@oripa/contract/catalog';
import { emblem } from './emblem.ts';
import { hashSeed, hsl, n, polygonPoints, seededRng, sparkle, svgDocument, text } from './svg.ts';

export interface CardArtInput {
  name: string;
  /** 1-7 as on won cards. */
  rarity: number;
  cardType: string;
  modelNumber: string;
  seed: string | number;
}

const WIDTH = 250;
const HEIGHT = 350;

/** Frame gradients by display tier: bronze, silver, gold and a rainbow holo for the top rarity. */
const FRAME_STOPS: readonly (readonly string[])[] = [
  ['#6e4220', '#c98a4b', '#f0c08a', '#8c5a2b'],
  ['#7d858e', '#e9eef3', '#b3bcc6', '#8a939d'],
  ['#9a6d0c', '#f9dc7a', '#fff3c4', '#b8860b'],
  ['#ff5f6d', '#ffc371', '#f9f871', '#5ef38c', '#4fc3f7', '#a06cff', '#ff5fd2'],
];

const STAR_FILLS = ['#c98a4b', '#a7b1bc', '#f2c230'];

function gradientStops(colors: readonly string[]): string {
  return colors
    .map((c, i) => `<stop offset="${n((i / Math.max(1, colors.length - 1)) * 100)}%" stop-color="${c}"/>`)
    .join('');
}

/** A trading-card face: tiered frame, seeded emblem, name, type line, model number and rarity label. */
export function cardArt(input: CardArtInput): string {
  const rarity = Math.min(7, Math.max(1, Math.round(input.rarity)));
  const tier = rarityTier(rarity);
  const label = RARITY_LABELS[rarity] ?? '';
  const rng = seededRng(`card:${input.seed}`);
  const hue = hashSeed(`hue:${input.seed}`) % 360;
  const frame = FRAME_STOPS[tier] ?? FRAME_STOPS[0]!;

  const defs =
    `<defs>` +
    `<linearGradient id="frame" x1="0" y1="0" x2="1" y2="1">${gradientStops(frame)}</linearGradient>` +
    `<radialGradient id="art" cx="50%" cy="45%" r="75%"><stop offset="0%" stop-color="${hsl(hue, 70, 62)}"/><stop offset="100%" stop-color="${hsl(hue + 40, 60, 18)}"/></radialGradient>` +
    `<linearGradient id="holo" x1="0" y1="0" x2="1" y2="1">${gradientStops(FRAME_STOPS[3]!)}</linearGradient>` +
    `<clipPath id="window"><rect x="16" y="52" width="218" height="170" rx="4"/></clipPath>` +
    `</defs>`;

  const body: string[] = [defs];
  body.push(`<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" rx="14" fill="url(#frame)"/>`);
  body.push(`<rect x="9" y="9" width="232" height="332" rx="9" fill="${hsl(hue, 30, 16)}"/>`);

  // Name bar.
  body.push(`<rect x="16" y="16" width="218" height="30" rx="5" fill="#ffffff" fill-opacity="0.93"/>`);
  body.push(
    text(input.name, {
      x: 24,
      y: 37,
      size: 15,
      fill: '#1b1b1f',
      weight: 'bold',
      maxWidth: 202,
    }),
  );

  // Art window with the emblem.
  body.push(`<g clip-path="url(#window)">`);
  body.push(`<rect x="16" y="52" width="218" height="170" fill="url(#art)"/>`);
  body.push(emblem(rng, 125, 137, 54, hue, Math.min(3, tier + (rarity >= 6 ? 1 : 0))));
  if (tier >= 2) {
    for (let i = 0; i < 4 + tier * 2; i++) {
      body.push(
        sparkle(rng.int(24, 226), rng.int(60, 214), rng.int(4, 9), '#ffffff', 0.55 + rng.next() * 0.4),
      );
    }
  }
  if (tier === 3) {
    body.push(`<rect x="16" y="52" width="218" height="170" fill="url(#holo)" opacity="0.32"/>`);
    for (let i = 0; i < 3; i++) {
      const x = 10 + i * 80 + rng.int(0, 20);
      body.push(
        `<polygon points="${x},52 ${x + 26},52 ${x - 44},222 ${x - 70},222" fill="#ffffff" opacity="0.16"/>`,
      );
    }
  }
  body.push(`</g>`);
  body.push(
    `<rect x="16" y="52" width="218" height="170" rx="4" fill="none" stroke="url(#frame)" stroke-width="2"/>`,
  );

  // Type line and rarity stars.
  body.push(`<rect x="16" y="228" width="218" height="72" rx="5" fill="#ffffff" fill-opacity="0.9"/>`);
  body.push(
    text(input.cardType, {
      x: 24,
      y: 250,
      size: 12,
      fill: '#4a4a55',
      maxWidth: 202,
    }),
  );
  body.push(`<line x1="24" y1="259" x2="226" y2="259" stroke="#c8c8d0" stroke-width="1"/>`);
  for (let i = 0; i < rarity; i++) {
    const fill = tier === 3 ? hsl(i * 51, 85, 55) : (STAR_FILLS[tier] ?? '#c98a4b');
    body.push(
      `<polygon points="${polygonPoints(34 + i * 22, 279, 9, 5, 0, 4)}" fill="${fill}" stroke="#55555f" stroke-width="0.8"/>`,
    );
  }

  // Model number and rarity label.
  body.push(
    text(input.modelNumber, {
      x: 20,
      y: 325,
      size: 12,
      fill: '#f2f2f6',
      maxWidth: 150,
      extra: 'letter-spacing="0.5"',
    }),
  );
  body.push(
    `<rect x="176" y="308" width="58" height="24" rx="12" fill="url(#frame)" stroke="#ffffff" stroke-width="1.5"/>`,
  );
  body.push(
    text(label, {
      x: 205,
      y: 325,
      size: 14,
      fill: tier === 0 ? '#ffffff' : '#1b1b1f',
      weight: 'bold',
      anchor: 'middle',
    }),
  );

  return svgDocument(WIDTH, HEIGHT, `${input.name} ${input.modelNumber} ${label}`, body.join(''));
}
