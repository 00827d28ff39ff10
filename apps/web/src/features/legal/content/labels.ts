import type { LegalLang } from '../legal-types.ts';

/** Page titles and interface wording of the legal pages, in both display languages. */
export interface LegalLabels {
  readonly titles: {
    readonly terms: string;
    readonly privacy: string;
    readonly guide: string;
    readonly commerce: string;
    readonly fundSettlement: string;
    readonly pointTerms: string;
  };
  readonly loading: string;
  readonly contents: string;
  /** Shown above every English translation of a legal text. */
  readonly translationNote: string;
}

export const LEGAL_LABELS: Record<LegalLang, LegalLabels> = {
  ja: {
    titles: {
      terms: '利用規約',
      privacy: 'プライバシーポリシー',
      guide: 'ご利用ガイド',
      commerce: '特定商取引法に基づく表記',
      fundSettlement: '資金決済法に基づく表示',
      pointTerms: 'ポイント利用規約',
    },
    loading: '読み込み中…',
    contents: '目次',
    translationNote: '',
  },
  en: {
    titles: {
      terms: 'Terms of Service',
      privacy: 'Privacy Policy',
      guide: 'User Guide',
      commerce: 'Notice Based on the Act on Specified Commercial Transactions',
      fundSettlement: 'Notice Based on the Payment Services Act',
      pointTerms: 'Point Terms of Service',
    },
    loading: 'Loading…',
    contents: 'Contents',
    translationNote:
      'This English version is a translation provided for reference only. The Japanese version is the official text, and it prevails in the event of any discrepancy or inconsistency between the two.',
  },
};
