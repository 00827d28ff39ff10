import 'i18next';
import type ja from '../locales/ja.json';

// Translation keys are checked at compile time against the Japanese catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ja };
  }
}
