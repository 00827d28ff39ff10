import en from './verify-texts.en.json';
import ja from './verify-texts.ja.json';

/** The verify page's texts, in its own chunk (lib/page-texts.ts). */
export const VERIFY_TEXTS = { ja, en };
