import { hsl, n, polygonPoints, type Rng } from './svg.ts';

/**
 * An abstract emblem drawn from a seeded random source: rays, rings, a main polygon or star, an
 * inner core and orbiting dots. `richness` (0-3) adds layers for rarer cards and pricier packs.
 */
export function emblem(rng: Rng, cx: number, cy: number, r: number, hue: number, richness: number): string {
  const parts: string[] = [];
  const accent = hue + rng.pick([120, 150, 180, 210]);

  const rays = rng.int(8, 16);
  const rayTurn = rng.next() * Math.PI;
  for (let i = 0; i < rays; i++) {
    const a = rayTurn + (Math.PI * 2 * i) / rays;
    const x2 = cx + Math.cos(a) * r * 1.6;
    const y2 = cy + Math.sin(a) * r * 1.6;
    parts.push(
      `<line x1="${n(cx)}" y1="${n(cy)}" x2="${n(x2)}" y2="${n(y2)}" stroke="#ffffff" stroke-opacity="0.18" stroke-width="${n(r * 0.06)}"/>`,
    );
  }

  parts.push(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.02)}" fill="none" stroke="${hsl(hue, 80, 85)}" stroke-width="${n(r * 0.05)}" stroke-dasharray="${n(r * 0.18)} ${n(r * 0.08)}" opacity="0.8"/>`,
  );
  if (richness >= 2) {
    parts.push(
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.2)}" fill="none" stroke="#ffffff" stroke-width="${n(r * 0.02)}" opacity="0.6"/>`,
    );
  }

  const sides = rng.int(3, 8);
  const rotation = rng.next() * Math.PI;
  const star = rng.next() < 0.5;
  const mainPoints = star
    ? polygonPoints(cx, cy, r * 0.92, sides + 2, rotation, r * 0.5)
    : polygonPoints(cx, cy, r * 0.85, sides, rotation);
  parts.push(
    `<polygon points="${mainPoints}" fill="${hsl(hue, 75, 55)}" stroke="#ffffff" stroke-width="${n(r * 0.04)}" stroke-linejoin="round" opacity="0.92"/>`,
  );

  if (richness >= 1) {
    parts.push(
      `<polygon points="${polygonPoints(cx, cy, r * 0.62, sides, rotation + Math.PI / sides)}" fill="none" stroke="${hsl(accent, 85, 75)}" stroke-width="${n(r * 0.035)}"/>`,
    );
  }

  const coreR = r * (0.22 + rng.next() * 0.14);
  if (rng.next() < 0.5) {
    parts.push(
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(coreR)}" fill="${hsl(accent, 80, 60)}" stroke="#ffffff" stroke-width="${n(r * 0.03)}"/>`,
    );
  } else {
    parts.push(
      `<polygon points="${polygonPoints(cx, cy, coreR * 1.25, 4, rng.next() * Math.PI, coreR * 0.5)}" fill="${hsl(accent, 80, 62)}" stroke="#ffffff" stroke-width="${n(r * 0.03)}"/>`,
    );
  }
  parts.push(
    `<circle cx="${n(cx - coreR * 0.3)}" cy="${n(cy - coreR * 0.3)}" r="${n(coreR * 0.28)}" fill="#ffffff" opacity="0.55"/>`,
  );

  const dots = rng.int(3, 7) + richness;
  const orbit = r * (1.1 + rng.next() * 0.25);
  const dotTurn = rng.next() * Math.PI * 2;
  for (let i = 0; i < dots; i++) {
    const a = dotTurn + (Math.PI * 2 * i) / dots;
    parts.push(
      `<circle cx="${n(cx + Math.cos(a) * orbit)}" cy="${n(cy + Math.sin(a) * orbit)}" r="${n(r * (0.05 + rng.next() * 0.05))}" fill="${hsl(accent + i * 12, 85, 80)}"/>`,
    );
  }
  return `<g>${parts.join('')}</g>`;
}
