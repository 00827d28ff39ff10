import 'i18next';
import type { JA } from '@/locales/ja.ts';

// Translation keys are checked at compile time against the Japanese catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof JA };
  }
}
