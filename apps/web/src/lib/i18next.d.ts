import 'i18next';
import type { JA } from '@/locales/ja.ts';
import type PLAY_JA from '@/locales/features/safety-play.ja.json';
import type RECEIPTS_JA from '@/locales/features/receipts.ja.json';

// Translation keys are checked at compile time against the Japanese catalogue, with the texts
// that join it when their chunk loads (features/members/play-texts.ts, features/history/receipt-texts.ts).
type Catalogue = typeof JA & { safety: typeof JA.safety & { play: typeof PLAY_JA }; receipts: typeof RECEIPTS_JA };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
