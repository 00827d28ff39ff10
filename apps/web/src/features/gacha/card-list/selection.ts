import { ACTION_TYPE, CARD_STATUS, MAX_PURCHASE_COUNT } from '@oripa/contract/constants';
import type { DecisionPayload, WonCard } from '@oripa/contract/gacha';

/**
 * The card choice (spec section 4, "Card choice"): only undecided action_type '0' cards toggle;
 * action_type '2' cards are always shipped; what is not chosen for shipping is converted to
 * points. Nothing is chosen at first, so the member ships exactly what they pick.
 */

type Card = Pick<WonCard, 'history_id' | 'action_type' | 'status' | 'buy_point'>;

/** Not a free choice: ship-only, or already decided (a coin purchase's cards ship at once). */
export function isLocked(card: Card): boolean {
  return card.action_type === ACTION_TYPE.shipOnly || card.status !== CARD_STATUS.undecided;
}

export function isShipped(card: Card, selected: ReadonlySet<number>): boolean {
  if (card.status === CARD_STATUS.ship) return true;
  if (card.status === CARD_STATUS.converted) return false;
  return card.action_type === ACTION_TYPE.shipOnly || selected.has(card.history_id);
}

export function toggleCard(selected: ReadonlySet<number>, card: Card): Set<number> {
  const next = new Set(selected);
  if (isLocked(card)) return next;
  if (next.has(card.history_id)) next.delete(card.history_id);
  else next.add(card.history_id);
  return next;
}

/** Every card that can be chosen, chosen. */
export function selectAll(cards: readonly Card[]): Set<number> {
  return new Set(cards.filter((card) => !isLocked(card)).map((card) => card.history_id));
}

/** The chosen ids that still mean a free card of this list (stale ids from a query drop out). */
export function keepChoosable(cards: readonly Card[], ids: ReadonlySet<number>): Set<number> {
  return new Set(cards.filter((card) => !isLocked(card) && ids.has(card.history_id)).map((card) => card.history_id));
}

export interface SelectionSummary {
  ship: number;
  convert: number;
  convertPoints: number;
}

export function summarize(cards: readonly Card[], selected: ReadonlySet<number>): SelectionSummary {
  const summary: SelectionSummary = { ship: 0, convert: 0, convertPoints: 0 };
  for (const card of cards) {
    if (isShipped(card, selected)) {
      summary.ship += 1;
    } else {
      summary.convert += 1;
      summary.convertPoints += card.buy_point;
    }
  }
  return summary;
}

/** The ids to ship: the chosen ones and every ship-only or already shipped card. */
export function shippedIds(cards: readonly Card[], selected: ReadonlySet<number>): number[] {
  return cards.filter((card) => isShipped(card, selected)).map((card) => card.history_id);
}

/**
 * POST /user/pack/decision payload: together exactly the undecided cards (design decision 2);
 * ship-only cards always go to send_card, whatever the query said.
 */
export function decisionPayload(cards: readonly Card[], selected: ReadonlySet<number>): DecisionPayload {
  const payload: DecisionPayload = { send_card: [], reduction_card: [] };
  for (const card of cards) {
    if (card.status !== CARD_STATUS.undecided) continue;
    if (card.action_type === ACTION_TYPE.shipOnly || selected.has(card.history_id)) payload.send_card.push(card.history_id);
    else payload.reduction_card.push(card.history_id);
  }
  return payload;
}

/**
 * The query value of selectedCardHistoryIds: a comma list of ids, in which runs of three or
 * more consecutive ids are written 'first-last' ('101-250,300'). A purchase's cards have
 * consecutive ids, so 3000 chosen cards stay a short address that survives a reload.
 */
export function encodeIds(ids: Iterable<number>): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] as number) + 1) j += 1;
    const first = sorted[i] as number;
    const last = sorted[j] as number;
    if (j - i >= 2) parts.push(`${first}-${last}`);
    else for (let k = i; k <= j; k += 1) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return parts.join(',');
}

/** Reads encodeIds' format (plain comma lists too); anything unreadable is left out. */
export function parseIds(value: string | null): Set<number> {
  const ids = new Set<number>();
  if (!value) return ids;
  for (const part of value.split(',')) {
    const match = /^\s*([1-9]\d{0,9})(?:-([1-9]\d{0,9}))?\s*$/.exec(part);
    if (!match) continue;
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    if (last < first || last - first >= MAX_PURCHASE_COUNT) continue;
    for (let id = first; id <= last && ids.size < MAX_PURCHASE_COUNT; id += 1) ids.add(id);
  }
  return ids;
}
