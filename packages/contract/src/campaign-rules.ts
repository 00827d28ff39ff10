/*
 * The campaigns' arithmetic (decision 060), without zod: the shop's /buy-point shows each course's
 * campaign points with it, and the server grants them with it, so both say the same number.
 */

/** 景品表示法: a premium tied to a purchase (総付景品) is at most 20 % of the price. */
export const CAMPAIGN_PERCENT_MAX = 20;

/** The extra free points a point bonus of `percent` gives on a course of `points` points (its own bonus included). */
export function campaignBonusPoints(points: number, percent: number): number {
  return Math.floor((points * percent) / 100);
}
