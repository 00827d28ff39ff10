import { describe, expect, it } from 'vitest';
import { langOf } from './text-lang.ts';

describe('langOf', () => {
  it('marks texts with kana or kanji as Japanese', () => {
    expect(langOf('紅蓮竜イグニス・ドラグーン')).toBe('ja');
    expect(langOf('[500P] モンスターズ')).toBe('ja');
    expect(langOf('ｶﾀｶﾅ')).toBe('ja');
  });

  it('leaves English, numbers, symbols and empty texts unmarked', () => {
    expect(langOf('Crimson Dragon Ignis Dragoon')).toBeUndefined();
    expect(langOf('【UR】 ×3 10,000P')).toBeUndefined();
    expect(langOf('')).toBeUndefined();
    expect(langOf(undefined)).toBeUndefined();
  });
});
