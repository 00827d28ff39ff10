import { escapeHtml } from '../lib/escape-html.ts';

/**
 * Small helpers shared by the generated art: escaping, a seeded random source, text fitting and
 * the document wrapper. Everything here is pure, so the same input always yields the same SVG.
 */

/** The font stack of every text: local Japanese faces first, the generic family last. */
export const FONT_FAMILY = "'Hiragino Kaku Gothic ProN','Noto Sans JP','Yu Gothic',Meiryo,sans-serif";

/** Escapes text for element content and attribute values (as HTML's escape does: it is valid XML too); drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  let clean = '';
  for (const ch of text) if (isXmlChar(ch.codePointAt(0) ?? 0)) clean += ch;
  return escapeHtml(clean);
}

/** XML 1.0 Char: tab, newline, carriage return and everything from space up, bar the non-characters and lone surrogates. */
function isXmlChar(code: number): boolean {
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  if (code >= 0xd800 && code <= 0xdfff) return false;
  return code !== 0xfffe && code !== 0xffff;
}

/** FNV-1a over the UTF-16 code units: a stable 32-bit hash of any seed. */
export function hashSeed(seed: string | number): number {
  const text = String(seed);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A deterministic random source (mulberry32) for art only; never for draws. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

export function seededRng(seed: string | number): Rng {
  let state = hashSeed(seed) || 0x9e3779b9;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T,
  };
}

/** Rounds to two decimals so coordinates stay short and stable. */
export function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** Rough rendered width of a text in em: full-width characters count 1, others about 0.6. */
export function textWidthEm(text: string): number {
  let width = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    width += code > 0x2e7f ? 1 : code === 0x20 ? 0.3 : 0.6;
  }
  return width;
}

export interface TextOptions {
  x: number;
  y: number;
  size: number;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  weight?: number | 'bold' | 'normal';
  /** Squeeze the text to this width when it would be wider. */
  maxWidth?: number;
  extra?: string;
}

/** One line of text, escaped and squeezed to maxWidth when it would overflow. */
export function text(content: string, o: TextOptions): string {
  const attrs = [
    `x="${n(o.x)}"`,
    `y="${n(o.y)}"`,
    `font-family="${FONT_FAMILY}"`,
    `font-size="${n(o.size)}"`,
    `fill="${o.fill}"`,
  ];
  if (o.anchor && o.anchor !== 'start') attrs.push(`text-anchor="${o.anchor}"`);
  if (o.weight !== undefined) attrs.push(`font-weight="${o.weight}"`);
  if (o.maxWidth !== undefined && textWidthEm(content) * o.size > o.maxWidth) {
    attrs.push(`textLength="${n(o.maxWidth)}"`, 'lengthAdjust="spacingAndGlyphs"');
  }
  if (o.extra) attrs.push(o.extra);
  return `<text ${attrs.join(' ')}>${escapeXml(content)}</text>`;
}

/** A standalone SVG document with its own namespace, viewBox and accessible title. */
export function svgDocument(width: number, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">` +
    `<title>${escapeXml(title)}</title>${body}</svg>`
  );
}

/** An HSL colour string. */
export function hsl(h: number, s: number, l: number): string {
  return `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`;
}

/** Points of a regular polygon (or a star when inner is given) as an SVG points list. */
export function polygonPoints(
  cx: number,
  cy: number,
  r: number,
  sides: number,
  rotation = 0,
  inner?: number,
): string {
  const points: string[] = [];
  const count = inner === undefined ? sides : sides * 2;
  for (let i = 0; i < count; i++) {
    const radius = inner !== undefined && i % 2 === 1 ? inner : r;
    const angle = rotation + (Math.PI * 2 * i) / count - Math.PI / 2;
    points.push(`${n(cx + radius * Math.cos(angle))},${n(cy + radius * Math.sin(angle))}`);
  }
  return points.join(' ');
}

/** A four-pointed sparkle centred on (x, y). */
export function sparkle(x: number, y: number, r: number, fill: string, opacity = 1): string {
  const k = r * 0.22;
  const d =
    `M${n(x)} ${n(y - r)}Q${n(x + k)} ${n(y - k)} ${n(x + r)} ${n(y)}` +
    `Q${n(x + k)} ${n(y + k)} ${n(x)} ${n(y + r)}Q${n(x - k)} ${n(y + k)} ${n(x - r)} ${n(y)}` +
    `Q${n(x - k)} ${n(y - k)} ${n(x)} ${n(y - r)}Z`;
  return `<path d="${d}" fill="${fill}" opacity="${n(opacity)}"/>`;
}

/**
 * Splits a title into at most two lines when it is wider than maxEm, preferring a break after a
 * closing bracket or a space near the middle.
 */
export function splitTitle(title: string, maxEm: number): string[] {
  const chars = [...title];
  if (textWidthEm(title) <= maxEm || chars.length < 2) return [title];
  const half = textWidthEm(title) / 2;
  let best = Math.ceil(chars.length / 2);
  let bestScore = Number.POSITIVE_INFINITY;
  let width = 0;
  for (let i = 0; i < chars.length - 1; i++) {
    width += textWidthEm(chars[i] ?? '');
    const breakable = /[】」）)\s\u3000・×!！]/.test(chars[i] ?? '');
    const score = Math.abs(width - half) - (breakable ? half * 0.6 : 0);
    if (score < bestScore) {
      bestScore = score;
      best = i + 1;
    }
  }
  return [chars.slice(0, best).join('').trim(), chars.slice(best).join('').trim()].filter(
    (line) => line !== '',
  );
}
