/** Kana (full and half width) and kanji. */
const JAPANESE = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]/;

/**
 * `lang="ja"` for a text written in Japanese: a catalogue name the operator gave no English
 * (the shop falls back to the Japanese one), a member's own name, a registered address. On an
 * English page it tells screen readers, translators and fonts which words are Japanese; on a
 * Japanese page it repeats the page's language, which is harmless.
 */
export function langOf(text: string | null | undefined): 'ja' | undefined {
  return text && JAPANESE.test(text) ? 'ja' : undefined;
}
