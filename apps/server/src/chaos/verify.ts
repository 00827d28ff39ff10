import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { ledgerReplayFailures } from '../testing/ledger-audit.ts';

/** What the shop answered as done during a chaos run. */
export interface Acknowledged {
  purchases: { userId: number; id: number; count: number }[];
  decisions: { purchaseId: number; send: number[]; reduce: number[]; points: number }[];
  payments: { id: number }[];
}

const intArray = (values: readonly number[]) => `{${values.join(',')}}`;

/**
 * The chaos run's verdict, as lists of problems:
 * - lost: an acknowledged purchase, decision or payment missing or incomplete (cards, state,
 *   its ledger row);
 * - doubled: anything done twice (more cards than bought, a second credit for one payment or
 *   one decision);
 * - mismatched: a lot whose stock and sold do not add up, a balance unequal to its ledger or
 *   its open lots, a ledger that is not a running sum in seq order, a succeeded payment with no
 *   credit or a credit without a succeeded payment.
 */
export async function verifyAfterChaos(db: Db, ack: Acknowledged) {
  const lost: string[] = [];
  const doubled: string[] = [];
  const mismatched: string[] = [];

  // Purchases: each acknowledged one exists once, for its member, with all its cards (one card of
  // a lot prize per pack bought; extra prizes come on top and are not counted).
  const purchaseRows = await queryRows<{ id: number; user_id: number; count: number; cards: number }>(
    db,
    sql`select p.id, p.user_id, p.count, (select count(*)::int from holdings h join pack_prizes z on z.id = h.prize_id and z.kind = 'lot' where h.purchase_id = p.id) as cards
        from purchases p where p.id = any(${intArray(ack.purchases.map((p) => p.id))}::int[])`,
  );
  const byId = new Map(purchaseRows.map((r) => [r.id, r]));
  for (const p of ack.purchases) {
    const row = byId.get(p.id);
    if (!row || row.user_id !== p.userId || row.count !== p.count) lost.push(`purchase ${p.id} of member ${p.userId}`);
    else if (row.cards < row.count) lost.push(`purchase ${p.id}: ${row.cards} of ${row.count} cards`);
  }
  for (const row of await queryRows<{ id: number }>(
    db,
    sql`select p.id from purchases p
        where p.count < (select count(*) from holdings h join pack_prizes z on z.id = h.prize_id and z.kind = 'lot' where h.purchase_id = p.id)`,
  )) {
    doubled.push(`purchase ${row.id} holds more cards than it bought`);
  }

  // Decisions: the cards went the way acknowledged, and the conversion was credited once.
  for (const d of ack.decisions) {
    const [row] = await queryRows<{ shipped: number; converted: number; credits: number; credited: number }>(
      db,
      sql`select (select count(*)::int from holdings where id = any(${intArray(d.send)}::bigint[]) and state = 'ship') as shipped,
                 (select count(*)::int from holdings where id = any(${intArray(d.reduce)}::bigint[]) and state = 'converted') as converted,
                 (select count(*)::int from point_ledger where idempotency_key = ${`conversion:${d.purchaseId}:decision`}) as credits,
                 (select coalesce(sum(delta), 0)::int from point_ledger where idempotency_key = ${`conversion:${d.purchaseId}:decision`}) as credited`,
    );
    const wantCredit = d.points > 0 ? 1 : 0;
    if (row?.shipped !== d.send.length || row.converted !== d.reduce.length || row.credits < wantCredit || row.credited !== d.points) {
      lost.push(`decision of purchase ${d.purchaseId}: ${JSON.stringify(row)} for ${d.send.length} shipped, ${d.reduce.length} converted, ${d.points} points`);
    }
  }
  for (const row of await queryRows<{ ref: string; n: number }>(
    db,
    sql`select ref, count(*)::int as n from point_ledger where reason in ('conversion', 'free_draw_conversion') group by ref, user_id having count(*) > 1`,
  )) {
    doubled.push(`${row.n} conversion credits for ${row.ref}`);
  }

  // Payments: each acknowledged one succeeded and was credited exactly once.
  const paymentRows = await queryRows<{ id: number; state: string; credits: number }>(
    db,
    sql`select p.id, p.state, (select count(*)::int from point_ledger l where l.ref = 'payment:' || p.id and l.reason = 'purchase') as credits
        from payments p where p.id = any(${intArray(ack.payments.map((p) => p.id))}::int[])`,
  );
  const paymentById = new Map(paymentRows.map((r) => [r.id, r]));
  for (const p of ack.payments) {
    const row = paymentById.get(p.id);
    if (!row || row.state !== 'succeeded' || row.credits < 1) lost.push(`payment ${p.id}: ${row ? `${row.state}, ${row.credits} credits` : 'missing'}`);
  }
  for (const row of await queryRows<{ ref: string; n: number }>(
    db,
    sql`select ref, count(*)::int as n from point_ledger where reason = 'purchase' group by ref having count(*) > 1`,
  )) {
    doubled.push(`${row.n} credits for ${row.ref}`);
  }
  for (const row of await queryRows<{ id: number; state: string; credits: number }>(
    db,
    sql`select p.id, p.state, (select count(*)::int from point_ledger l where l.ref = 'payment:' || p.id and l.reason = 'purchase') as credits
        from payments p`,
  )) {
    // More than one credit is counted under doubled above.
    const succeeded = row.state === 'succeeded';
    if ((succeeded && row.credits === 0) || (!succeeded && row.credits > 0)) mismatched.push(`payment ${row.id} ${row.state} with ${row.credits} credits`);
  }

  // Lots: stock plus sold is every lot; purchases and cards agree with what was drawn. Only cards
  // of lot prizes count: a last-one or milestone prize is a card on top of the pack drawn.
  for (const row of await queryRows<{ id: number }>(
    db,
    sql`select p.id from packs p
        where p.drawn_count <> coalesce((select sum(count) from purchases where pack_id = p.id), 0)
           or p.drawn_count <> (select count(*) from holdings h join purchases x on x.id = h.purchase_id
                                  join pack_prizes z on z.id = h.prize_id and z.kind = 'lot' where x.pack_id = p.id)
           or p.drawn_count > p.total_pack_count`,
  )) {
    mismatched.push(`pack ${row.id}: stock + sold is not the lot`);
  }

  // Balances: ledger sums, open lots, and the ledgers as running sums in seq order.
  for (const row of await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u
        where u.point_balance <> coalesce((select sum(delta) from point_ledger where user_id = u.id), 0)
           or u.point_balance <> coalesce((select sum(remaining) from point_lots where user_id = u.id and expires_at > now()), 0)
           or u.coin_balance <> coalesce((select sum(delta) from coin_ledger where user_id = u.id), 0)
           or u.point_balance < 0 or u.coin_balance < 0`,
  )) {
    mismatched.push(`member ${row.id}: balance is not its ledger and open lots`);
  }
  for (const table of ['point_ledger', 'coin_ledger'] as const) {
    for (const row of await ledgerReplayFailures(db, table)) mismatched.push(`member ${row.user_id} ${table}: ${row.reason}`);
  }
  return { lost, doubled, mismatched };
}
