import en from '@/locales/features/campaigns.en.json';
import ja from '@/locales/features/campaigns.ja.json';
import { usePageText } from '@/lib/page-texts.ts';

export type CampaignTextKey = keyof typeof ja;

/**
 * The campaigns' words (decision 060), kept in the chunks that show them (the lazily loaded
 * banner, the point courses) rather than in the entry's catalogue (e2e/bundle-budget), as the
 * coupon field keeps its own: a text by key in the page's language, {{name}} placeholders filled.
 */
export function useCampaignText(): (key: CampaignTextKey, values?: Record<string, string>) => string {
  return usePageText<CampaignTextKey>({ ja, en });
}
