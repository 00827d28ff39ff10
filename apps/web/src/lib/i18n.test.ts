import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EN as en, JA as ja } from '@/locales/catalogues.ts';
import { changeLang, detectLang } from './i18n.ts';

/** Every key path of a catalogue, plural suffixes folded ('x_one', 'x_other' → 'x'). */
function keyPaths(node: object, prefix = ''): string[] {
  return Object.entries(node)
    .flatMap(([key, value]) =>
      typeof value === 'string'
        ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`]
        : keyPaths(value as object, `${prefix}${key}.`),
    )
    .filter((path, index, all) => all.indexOf(path) === index)
    .sort();
}

describe('i18n', () => {
  afterEach(async () => {
    await i18next.changeLanguage('ja');
  });

  it('has the same texts in Japanese and English', () => {
    expect(keyPaths(en)).toEqual(keyPaths(ja));
  });

  it('takes the language as the server does: the cookie, then the browser’s languages, then Japanese', () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'en-US']);
    expect(detectLang()).toBe('en');
    languages.mockReturnValue(['fr-FR']);
    expect(detectLang()).toBe('ja');
    languages.mockReturnValue(['en-US']);
    document.cookie = 'lang=ja; path=/';
    expect(detectLang()).toBe('ja');
    document.cookie = 'lang=en; path=/';
    expect(detectLang()).toBe('en');
  });

  it('remembers a switch in the lang cookie and sets <html lang>', async () => {
    await changeLang('en');
    expect(i18next.t('menu.login')).toBe('Log in');
    expect(document.cookie).toContain('lang=en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('notes a missing English text with a warning in English mode only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    i18next.addResource('ja', 'translation', 'testOnly.jaOnly', '日本語のみ');
    i18next.t('testOnly.jaOnly' as never);
    expect(warn).not.toHaveBeenCalled();

    await changeLang('en');
    expect(i18next.t('testOnly.jaOnly' as never)).toBe('日本語のみ');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('testOnly.jaOnly'));

    warn.mockClear();
    i18next.t('catalog.detail.countOption', { count: 3, formatted: '3' });
    expect(i18next.t('catalog.detail.countOption', { count: 1, formatted: '1' })).toBe('1 pack');
    expect(warn).not.toHaveBeenCalled();
  });
});
