import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The texts' hook of every component (decision 070): i18next's `t` for the current language and
 * the instance, re-rendering on a change of language. It replaces react-i18next's hook, which on
 * every call of every component spread its options, keyed its namespaces with JSON.stringify,
 * made a `t` of its own and copied the instance's property descriptors: 7 ms of the top page's
 * 66 ms hydration in a CPU profile (unthrottled). Here the `t` of a language is made once and
 * shared, and a render costs a context read and a store subscription.
 */

/** The i18next instance the components read: the app's, or a test's own. */
export const TextsInstance = createContext<I18n>(i18next);

const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();
const subscribers = new WeakMap<I18n, (onChange: () => void) => () => void>();

function fixedT(i18n: I18n, lang: string): TFunction {
  let byLang = fixedTs.get(i18n);
  if (!byLang) fixedTs.set(i18n, (byLang = new Map()));
  let t = byLang.get(lang);
  if (!t) byLang.set(lang, (t = i18n.getFixedT(lang)));
  return t;
}

function subscriberOf(i18n: I18n): (onChange: () => void) => () => void {
  let subscribe = subscribers.get(i18n);
  if (!subscribe) {
    subscribe = (onChange) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    };
    subscribers.set(i18n, subscribe);
  }
  return subscribe;
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(TextsInstance);
  const language = () => i18n.language;
  const lang = useSyncExternalStore(subscriberOf(i18n), language, language);
  return { t: fixedT(i18n, lang), i18n };
}
