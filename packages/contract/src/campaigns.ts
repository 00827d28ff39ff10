import { z } from 'zod';
import { CAMPAIGN_PERCENT_MAX } from './campaign-rules.ts';
import { idField, intField, textField } from './fields.ts';

export { CAMPAIGN_PERCENT_MAX, campaignBonusPoints } from './campaign-rules.ts';

/*
 * Campaigns (decision 060): for a period, every point purchase whose order was created inside it
 * gets extra free points (`point_bonus`, +1..20 % of the course's points) or its rank coin-back
 * multiplied (`coinback_multiplier`, ×2 or ×3), granted in the transaction that credits the
 * purchase and taken from the campaign's budget while it lasts. At most one campaign of each kind
 * runs at a time. The shop shows the active ones (GET /user/campaigns); the console and the ops
 * command create, pause and resume them.
 */

export const CAMPAIGN_KINDS = ['point_bonus', 'coinback_multiplier'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];
export const CAMPAIGN_MULTIPLIERS = [2, 3] as const;
export const CAMPAIGN_NAME_MAX = 60;
/** Points for a point bonus, coins for a coin-back campaign. */
export const CAMPAIGN_BUDGET_MAX = 100_000_000;
export const CAMPAIGN_GRANTS_SHOWN = 200;


const isoTime = textField({ error: 'campaigns.time_format' }).refine((v) => v.length <= 40 && !Number.isNaN(Date.parse(v)), 'campaigns.time_format');
const nameField = (required: boolean) =>
  textField({ printable: true })
    .transform((v) => v.trim())
    .refine((v) => !required || v.length > 0, 'campaigns.name_required')
    .refine((v) => v.length <= CAMPAIGN_NAME_MAX, 'common.too_long');
/** A budget: whole points for a point bonus, coins with at most two places for coin-back. */
const budgetField = z
  .union([z.number(), z.string()], { error: 'campaigns.budget_range' })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,9}(\.\d{1,2})?$/.test(v) && Number(v) > 0 && Number(v) <= CAMPAIGN_BUDGET_MAX, 'campaigns.budget_range');

/** POST /admin/campaigns/create. */
export const createCampaignSchema = z
  .object({
    kind: z.enum(CAMPAIGN_KINDS, { error: 'campaigns.kind' }),
    name: nameField(true),
    name_en: nameField(false).default(''),
    /** point_bonus: extra points in percent of the course's points. */
    percent: intField({ min: 1, max: CAMPAIGN_PERCENT_MAX, message: 'campaigns.percent_range' }).nullable().default(null),
    /** coinback_multiplier: the rank coin-back is multiplied by this. */
    multiplier: intField({ min: 2, max: 3, message: 'campaigns.multiplier_range' }).nullable().default(null),
    starts_at: isoTime,
    ends_at: isoTime,
    budget: budgetField,
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.ends_at) <= Date.parse(v.starts_at)) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'campaigns.end_before_start' });
    if (v.kind === 'point_bonus') {
      if (v.percent === null) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'campaigns.percent_range' });
      if (!/^\d+$/.test(v.budget)) ctx.addIssue({ code: 'custom', path: ['budget'], message: 'campaigns.budget_whole' });
    }
    if (v.kind === 'coinback_multiplier' && v.multiplier === null) ctx.addIssue({ code: 'custom', path: ['multiplier'], message: 'campaigns.multiplier_range' });
  })
  .transform((v) => ({
    ...v,
    percent: v.kind === 'point_bonus' ? v.percent : null,
    multiplier: v.kind === 'coinback_multiplier' ? v.multiplier : null,
  }));
export type CreateCampaign = z.output<typeof createCampaignSchema>;

/** POST /admin/campaigns/pause: pause (nothing granted) or resume a campaign. */
export const pauseCampaignSchema = z.object({ id: idField(), paused: z.boolean({ error: 'common.invalid' }) });

export const CAMPAIGN_STATUSES = ['active', 'paused', 'scheduled', 'ended', 'exhausted'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const campaignRow = z.object({
  id: z.number().int(),
  kind: z.enum(CAMPAIGN_KINDS),
  name: z.string(),
  name_en: z.string(),
  percent: z.number().int().nullable(),
  multiplier: z.number().int().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Decimal strings: points (whole) for a point bonus, coins for coin-back. */
  budget: z.string(),
  remaining: z.string(),
  used: z.string(),
  paused: z.boolean(),
  /** Payments that got it. */
  payments: z.number().int(),
  status: z.enum(CAMPAIGN_STATUSES),
  created_by: z.string(),
  created_at: z.string(),
});
export type CampaignRow = z.infer<typeof campaignRow>;

export const campaignListResponse = z.object({ campaigns: z.array(campaignRow) });
export const campaignResponse = z.object({ campaign: campaignRow });

/** GET /admin/campaigns/grants/:id: the payments that got the campaign, newest first. */
export const campaignGrantsResponse = z.object({
  campaign: campaignRow,
  grants: z.array(z.object({ payment_id: z.number().int(), user_id: z.number().int(), amount: z.string(), granted_at: z.string() })),
});

/**
 * GET /user/campaigns (anyone): the campaigns running now, in the visitor's language. Only
 * campaigns that are started, not ended, not paused and whose budget is not spent are listed.
 */
export const activeCampaign = z.object({
  kind: z.enum(CAMPAIGN_KINDS),
  name: z.string(),
  percent: z.number().int().nullable(),
  multiplier: z.number().int().nullable(),
  ends_at: z.string(),
  budget_left: z.boolean(),
});
export type ActiveCampaign = z.infer<typeof activeCampaign>;
export const activeCampaignsResponse = z.object({ campaigns: z.array(activeCampaign) });
