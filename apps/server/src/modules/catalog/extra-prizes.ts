import { awardsUpTo } from '@oripa/contract/prize-caps';

/**
 * Last-one and milestone prizes (issue 14): prizes outside the lot that go to whoever draws given
 * pack numbers. Which numbers is a public rule fixed with the lot's commitment, so the purchase
 * that draws packs number from + 1 … from + count knows what it wins from that range alone (no
 * read beyond the lineup the batch already has). Numbers count from 1.
 */
export interface ExtraRule {
  id: number;
  kind: 'last_one' | 'milestone';
  /** milestone: the first pack number that wins it (from 1). */
  at: number;
  /** milestone: then every `every` packs; 0: only `at`. */
  every: number;
}

// How many numbers win a prize is the contract's rule: the console's prize caps count with it too.
export { awardsUpTo };

/** Pack numbers in (from, from + count] that win this prize, ascending. */
export function awardNumbers(rule: ExtraRule, total: number, from: number, count: number): number[] {
  const numbers: number[] = [];
  const first = awardsUpTo(rule, total, from);
  const upto = awardsUpTo(rule, total, from + count);
  for (let i = first; i < upto; i += 1)
    numbers.push(rule.kind === 'last_one' ? total : rule.at + i * rule.every);
  return numbers;
}

/** The extra prizes a purchase of packs (from, from + count] wins, in pack-number order. */
export function extrasWon(
  rules: readonly ExtraRule[],
  total: number,
  from: number,
  count: number,
): { id: number; number: number }[] {
  const won: { id: number; number: number }[] = [];
  for (const rule of rules)
    for (const number of awardNumbers(rule, total, from, count)) won.push({ id: rule.id, number });
  return won.sort((a, b) => a.number - b.number || a.id - b.id);
}
