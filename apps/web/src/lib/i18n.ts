import { pickLang } from '@oripa/contract/public-pages';
import { DEFAULT_LANG, LANG_COOKIE, type Lang, parseLang } from '@oripa/contract/states';
import i18next, { type BackendModule, type PostProcessorModule } from 'i18next';
import { JA } from '@/locales/ja.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * The visitor's language by the rule the server renders with (pickLang: the cookie, then the
 * browser's preferred languages, then Japanese), so the browser never disagrees with the HTML.
 */
export function detectLang(): Lang {
  return pickLang(readCookie(LANG_COOKIE), typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** Remembers `lang` in the cookie both sides read, and sets <html lang>. */
export function persistLang(lang: Lang): void {
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
  document.documentElement.lang = lang;
}

const noted = new Set<string>();

/**
 * Notes English texts that fall back to Japanese (spec section 8). A warning, not an error:
 * a missing translation is a content gap, the page still works.
 */
const missingEnglishNote: PostProcessorModule = {
  type: 'postProcessor',
  name: 'missingEnglishNote',
  process(value: string, key: string | string[], options: { count?: number }) {
    if (i18next.language !== 'en') return value;
    const keys = Array.isArray(key) ? key : [key];
    const lookup = options.count === undefined ? {} : { count: options.count };
    const found = keys.some((k) => i18next.exists(k, { ...lookup, lng: 'en', fallbackLng: false }));
    const name = keys.join(' | ');
    if (!found && !noted.has(name)) {
      noted.add(name);
      console.warn(`[i18n] Missing English translation: "${name}"`);
    }
    return value;
  },
};

const loadEnglish = () => import('@/locales/en.ts').then(({ EN }) => EN);

/**
 * Japanese is bundled with the entry; English is a chunk of its own that only English mode
 * downloads. i18next asks this backend for a language it holds no texts of (a bare
 * i18next.changeLanguage('en')).
 */
const lazyEnglish: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language !== 'en') {
      callback(null, language === 'ja' ? JA : {});
      return;
    }
    loadEnglish().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

let englishAdded: Promise<void> | undefined;

/**
 * Adds the English texts, once, merged into what is there: the console adds its own English
 * texts on load, after which i18next would no longer ask the backend for English at all.
 */
function ensureTexts(lang: Lang): Promise<void> {
  if (lang !== 'en') return Promise.resolve();
  englishAdded ??= loadEnglish().then((texts) => {
    i18next.addResourceBundle('en', 'translation', texts, true, false);
  });
  return englishAdded;
}

/**
 * Initialises i18next: Japanese at once (its texts are in the bundle), English once its chunk
 * arrived. The promise settles when the language's texts are ready; main.tsx waits for it
 * before the first render, so an English page never flashes Japanese.
 */
export function initI18n(lang: Lang = detectLang()): Promise<unknown> {
  let ready: Promise<unknown> = Promise.resolve();
  if (!i18next.isInitialized) {
    ready = i18next
      .use(lazyEnglish)
      .use(missingEnglishNote)
      .init({
        resources: { ja: { translation: JA } },
        partialBundledLanguages: true,
        lng: lang,
        fallbackLng: DEFAULT_LANG,
        supportedLngs: ['ja', 'en'],
        postProcess: ['missingEnglishNote'],
        interpolation: { escapeValue: false },
        initAsync: false,
      });
  }
  document.documentElement.lang = lang;
  return Promise.all([ready, ensureTexts(lang)]);
}

/** Switches the display language (its texts loaded first) and remembers it. */
export async function changeLang(lang: Lang): Promise<void> {
  await ensureTexts(lang);
  persistLang(lang);
  await i18next.changeLanguage(lang);
}

export function currentLang(): Lang {
  return parseLang(i18next.language);
}
