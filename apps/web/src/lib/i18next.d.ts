import 'i18next';
import type { JA } from '@/locales/ja.ts';
import type PLAY_JA from '@/locales/features/safety-play.ja.json';
import type DEMO_JA from '@/locales/features/demo-draw.ja.json';
import type RECEIPTS_JA from '@/locales/features/receipts.ja.json';
import type INQUIRIES_JA from '@/locales/features/inquiries.ja.json';

// Translation keys are checked at compile time against the Japanese catalogue, with the texts
// that join it when their chunk loads (features/members/play-texts.ts, features/history/receipt-texts.ts,
// features/gacha/demo/demo-texts.ts, features/inquiries/inquiry-texts.ts).
type Catalogue = typeof JA & {
  safety: typeof JA.safety & { play: typeof PLAY_JA };
  receipts: typeof RECEIPTS_JA;
  demoDraw: typeof DEMO_JA;
  inquiries: typeof INQUIRIES_JA;
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
