import { svgDocument } from './svg.ts';

/** Glyphs of the top page's icon link bar (drawn on a 64×64 grid, white on a gradient disc). */
const GLYPHS: Record<string, { from: string; to: string; body: string; title: string }> = {
  guide: {
    from: '#3a7bd5',
    to: '#00d2ff',
    title: 'Guide',
    body:
      '<path d="M18 20h12a4 4 0 0 1 4 4v22a3 3 0 0 0-3-3H18z" fill="#fff"/>' +
      '<path d="M46 20H34a4 4 0 0 0-4 4v22a3 3 0 0 1 3-3h13z" fill="#fff" opacity=".85"/>',
  },
  points: {
    from: '#f7971e',
    to: '#ffd200',
    title: 'Points',
    body:
      '<circle cx="32" cy="32" r="15" fill="#fff"/>' +
      '<path d="M27 40V24h7a5 5 0 0 1 0 10h-7" fill="none" stroke="#f7971e" stroke-width="4" stroke-linejoin="round"/>',
  },
  exchange: {
    from: '#11998e',
    to: '#38ef7d',
    title: 'Exchange',
    body:
      '<path d="M18 26h24l-6-6M46 38H22l6 6" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>',
  },
  mypage: {
    from: '#8e2de2',
    to: '#ff6a88',
    title: 'My page',
    body: '<circle cx="32" cy="26" r="8" fill="#fff"/><path d="M17 46a15 12 0 0 1 30 0z" fill="#fff"/>',
  },
};

export const SHORTCUT_ICONS = Object.keys(GLYPHS);

/** The SVG of a shortcut icon (guide, points, exchange, mypage). */
export function shortcutIcon(name: string): string {
  const glyph = GLYPHS[name];
  if (!glyph) throw new RangeError(`no shortcut icon ${name}`);
  return svgDocument(
    64,
    64,
    glyph.title,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${glyph.from}"/><stop offset="1" stop-color="${glyph.to}"/></linearGradient></defs>` +
      `<circle cx="32" cy="32" r="30" fill="url(#g)"/>${glyph.body}`,
  );
}
