import { z } from 'zod';
import { OPTIONAL_MAIL_KINDS } from './mail-kinds.ts';

/**
 * GET /user/mail_preferences: the optional mails (OPTIONAL_MAIL_KINDS) and whether each is on.
 * POST /user/mail_preferences with `off`: the kinds the member turns off (all others on).
 * Receipts, payment instructions, the shipping notice and security mails are not listed: they
 * always go out.
 */
export const mailPreferencesResponse = z.object({
  preferences: z.array(z.object({ kind: z.enum(OPTIONAL_MAIL_KINDS), on: z.boolean() })),
});
export type MailPreferences = z.infer<typeof mailPreferencesResponse>;

export const mailPreferencesPayload = z.object({
  off: z.array(z.enum(OPTIONAL_MAIL_KINDS)).max(OPTIONAL_MAIL_KINDS.length),
});
export type MailPreferencesPayload = z.infer<typeof mailPreferencesPayload>;
