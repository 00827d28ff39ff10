import { writeFile } from 'node:fs/promises';
import { couponBatchSchema, createCouponSchema, type CouponRow } from '@oripa/contract/coupons';
import { CLI_ACTOR } from '../../modules/audit/audit.service.ts';
import { batchFile, createCoupon, generateBatch, listCoupons, pauseCoupon } from '../../modules/coupons/coupons.service.ts';
import { parseFlags, withRefusalsInEnglish } from '../app-refusal.ts';
import { flagValue, OpsError, type OpsArgs, type OpsCommand } from '../command.ts';

const USAGE = [
  'coupon list [--batch LABEL]',
  'coupon create --code CODE [--kind points|percent_off|yen_off] (--points N | --percent N | --yen N) --budget N --from ISO --to ISO [--name TEXT] [--per-member N] [--first-purchase] [--min-rank ID]',
  'coupon pause|resume --id N',
  'coupon batch --count N [--kind points|percent_off|yen_off] (--points N | --percent N [--budget YEN] | --yen N) --from ISO --to ISO [--name TEXT] [--prefix TEXT] [--first-purchase] [--min-rank ID] [--out FILE.csv]',
].join(' | ');

const FLAG_OF = {
  starts_at: 'from',
  ends_at: 'to',
  per_member_limit: 'per-member',
  first_purchase_only: 'first-purchase',
  min_rank_id: 'min-rank',
  discount_percent: 'percent',
  discount_yen: 'yen',
};

/** What a code gives (decision 061): free points, or a percentage or yen off a point course. */
function gives(args: OpsArgs) {
  const kind = flagValue(args, 'kind') ?? 'points';
  return { kind, points: flagValue(args, 'points'), discount_percent: flagValue(args, 'percent'), discount_yen: flagValue(args, 'yen') };
}

/** A budget figure with its unit: yen for a discount code, points otherwise. */
function amount(c: Pick<CouponRow, 'kind'>, n: number): string {
  return c.kind === 'points' ? String(n) : `¥${n}`;
}

/** What one code gives: "50pt", "10% off", "¥500 off". */
function gift(c: CouponRow): string {
  if (c.kind === 'percent_off') return `${c.discount_percent}% off`;
  if (c.kind === 'yen_off') return `¥${c.discount_yen} off`;
  return `${c.points}pt`;
}

function conditions(args: OpsArgs) {
  return {
    name: flagValue(args, 'name') ?? '',
    ...gives(args),
    starts_at: flagValue(args, 'from', true),
    ends_at: flagValue(args, 'to', true),
    first_purchase_only: args.flags['first-purchase'] === true,
    min_rank_id: flagValue(args, 'min-rank') ?? null,
  };
}

/** Coupons and promotion codes (decision 059), as the console handles them, audited as the command line. */
export const couponCommand: OpsCommand = {
  name: 'coupon',
  summary: 'List, create, pause or resume coupon codes (free points, or % / yen off a point course); generate single-use batches as CSV',
  usage: USAGE,
  async run({ database }, args) {
    const db = database.db;
    const [mode = 'list'] = args.positional;
    if (mode === 'list') {
      const list = await listCoupons(db, { page: 1, batch: flagValue(args, 'batch') ?? '' });
      const lines = list.coupons.map(
        (c) => `#${c.id} ${c.code} ${gift(c)} ${c.status} uses ${c.uses}, members ${c.members}, budget left ${amount(c, c.remaining)}/${amount(c, c.budget)}`,
      );
      const batches = list.batches.map((b) => `batch ${b.batch} (${b.name}, ${b.kind}): ${b.used}/${b.codes} used, ${b.points_given} ${b.kind === 'points' ? 'points given' : 'yen taken off'}`);
      return { message: [...lines, ...batches].join('\n') || 'No coupons.', data: list };
    }
    if (mode === 'create') {
      const spec = parseFlags(
        createCouponSchema,
        { ...conditions(args), code: flagValue(args, 'code', true), budget: flagValue(args, 'budget', true), per_member_limit: flagValue(args, 'per-member') ?? 1 },
        FLAG_OF,
      );
      const coupon = await withRefusalsInEnglish(() => createCoupon(db, spec, CLI_ACTOR));
      const what = coupon.kind === 'points' ? `${coupon.points} points, budget ${coupon.budget}` : `${gift(coupon)} a point course, budget ${amount(coupon, coupon.budget)}`;
      return { message: `Created coupon #${coupon.id} ${coupon.code}: ${what}, ${coupon.status}.`, data: { coupon } };
    }
    if (mode === 'pause' || mode === 'resume') {
      const id = Number(flagValue(args, 'id', true));
      if (!Number.isSafeInteger(id) || id <= 0) throw new OpsError('--id must be a coupon id');
      const coupon = await withRefusalsInEnglish(() => pauseCoupon(db, id, mode === 'pause', CLI_ACTOR));
      return { message: `Coupon #${coupon.id} ${coupon.code} is ${coupon.status}.`, data: { coupon } };
    }
    if (mode === 'batch') {
      const spec = parseFlags(
        couponBatchSchema,
        { ...conditions(args), count: flagValue(args, 'count', true), prefix: flagValue(args, 'prefix') ?? '', budget: flagValue(args, 'budget') },
        FLAG_OF,
      );
      const made = await withRefusalsInEnglish(() => generateBatch(db, spec, CLI_ACTOR));
      const out = flagValue(args, 'out');
      if (out !== undefined) {
        const file = await batchFile(db, made.batch, 'utf8');
        await writeFile(out, Buffer.from(file.content_base64, 'base64'));
      }
      return { message: `Generated ${made.count} single-use codes in batch ${made.batch}${out ? `, written to ${out}` : ''}.`, data: made };
    }
    throw new OpsError(`coupon takes list, create, pause, resume or batch, not "${mode}"`);
  },
};
