import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createExchangeCard, type ExchangeSpec } from './exchange-admin.service.ts';

/** An exchange card for tests, created the way the operator command does. */
export async function createTestExchangeCard(db: Db, spec: Partial<ExchangeSpec> = {}): Promise<number> {
  const card = await createExchangeCard(
    db,
    {
      name: 'テスト引換カード',
      name_en: '',
      card_name_en: '',
      sub_coin: '100.00',
      stock: 10,
      model_number: 'TST-001',
      rarity: 5,
      limit_per_member: 0,
      sort: 0,
      published: true,
      image: '/media/test-card.svg',
      ...spec,
    },
    '.',
  );
  return card.id;
}

/** A member's coin balance, the sum of their coin ledger and their exchanges, which must agree. */
export async function coinState(db: Db, userId: number) {
  const [row] = await queryRows<{ balance: string; ledger: string; exchanges: number; requests: number }>(
    db,
    sql`select u.coin_balance::text as balance,
               (select coalesce(sum(delta), 0)::numeric(14,2)::text from coin_ledger where user_id = u.id) as ledger,
               (select count(*)::int from exchanges where user_id = u.id) as exchanges,
               (select count(*)::int from shipping_requests where user_id = u.id and purchase_id is null) as requests
        from users u where u.id = ${userId}`,
  );
  return row;
}

export async function cardStock(db: Db, cardId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ stock: number }>(db, sql`select stock from exchange_cards where id = ${cardId}`);
  return row?.stock;
}
