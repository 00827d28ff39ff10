import { z } from 'zod';
import { intField } from './fields.ts';

/*
 * Free points and the login bonus (decision 055): the operator's settings, and the member's
 * daily claim. Free points are lots of their own kind with their own expiry, spent before paid
 * points, and never counted as money paid.
 */

/** Free points lapse this many days after their grant unless the operator sets another number. */
export const DEFAULT_FREE_POINT_DAYS = 90;
/** Paid points lapse after 6 months (資金決済法's exemption): free points never outlast them. */
export const FREE_POINT_DAYS_MAX = 180;
export const LOGIN_BONUS_POINTS_MAX = 10_000;

/** The settings as stored and answered: the login bonus is off until the operator turns it on. */
export const DEFAULT_POINT_SETTINGS = { login_bonus_enabled: false, login_bonus_points: 10, free_point_days: DEFAULT_FREE_POINT_DAYS } as const;

/** POST /admin/point_settings: the login bonus switch and amount, and the free points' lifetime. */
export const pointSettingsSchema = z.object({
  login_bonus_enabled: z.boolean({ error: 'common.invalid' }),
  login_bonus_points: intField({ min: 1, max: LOGIN_BONUS_POINTS_MAX, message: 'bonuses.login_bonus_points_range' }),
  free_point_days: intField({ min: 1, max: FREE_POINT_DAYS_MAX, message: 'bonuses.free_point_days_range' }),
});
export type PointSettings = z.output<typeof pointSettingsSchema>;
export const pointSettingsResponse = z.object({
  settings: z.object({ login_bonus_enabled: z.boolean(), login_bonus_points: z.number().int(), free_point_days: z.number().int() }),
});

/**
 * POST /user/login_bonus: the first call of a Japan-time day credits the day's bonus once;
 * later calls that day (other tabs, other instances) answer credited false. `point` is what was
 * credited (0 when nothing), `day` the Japan-time date (YYYY-MM-DD) claimed, `expires` the free
 * lot's expiry (ISO-8601, '' when nothing was credited).
 */
export const loginBonusResponse = z.object({
  credited: z.boolean(),
  point: z.number().int(),
  day: z.string(),
  expires: z.string(),
});
export type LoginBonus = z.infer<typeof loginBonusResponse>;
