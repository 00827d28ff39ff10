import { describe, expect, it } from 'vitest';
import { escapeXml, seededRng, splitTitle, text, textWidthEm } from './svg.ts';

describe('escapeXml', () => {
  it('escapes the five XML specials and drops forbidden control characters', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
    expect(escapeXml('a\u0000b\u0007c\td')).toBe('abc\td');
    expect(escapeXml('紅蓮竜')).toBe('紅蓮竜');
  });
});

describe('seededRng', () => {
  it('repeats for the same seed and stays in range', () => {
    const a = seededRng('seed');
    const b = seededRng('seed');
    const xs = Array.from({ length: 50 }, () => a.int(3, 8));
    expect(xs).toEqual(Array.from({ length: 50 }, () => b.int(3, 8)));
    expect(xs.every((x) => x >= 3 && x <= 8)).toBe(true);
    expect(seededRng('other').next()).not.toBe(seededRng('seed').next());
  });
});

describe('text helpers', () => {
  it('measures full-width characters as one em', () => {
    expect(textWidthEm('オリパ')).toBe(3);
    expect(textWidthEm('ab')).toBeCloseTo(1.2);
  });

  it('splits a long title in two, preferring a bracket', () => {
    expect(splitTitle('短い', 10)).toEqual(['短い']);
    expect(splitTitle('【10,000P】ドラゴン頂上決戦オリパ', 10)).toEqual([
      '【10,000P】',
      'ドラゴン頂上決戦オリパ',
    ]);
  });

  it('squeezes a line only when it overflows', () => {
    expect(text('abc', { x: 0, y: 0, size: 10, fill: '#000', maxWidth: 100 })).not.toContain('textLength');
    expect(
      text('あいうえおかきくけこ', {
        x: 0,
        y: 0,
        size: 20,
        fill: '#000',
        maxWidth: 100,
      }),
    ).toContain('textLength="100"');
  });
});
