import { RARITY_LABELS } from '@oripa/contract/catalog';
import { PURCHASE_RESULT, type PurchaseResult, type WonCard } from '@oripa/contract/gacha';
import { STATE } from '@oripa/contract/states';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { packs } from '../../db/schema/catalog.ts';
import { holdings, purchases } from '../../db/schema/gacha.ts';
import { AppError } from '../../http/errors.ts';
import type { Session } from '../../http/session.ts';
import { formatJst } from '../../lib/time.ts';

type HoldingRow = typeof holdings.$inferSelect;

const STATUS_OF: Record<string, WonCard['status']> = { pending: '0', ship: '1', converted: '2' };

export function toWonCard(row: HoldingRow): WonCard {
  return {
    history_id: row.id,
    name: row.name,
    image: row.imageUrl,
    rarity: row.rarity,
    rarity_label: RARITY_LABELS[row.rarity] ?? '',
    model_number: row.modelNumber,
    num: row.num,
    buy_point: row.buyPoint,
    action_type: row.actionType === '2' ? '2' : '0',
    status: STATUS_OF[row.state] ?? '0',
  };
}

/** The member's purchase the result calls mean: the one named, else the session's latest. */
function purchaseIdOf(session: Session, requested: number | undefined): number {
  const id = requested ?? (session.data.lastPurchaseId as number | undefined);
  if (!id)
    throw AppError.field(STATE.notFound, 'result', 'gacha.no_result', undefined, { result: '0', cards: [] });
  return id;
}

/**
 * The result of a purchase of this member's (never another's): all its cards for the reveal
 * (`only` all), or the cards still waiting for a decision (`only` undecided; a coin purchase,
 * which ships everything, shows all its cards).
 */
export async function purchaseResult(
  db: DbOrTx,
  session: Session,
  userId: number,
  requested: number | undefined,
  only: 'all' | 'undecided',
): Promise<PurchaseResult> {
  const purchaseId = purchaseIdOf(session, requested);
  const [purchase] = await db
    .select({
      id: purchases.id,
      packId: purchases.packId,
      packName: purchases.packName,
      paymentMethod: purchases.paymentMethod,
      movieStyle: purchases.movieStyle,
      createdAt: purchases.createdAt,
      cardTypeId: packs.cardTypeId,
    })
    .from(purchases)
    .innerJoin(packs, eq(packs.id, purchases.packId))
    .where(and(eq(purchases.id, purchaseId), eq(purchases.userId, userId)));
  if (!purchase)
    throw AppError.field(STATE.notFound, 'result', 'gacha.no_result', undefined, { result: '0', cards: [] });
  const isCoin = purchase.paymentMethod === '2';
  const rows = await db
    .select()
    .from(holdings)
    .where(
      only === 'undecided' && !isCoin
        ? and(eq(holdings.purchaseId, purchaseId), eq(holdings.state, 'pending'))
        : eq(holdings.purchaseId, purchaseId),
    )
    .orderBy(asc(holdings.id));
  const deadline = rows.find((r) => r.state === 'pending')?.deadlineAt;
  return {
    result: PURCHASE_RESULT.ok,
    pack_history_id: purchase.id,
    pack_id: purchase.packId,
    cards: rows.map(toWonCard),
    card_type: purchase.cardTypeId,
    movie_style: purchase.movieStyle,
    is_buy_coin: isCoin ? 1 : 0,
    title: purchase.packName,
    created: formatJst(purchase.createdAt),
    deadline: deadline ? deadline.toISOString() : '',
    twitter_code: '',
  };
}
