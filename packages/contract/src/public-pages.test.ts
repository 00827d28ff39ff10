import { describe, expect, it } from 'vitest';
import { acceptedLanguages, pickLang } from './public-pages.ts';

// The one language rule of the server renderer and the browser (decision 032): the lang cookie,
// then the browser's preferred languages, then Japanese.
describe('pickLang', () => {
  it('takes the lang cookie first, whatever the browser prefers', () => {
    expect(pickLang('en', ['ja-JP'])).toBe('en');
    expect(pickLang('ja', ['en-US', 'en'])).toBe('ja');
  });

  it('ignores a cookie that names no language of the shop and goes on to the preferences', () => {
    expect(pickLang('fr', ['en-GB'])).toBe('en');
    expect(pickLang('', ['en'])).toBe('en');
    expect(pickLang(undefined, ['EN-us'])).toBe('en');
  });

  it('takes the first of Japanese or English in preference order, else Japanese', () => {
    expect(pickLang(null, ['fr-FR', 'en-US', 'ja'])).toBe('en');
    expect(pickLang(null, ['de', 'ja-JP', 'en'])).toBe('ja');
    expect(pickLang(null, ['fr-FR', 'de'])).toBe('ja');
    expect(pickLang(null, [])).toBe('ja');
  });
});

describe('acceptedLanguages', () => {
  it('orders an Accept-Language header by q, leaving out q=0 and blanks', () => {
    expect(acceptedLanguages('fr;q=0.5, en-US;q=0.8, ja')).toEqual(['ja', 'en-US', 'fr']);
    expect(acceptedLanguages('en;q=0, ja-JP;q=0.1')).toEqual(['ja-JP']);
    expect(acceptedLanguages(' , en ,')).toEqual(['en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('gives the same language as the browser would for the same preferences', () => {
    expect(pickLang(undefined, acceptedLanguages('fr-FR,fr;q=0.9,en-US;q=0.8,ja;q=0.7'))).toBe('en');
    expect(pickLang(undefined, acceptedLanguages('en;q=0.4,ja;q=0.6'))).toBe('ja');
  });
});
