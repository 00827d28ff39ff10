import type { Lang } from '../states.ts';

/** Messages of free points and the login bonus (decision 055). */
export const BONUS_MESSAGES = {
  'bonuses.login_bonus_points_range': {
    ja: 'ログインボーナスは1〜10,000ポイントで入力してください。',
    en: 'Enter a login bonus of 1 to 10,000 points.',
  },
  'bonuses.free_point_days_range': {
    ja: '無償ポイントの有効期限は1〜180日で入力してください（有償ポイントの6か月を超えられません）。',
    en: 'Enter a free-point lifetime of 1 to 180 days (never longer than the 6 months of paid points).',
  },
} as const satisfies Record<string, Record<Lang, string>>;
