/** Messages of committed lots (their public commitment, decision 014). */
export const TRUST_MESSAGES = {
  'pack.committed': {
    ja: 'このパックは抽選内容を公開済み（コミット済み）のため、ラインナップ・枚数・シードは変更できません。',
    en: 'This pack’s lot is committed (published): its lineup, counts and seed cannot change.',
  },
} as const;
