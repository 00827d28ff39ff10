import { playLimitsSchema } from './play-limits.ts';
import { ageStatusSchema } from './play-safety.ts';
import { memberShipmentSchema } from './shipping-schema.ts';
import { z } from 'zod';
import { idField, intField, textField } from './fields.ts';

/** The console's member calls (issue 12, part 3). */

const required = 'common.required';

export const MEMBER_SORTS = ['id', 'created_at', 'point', 'coin'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];
export const MEMBER_PAGE_SIZES = [20, 50, 100, 200] as const;

/**
 * GET /admin/members?q=&page=&per=&sort=&dir=: every member a page at a time (newest first by
 * default), or those matching q — a member id, or part of a mail address, name or phone number.
 */
export const memberSearchQuery = z.object({
  q: textField().trim().max(100, 'common.too_long').default(''),
  page: intField({ min: 1, max: 1_000_000 }).default(1),
  per: intField({ min: 1, max: 200 }).default(50),
  sort: z.enum(MEMBER_SORTS, { error: 'common.invalid' }).default('id'),
  dir: z.enum(['asc', 'desc'], { error: 'common.invalid' }).default('desc'),
});

export const memberRowSchema = z.object({
  id: z.number().int(),
  mail: z.string(),
  name: z.string(),
  tel: z.string(),
  point: z.number().int(),
  coin: z.string(),
  suspended: z.boolean(),
  created_at: z.string(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;
export const memberSearchResponse = z.object({
  members: z.array(memberRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  per: z.number().int(),
});

export const memberIdParams = z.object({ id: idField() });

export const ledgerRowSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  reason: z.string(),
  ref: z.string(),
  memo: z.string(),
  /** Points as integers, coins as decimal strings. */
  delta: z.string(),
  balance_after: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

export const pointLotSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  remaining: z.number().int(),
  granted_at: z.string(),
  expires_at: z.string(),
});

export const memberNoteSchema = z.object({ id: z.number().int(), actor: z.string(), body: z.string(), created_at: z.string() });

export const memberPurchaseSchema = z.object({
  id: z.number().int(),
  pack_id: z.number().int(),
  pack_name: z.string(),
  count: z.number().int(),
  payment_method: z.string(),
  cost: z.number().int(),
  created_at: z.string(),
  /** The purchase's cards by state: awaiting the choice, to ship, converted to points. */
  pending: z.number().int(),
  ship: z.number().int(),
  converted: z.number().int(),
});

export const memberHoldingSchema = z.object({
  id: z.number().int(),
  purchase_id: z.number().int(),
  name: z.string(),
  /** Identical cards of the holding. */
  num: z.number().int(),
  rarity: z.number().int(),
  buy_point: z.number().int(),
  state: z.string(),
  deadline_at: z.string(),
  shipping_request_id: z.number().int().nullable(),
});

export const memberPaymentSchema = z.object({
  id: z.number().int(),
  pay_id: z.number().int(),
  /** Convenience store, carrier, or how money came outside the site. */
  option: z.string(),
  state: z.string(),
  point: z.number().int(),
  amount: z.number().int(),
  provider: z.string(),
  provider_ref: z.string(),
  payer_name: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

/** A member's referrals: who referred them, and the friends registered with their code. */
export const memberReferralsSchema = z.object({
  referred_by: z.object({ id: z.number().int(), mail: z.string(), rewarded: z.boolean() }).nullable(),
  friends: z.array(
    z.object({
      id: z.number().int(),
      mail: z.string(),
      name: z.string(),
      sms_verified: z.boolean(),
      /** When the referral bonus (500 points each) was granted; null while it was not. */
      rewarded_at: z.string().nullable(),
      registered_at: z.string(),
    }),
  ),
});
export type MemberReferrals = z.infer<typeof memberReferralsSchema>;

/** A parcel of one of the member's purchases, with its carrier and tracking number. */
export const memberParcelSchema = memberShipmentSchema.extend({ purchase_id: z.number().int(), pack_name: z.string() });
export type MemberParcel = z.infer<typeof memberParcelSchema>;

export const memberLineSchema = z.object({
  display_name: z.string(),
  linked_at: z.string(),
  /** False for a member created through LINE who never set a password: LINE is their only sign-in. */
  has_password: z.boolean(),
});
export type MemberLine = z.infer<typeof memberLineSchema>;

export const memberDetailResponse = z.object({
  member: memberRowSchema.extend({
    zipcode: z.string(),
    address: z.string(),
    sms_verified: z.boolean(),
    referral_code: z.string(),
    /** The LINE account linked for LINE Login (its display name), null when none (decision 057). */
    line_name: z.string().nullable(),
  }),
  /** The live LINE link: display name, since when, and whether the member has a password (decisions 057, 062). */
  line: memberLineSchema.nullable(),
  suspension: z.object({ reason: z.string(), created_at: z.string() }).nullable(),
  point_ledger: z.array(ledgerRowSchema),
  coin_ledger: z.array(ledgerRowSchema),
  point_lots: z.array(pointLotSchema),
  notes: z.array(memberNoteSchema),
  purchases: z.array(memberPurchaseSchema),
  holdings: z.array(memberHoldingSchema),
  payments: z.array(memberPaymentSchema),
  referrals: memberReferralsSchema,
  /** Birth date, age, the minor's cap and this month's point purchases (decision 037). */
  play_safety: ageStatusSchema,
  /** The member's own limits, time-out or self-exclusion, and their history (decision 043). */
  play_limits: playLimitsSchema,
  /** The parcels of the member's latest purchases; null for an operator without 'shipping.read' (decision 049). */
  parcels: z.array(memberParcelSchema).nullable(),
});
export type MemberDetail = z.infer<typeof memberDetailResponse>;
/** Ledger rows shown on the member's page, newest first. */
export const MEMBER_LEDGER_LIMIT = 200;

const reasonField = textField({ error: required, printable: true }).trim().min(1, required).max(200, 'common.too_long');

/**
 * POST /admin/members/adjust: points or coins added or taken with a reason (the member's history
 * memo). `request_id` is made by the form once per submission, so a double submit adjusts once.
 */
export const ADJUST_KINDS = ['points', 'coins'] as const;
export const adjustPayload = z
  .object({
    user_id: idField(),
    kind: z.enum(ADJUST_KINDS, { error: 'common.invalid' }),
    direction: z.enum(['add', 'subtract'], { error: 'common.invalid' }),
    /** Whole points, or coins with at most two decimals. */
    amount: textField({ error: required }).trim().min(1, required),
    reason: reasonField,
    request_id: textField({ error: required }).refine((v) => /^[A-Za-z0-9_-]{8,64}$/.test(v), 'common.invalid'),
  })
  .superRefine((v, ctx) => {
    const ok = v.kind === 'points' ? /^[1-9]\d{0,8}$/.test(v.amount) : /^\d{1,9}(\.\d{1,2})?$/.test(v.amount) && Number(v.amount) > 0;
    if (!ok) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'admin.amount_invalid' });
  });
export const adjustResponse = z.object({ applied: z.boolean(), balance: z.string() });

/** POST /admin/members/suspend {user_id, suspended, reason}. */
export const suspendPayload = z.object({
  user_id: idField(),
  suspended: z.boolean({ error: 'common.invalid' }),
  reason: reasonField,
});
export const suspendResponse = z.object({ suspended: z.boolean() });

/** POST /admin/members/note {user_id, body}. */
export const notePayload = z.object({
  user_id: idField(),
  body: textField({ error: required }).trim().min(1, required).max(2000, 'common.too_long'),
});
export const noteResponse = z.object({ note: memberNoteSchema });


/**
 * POST /admin/members/line_unlink {user_id, reason, send_reset} (decision 062). A member whose
 * only sign-in is LINE is unlinked only with `send_reset`: the password-reset mail goes to the
 * member's address so they can still sign in.
 */
export const lineUnlinkPayload = z.object({
  user_id: idField(),
  reason: reasonField,
  send_reset: z.boolean({ error: 'common.invalid' }).default(false),
});
export const lineUnlinkResponse = z.object({ reset_mail: z.boolean() });
