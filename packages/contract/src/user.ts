import { z } from 'zod';

/** GET /user/point: the current user, for visitors (is_login '0') and members ('1'). */
export const currentUserResponse = z.object({
  is_login: z.enum(['0', '1']),
  /** Rank code, also the rank icon's name; '' for visitors. */
  rank: z.string(),
  rank_name: z.string(),
  point: z.number().int(),
  /** Coins are decimal: a string such as "120.50", never a float. */
  coin: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserResponse>;
