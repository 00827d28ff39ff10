import { describe, expect, it } from 'vitest';
import { bannerArt } from './banner-art.ts';
import { cardArt } from './card-art.ts';
import { packArt } from './pack-art.ts';
import { rankIcon } from './rank-icon.ts';

const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
const TOKEN = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
const ATTRIBUTE = /([A-Za-z_:][\w:.-]*)="([^"<]*)"/g;

/** A strict little XML well-formedness check: balanced tags, quoted attributes, escaped text. */
function assertWellFormed(svg: string): void {
  const stack: string[] = [];
  let roots = 0;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < svg.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(svg);
    if (!m) throw new Error(`not well-formed at ${at}: ${svg.slice(at, at + 60)}`);
    const [, closing, name, attrs, selfClosing, textPart] = m;
    if (textPart !== undefined) {
      if (stack.length === 0) throw new Error(`text outside the root: ${textPart}`);
      expect(textPart.replace(ENTITY, '')).not.toMatch(/[&<>]/);
      continue;
    }
    if (closing) {
      expect(stack.pop(), `closing </${name}>`).toBe(name);
      continue;
    }
    if (stack.length === 0) roots++;
    const seen = new Set<string>();
    for (const [, attrName, value] of (attrs ?? '').matchAll(ATTRIBUTE)) {
      expect(seen.has(attrName!), `duplicate attribute ${attrName} on <${name}>`).toBe(false);
      seen.add(attrName!);
      expect(value!.replace(ENTITY, '')).not.toMatch(/[&<>]/);
    }
    if (!selfClosing) stack.push(name!);
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

/** Standalone and self-contained: namespace, viewBox, no script, no outside references. */
function assertSafeStandalone(svg: string): void {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  const rest = svg.replace('xmlns="http://www.w3.org/2000/svg"', '');
  expect(rest).not.toMatch(/<script|<foreignObject|href=|https?:|javascript:|@import|\son[a-z]+=/i);
  for (const [, target] of rest.matchAll(/url\(([^)]*)\)/g)) expect(target).toMatch(/^#[a-z]+$/);
  if (svg.includes('<text')) expect(svg).toContain('sans-serif');
}

const hostile = `<script>alert("x")</script> & 'quoted' "name"`;

describe('cardArt', () => {
  it('draws a well-formed, self-contained card face for every rarity', () => {
    for (let rarity = 1; rarity <= 7; rarity++) {
      const svg = cardArt({
        name: '紅蓮竜イグニス',
        rarity,
        cardType: 'モンスターズTCG',
        modelNumber: 'MST-001/100',
        seed: `s${rarity}`,
      });
      assertWellFormed(svg);
      assertSafeStandalone(svg);
    }
  });

  it('shows the rarity label and the model number', () => {
    const svg = cardArt({
      name: '氷結の魔女セレス',
      rarity: 6,
      cardType: 'モンスターズTCG',
      modelNumber: 'MST-014/100',
      seed: 1,
    });
    expect(svg).toContain('>SSR</text>');
    expect(svg).toContain('>MST-014/100</text>');
    expect(svg).toContain('>氷結の魔女セレス</text>');
  });

  it('uses a rainbow holo frame for rarity 7 only', () => {
    const ur = cardArt({
      name: 'a',
      rarity: 7,
      cardType: 't',
      modelNumber: 'm',
      seed: 'x',
    });
    const sr = cardArt({
      name: 'a',
      rarity: 5,
      cardType: 't',
      modelNumber: 'm',
      seed: 'x',
    });
    expect(ur).toContain('>UR</text>');
    expect(ur).toContain('fill="url(#holo)"');
    expect(sr).not.toContain('fill="url(#holo)"');
  });

  it('escapes names, types and model numbers', () => {
    const svg = cardArt({
      name: hostile,
      rarity: 3,
      cardType: hostile,
      modelNumber: '<A&B>',
      seed: 'e',
    });
    assertWellFormed(svg);
    assertSafeStandalone(svg);
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;');
    expect(svg).toContain('&lt;A&amp;B&gt;');
  });

  it('is deterministic for a seed and varies between seeds', () => {
    const input = {
      name: '雷獣ボルテクス',
      rarity: 4,
      cardType: 'モンスターズTCG',
      modelNumber: 'MST-020/100',
    };
    expect(cardArt({ ...input, seed: 'a' })).toBe(cardArt({ ...input, seed: 'a' }));
    expect(cardArt({ ...input, seed: 'a' })).not.toBe(cardArt({ ...input, seed: 'b' }));
  });

  it('squeezes a long name into the name bar', () => {
    const svg = cardArt({
      name: '天空を統べる七色の大聖竜アルカンシエル・オーバーロード',
      rarity: 7,
      cardType: 't',
      modelNumber: 'm',
      seed: 1,
    });
    expect(svg).toMatch(/textLength="202"/);
  });
});

describe('packArt', () => {
  it('draws each variant well-formed and self-contained', () => {
    for (const variant of [0, 1, 2, 3, -1]) {
      const svg = packArt({
        title: '【1,000P】幻獣オリパ 第2弾',
        priceLabel: '1,000P',
        variant,
        seed: 'pack-1',
      });
      assertWellFormed(svg);
      assertSafeStandalone(svg);
      expect(svg).toContain('>1,000P</text>');
    }
  });

  it('escapes the title and the price label, and is deterministic', () => {
    const a = packArt({
      title: hostile,
      priceLabel: '<10C>',
      variant: 0,
      seed: 7,
    });
    assertWellFormed(a);
    assertSafeStandalone(a);
    expect(a).not.toContain('<script>');
    expect(a).toBe(packArt({ title: hostile, priceLabel: '<10C>', variant: 0, seed: 7 }));
    expect(a).not.toBe(packArt({ title: hostile, priceLabel: '<10C>', variant: 0, seed: 8 }));
  });
});

describe('bannerArt', () => {
  it('draws a wide banner with escaped text for each scheme', () => {
    for (const variant of [0, 1, 2, 3, 4]) {
      const svg = bannerArt({
        headline: '新弾オリパ&限定',
        subline: `UR確定 "今だけ"`,
        variant,
      });
      assertWellFormed(svg);
      assertSafeStandalone(svg);
      expect(svg).toContain('viewBox="0 0 1200 400"');
      expect(svg).toContain('新弾オリパ&amp;限定');
      expect(svg).toContain('UR確定 &quot;今だけ&quot;');
    }
    expect(bannerArt({ headline: 'a', subline: 'b', variant: 1 })).toBe(
      bannerArt({ headline: 'a', subline: 'b', variant: 1 }),
    );
  });
});

describe('rankIcon', () => {
  it('draws a distinct medal for each rank and a neutral one for unknown codes', () => {
    const codes = ['bronze', 'silver', 'gold', 'platinum', 'diamond', 'x<&>'];
    const icons = codes.map((code) => rankIcon(code));
    for (const svg of icons) {
      assertWellFormed(svg);
      assertSafeStandalone(svg);
    }
    expect(new Set(icons).size).toBe(codes.length);
  });
});
