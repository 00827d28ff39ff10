import { useTranslation } from 'react-i18next';
import en from '@/locales/features/campaigns.en.json';
import ja from '@/locales/features/campaigns.ja.json';

export type CampaignTextKey = keyof typeof ja;

/**
 * The campaigns' words (decision 060), kept in the chunks that show them (the lazily loaded
 * banner, the point courses) rather than in the entry's catalogue (e2e/bundle-budget), as the
 * coupon field keeps its own: a text by key in the page's language, {{name}} placeholders filled.
 */
export function useCampaignText(): (key: CampaignTextKey, values?: Record<string, string>) => string {
  const texts: Record<CampaignTextKey, string> = useTranslation().i18n.language === 'en' ? en : ja;
  return (key, values = {}) => texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
