import { n, polygonPoints, svgDocument, text } from './svg.ts';

interface RankLook {
  light: string;
  mid: string;
  dark: string;
  /** Stars across the ribbon; the top rank shows a gem instead. */
  stars: number;
  gem: boolean;
}

const LOOKS: Record<string, RankLook> = {
  bronze: {
    light: '#f0c08a',
    mid: '#c27c3e',
    dark: '#6e4220',
    stars: 1,
    gem: false,
  },
  silver: {
    light: '#ffffff',
    mid: '#c3cbd4',
    dark: '#6f7882',
    stars: 2,
    gem: false,
  },
  gold: {
    light: '#fff3c4',
    mid: '#f2c230',
    dark: '#8a6208',
    stars: 3,
    gem: false,
  },
  platinum: {
    light: '#f4fbff',
    mid: '#a9d8e8',
    dark: '#4b7d8f',
    stars: 4,
    gem: false,
  },
  diamond: {
    light: '#f3e9ff',
    mid: '#9fd3ff',
    dark: '#5a3fa0',
    stars: 0,
    gem: true,
  },
};

const FALLBACK: RankLook = {
  light: '#eeeeee',
  mid: '#a0a0a8',
  dark: '#505058',
  stars: 0,
  gem: false,
};

/** A medal for a member rank; an unknown code gets a neutral medal with its initial. */
export function rankIcon(code: string): string {
  const look = LOOKS[code] ?? FALLBACK;
  const parts: string[] = [
    `<defs><linearGradient id="medal" x1="0" y1="0" x2="1" y2="1"><stop offset="0%" stop-color="${look.light}"/><stop offset="55%" stop-color="${look.mid}"/><stop offset="100%" stop-color="${look.dark}"/></linearGradient></defs>`,
    `<polygon points="34,70 22,116 44,106 56,118 62,78" fill="${look.dark}"/>`,
    `<polygon points="86,70 98,116 76,106 64,118 58,78" fill="${look.dark}"/>`,
    `<polygon points="${polygonPoints(60, 52, 46, 8, Math.PI / 8)}" fill="url(#medal)" stroke="${look.dark}" stroke-width="3" stroke-linejoin="round"/>`,
    `<circle cx="60" cy="52" r="32" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="2"/>`,
  ];
  if (look.gem) {
    parts.push(
      `<polygon points="60,28 80,44 60,78 40,44" fill="#bfe6ff" stroke="${look.dark}" stroke-width="2" stroke-linejoin="round"/>`,
      `<polygon points="60,28 70,44 60,78 50,44" fill="#ffffff" fill-opacity="0.55"/>`,
      `<line x1="40" y1="44" x2="80" y2="44" stroke="${look.dark}" stroke-width="1.5"/>`,
    );
  } else if (look.stars > 0) {
    const spacing = 16;
    const start = 60 - ((look.stars - 1) * spacing) / 2;
    for (let i = 0; i < look.stars; i++) {
      const size = look.stars === 1 ? 18 : 9;
      parts.push(
        `<polygon points="${polygonPoints(start + i * spacing, 53, size, 5, 0, size * 0.45)}" fill="#ffffff" stroke="${look.dark}" stroke-width="1.5" stroke-linejoin="round"/>`,
      );
    }
  } else {
    const initial = (code.trim()[0] ?? '?').toUpperCase();
    parts.push(
      text(initial, {
        x: 60,
        y: 63,
        size: 30,
        fill: look.dark,
        weight: 'bold',
        anchor: 'middle',
      }),
    );
  }
  parts.push(
    `<ellipse cx="${n(46)}" cy="${n(34)}" rx="14" ry="7" fill="#ffffff" fill-opacity="0.35" transform="rotate(-30 46 34)"/>`,
  );
  return svgDocument(120, 120, `rank ${code}`, parts.join(''));
}
