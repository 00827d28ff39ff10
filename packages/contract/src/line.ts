import { z } from 'zod';
import { changeMemberPayload } from './accounts.ts';

/**
 * LINE Login (decision 057). The browser goes to GET /api/line/start?mode=login|link (a redirect
 * to LINE) and comes back through GET /api/line/callback, which redirects to a page of the web
 * app with `line=<LINE_RESULT>` in its query. These envelope calls serve the screens.
 */

/** Where the callback sends the browser, and what `line=` says there. */
export const LINE_PAGES = {
  /** A LINE user new to the shop completes the member information (no password). */
  register: '/line-register',
  /** Signed in through LINE. */
  signedIn: '/my-page',
  /** Link and unlink live on the member information page. */
  settings: '/change-member',
  /** A failed or refused sign-in returns to the login page. */
  login: '/login',
} as const;

export const LINE_RESULT = {
  linked: 'linked',
  /** This LINE account is linked to another member already. */
  taken: 'taken',
  /** The member has a LINE account linked already. */
  already: 'already',
  /** The member is suspended. */
  suspended: 'suspended',
  /** The member cancelled at LINE, or the answer did not verify (state, nonce, ID token). */
  failed: 'failed',
} as const;
export type LineResult = (typeof LINE_RESULT)[keyof typeof LINE_RESULT];

export const LINE_START_MODES = ['login', 'link'] as const;
export const lineStartQuery = z.object({ mode: z.enum(LINE_START_MODES).default('login') });

/**
 * GET /line/settings (anyone): whether the shop has a LINE channel (no button shows without
 * one) and, after a sign-in by a LINE user new to the shop, what LINE told about them.
 */
export const lineSettingsResponse = z.object({
  enabled: z.boolean(),
  pending: z.object({ name: z.string(), mail: z.string() }).nullable(),
});
export type LineSettingsResponse = z.infer<typeof lineSettingsResponse>;

/** GET /line/account (member): the member's LINE link and whether unlinking leaves a way to sign in. */
export const lineAccountResponse = z.object({
  enabled: z.boolean(),
  linked: z.boolean(),
  display_name: z.string(),
  has_password: z.boolean(),
  can_unlink: z.boolean(),
  /** Points of the one-time friend bonus (0: none offered). */
  friend_bonus: z.number().int(),
});
export type LineAccountResponse = z.infer<typeof lineAccountResponse>;

/**
 * POST /line/register (anyone, with a pending LINE sign-in in the session): the member
 * information of /user/change; the member gets no password and signs in with LINE.
 */
export const lineRegisterPayload = changeMemberPayload;
export type LineRegisterInput = z.input<typeof lineRegisterPayload>;
