import type { OperatorRole } from '@oripa/contract/admin';
import { checkPrizeCaps, freeDrawPrizes, withinPrizeCaps, type ChancePrize, type PrizeCapReport } from '@oripa/contract/prize-caps';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';

/**
 * The server's word on 景品表示法's prize caps (decision 044): a lot whose last-one or milestone
 * prizes break a cap is refused with a message naming the cap, unless an owner records why; the
 * reason is audited in the transaction that commits (or changes) the lot. Staff can never go
 * beyond the caps.
 */

const figure = (yen: number) => yen.toLocaleString('en-US');

function refusal(report: PrizeCapReport): AppError {
  const [first] = report.overPerPrize;
  if (first) {
    const code = report.perPrizeBasis === 'multiple' ? 'catalog_admin.prize_cap_multiple' : 'catalog_admin.prize_cap_fixed';
    return AppError.field('prize_caps', code, { prize: first.name, value: figure(first.value), cap: figure(report.perPrizeCap) });
  }
  return AppError.field('prize_caps', 'catalog_admin.prize_cap_total', { value: figure(report.totalValue), cap: figure(report.totalCap) });
}

/** What a new lot holds, as the caps read it (the console's form and the pack file have these fields). */
export interface LotPrizes {
  lineup: readonly { name: string; buy_point: number; count: number }[];
  last_one?: { name: string; buy_point: number } | null | undefined;
  milestones: readonly { name: string; buy_point: number; at: number; every: number }[];
  free_daily: boolean;
}

/** The prizes of a new lot given by chance: its last-one and milestone prizes, and every card of a free daily lot. */
export function lotChancePrizes(lot: LotPrizes): ChancePrize[] {
  return [
    ...[
      ...(lot.last_one ? [{ ...lot.last_one, kind: 'last_one' as const, at: 0, every: 0 }] : []),
      ...lot.milestones.map((m) => ({ ...m, kind: 'milestone' as const })),
    ].map((p) => ({ name: p.name, kind: p.kind, at: p.at, every: p.every, value: p.buy_point })),
    // A free daily lot gives every card free by chance: its lineup counts too (decision 056).
    ...(lot.free_daily ? freeDrawPrizes(lot.lineup.map((p) => ({ name: p.name, value: p.buy_point, count: p.count }))) : []),
  ];
}

export interface PrizeCapRequest {
  price: number;
  packs: number;
  prizes: readonly ChancePrize[];
  /** The owner's reason for going beyond the caps; '' for none. */
  reason: string;
  role: OperatorRole;
}

/**
 * Checks the lot against the caps before anything is written; answers the report when the lot
 * goes beyond them with an owner's reason (to audit with overridePrizeCaps), undefined when it
 * keeps within them. Throws the refusal otherwise.
 */
export function guardPrizeCaps(request: PrizeCapRequest): PrizeCapReport | undefined {
  const report = checkPrizeCaps(request.price, request.packs, request.prizes);
  if (withinPrizeCaps(report)) return undefined;
  if (request.reason === '') throw refusal(report);
  if (request.role !== 'owner') throw AppError.field('prize_cap_reason', 'catalog_admin.prize_cap_owner_only');
  return report;
}

/** The audit row of an owner's decision to go beyond the caps, in the lot's own transaction. */
export function auditPrizeCapOverride(tx: DbOrTx, actor: Actor, packId: number, report: PrizeCapReport, reason: string): Promise<void> {
  return recordAudit(tx, actor, {
    action: 'pack.prize_cap_override',
    target: `pack:${packId}`,
    after: {
      reason,
      per_prize_cap: report.perPrizeCap,
      total_cap: report.totalCap,
      total_value: report.totalValue,
      over_per_prize: report.overPerPrize.map((p) => ({ name: p.name, kind: p.kind, value: p.value })),
      over_total: report.overTotal,
    },
  });
}
