import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    // Read from the files, not the imported objects: i18next merges lazily loaded feature texts
    // into the objects it was given, and other files of this worker may have loaded some.
    const dir = path.resolve(import.meta.dirname, '../locales');
    const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as object;
    const pairs = ['ja.json', ...fs.readdirSync(path.join(dir, 'features')).filter((f) => f.endsWith('.ja.json')).map((f) => `features/${f}`)];
    expect(pairs.length).toBeGreaterThan(10);
    for (const ja of pairs) {
      const en = ja.replace(/ja\.json$/, 'en.json');
      expect(keyPaths(read(en)), en).toEqual(keyPaths(read(ja)));
    }
    // Both catalogues mount the same files under the same keys.
    const mounts = (file: string, lang: string) => fs.readFileSync(path.join(dir, file), 'utf8').replaceAll(`.${lang}.json`, '.LANG.json').replace(`${lang}.json`, 'LANG.json').replace(/export const (JA|EN) =/, 'export const CATALOGUE =').replace(/\/\*\*[\s\S]*?\*\/\n/, '');
    expect(mounts('en.ts', 'en')).toBe(mounts('ja.ts', 'ja'));
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
