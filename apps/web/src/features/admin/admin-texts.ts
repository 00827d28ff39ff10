import i18next from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { ADMIN_EN } from './locales/admin-en.ts';
import { ADMIN_JA } from './locales/admin-ja.ts';

/**
 * The console's texts join the app's catalogue (under 'admin.') only when the console's chunk
 * loads, so the shop's bundle carries none of them. Keys are checked against the Japanese text.
 */
export function installAdminTexts(): void {
  i18next.addResourceBundle('ja', 'translation', { admin: ADMIN_JA }, true, true);
  i18next.addResourceBundle('en', 'translation', { admin: ADMIN_EN }, true, true);
}

type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

export type AdminKey = Paths<typeof ADMIN_JA>;
export type AdminT = (key: AdminKey, params?: Record<string, string | number>) => string;

/** t() for the console's keys; re-renders on a language switch like useTranslation. */
export function useAdminT(): AdminT {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string, options?: object) => string;
  return useCallback((key, params) => translate(`admin.${key}`, params), [translate]);
}

/**
 * The console's words for a stored code (an audit action, a ledger reason, a card state) under
 * `group` ('audit.actions', 'members.reasons', …), or the code itself when it has none yet: a
 * code added on the server later still shows, just untranslated.
 */
export function useCodeLabel(): (group: string, code: string) => string {
  const { t, i18n } = useTranslation();
  const translate = t as unknown as (key: string) => string;
  return useCallback(
    (group, code) => {
      const key = `admin.${group}.${code}`;
      const text: unknown = i18n.getResource(i18n.resolvedLanguage ?? i18n.language, 'translation', key);
      return typeof text === 'string' ? translate(key) : code;
    },
    [translate, i18n],
  );
}
