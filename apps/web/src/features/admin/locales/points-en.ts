/** The console's texts of the login bonus and free points (decision 055), in English. */
export const POINTS_EN = {
  nav: 'Login bonus and free points',
  heading: 'Login bonus and free points',
  lead: "The login bonus is credited once on a member's first visit of each Japan-time day, as free points (once, even from several tabs or servers at the same moment).",
  enabled: 'Credit a login bonus',
  bonusPoints: 'Login bonus points (1–10,000)',
  freeDays: 'Free points expire this many days after their grant (1–180)',
  rule: 'Free points (bonuses, referrals, grants, campaigns) are spent before paid points, soonest-expiring first. They are never counted in the unused prepaid balance under the Payment Services Act or in sales. A new lifetime applies to points granted after the change.',
  readOnly: 'Only an owner can change these.',
  saved: 'Saved.',
};
