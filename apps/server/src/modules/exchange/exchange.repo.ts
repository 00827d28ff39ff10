import { EXCHANGE_SORT, type ExchangeSort } from '@oripa/contract/exchange';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { exchangeCards } from '../../db/schema/catalog.ts';
import { insertShippingRequests } from '../../db/shipping-requests.ts';

/** An exchange card row as the shop shows it, with what the member has taken of it. */
export interface ExchangeCardRow {
  id: number;
  image: string;
  card_name: string;
  card_name_en: string;
  name: string;
  name_en: string;
  model_number: string;
  rarity: number;
  sub_coin: string;
  stock: number;
  limit_per_member: number;
  active: boolean;
  exchanged: number;
}

const CARD_COLUMNS = sql`c.id, c.image, c.card_name, c.card_name_en, c.name, c.name_en, c.model_number, c.rarity, c.sub_coin::text as sub_coin,
  c.stock, c.limit_per_member, c.active`;

/** SQL: how many of card `cardId` member `userId` has taken (the per-member limit). */
function exchangedBy(userId: number | null, cardId: SQL) {
  if (userId === null) return sql`0`;
  return sql`(select count(*) from exchanges e where e.user_id = ${userId} and e.exchange_card_id = ${cardId})::int`;
}

const ORDER: Record<ExchangeSort, SQL> = {
  [EXCHANGE_SORT.priceHigh]: sql`c.sub_coin desc`,
  [EXCHANGE_SORT.priceLow]: sql`c.sub_coin asc`,
  [EXCHANGE_SORT.stockMost]: sql`c.stock desc`,
  [EXCHANGE_SORT.stockLeast]: sql`c.stock asc`,
};

/** `text` as a LIKE pattern matching it literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** One page of the published exchange cards matching `search`, in `sort` order, and the total. */
export async function listCards(
  db: DbOrTx,
  options: { search: string; sort: ExchangeSort; limit: number; offset: number; userId: number | null },
): Promise<{ rows: ExchangeCardRow[]; total: number }> {
  const match =
    options.search === ''
      ? sql`true`
      : sql`(c.name ilike ${containsPattern(options.search)} or c.card_name ilike ${containsPattern(options.search)}
             or c.name_en ilike ${containsPattern(options.search)} or c.card_name_en ilike ${containsPattern(options.search)}
             or c.model_number ilike ${containsPattern(options.search)})`;
  const where = sql`c.active and ${match}`;
  const [rows, count] = await Promise.all([
    queryRows<ExchangeCardRow>(
      db,
      sql`select ${CARD_COLUMNS}, ${exchangedBy(options.userId, sql`c.id`)} as exchanged
          from exchange_cards c where ${where}
          order by ${ORDER[options.sort]}, c.sort asc, c.id asc
          limit ${options.limit} offset ${options.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from exchange_cards c where ${where}`),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** A card with what the member has taken of it, and the member's coin balance, in one read. */
export async function cardForMember(
  db: DbOrTx,
  cardId: number,
  userId: number,
): Promise<{ card: ExchangeCardRow | undefined; balance: string } | undefined> {
  const rows = await queryRows<{ balance: string; card: ExchangeCardRow | null }>(
    db,
    sql`select u.coin_balance::text as balance,
               (select row_to_json(x) from (
                  select ${CARD_COLUMNS}, ${exchangedBy(userId, sql`c.id`)} as exchanged
                  from exchange_cards c where c.id = ${cardId}) x) as card
        from users u where u.id = ${userId}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return { card: row.card ? { ...row.card, sub_coin: normalizeNumeric(row.card.sub_coin) } : undefined, balance: row.balance };
}

/** row_to_json writes numerics as JSON numbers (120.5): back to two places. */
function normalizeNumeric(value: string | number): string {
  return Number(value).toFixed(2);
}

/** What the session remembers of a successful exchange check, until an exchange spends it. */
export interface ExchangeCheck {
  cardId: number;
  subCoin: string;
  /** When it was approved (epoch ms). */
  at: number;
}

/**
 * Whether a remembered check (its jsonb, `check`) approves exchanging card `cardId` now: the same
 * card, approved at or after `since` (epoch ms). The sessions module spends it under its lock.
 */
export function checkApproves(cardId: number, since: number): (check: SQL) => SQL {
  return (check) => sql`(${check}->>'cardId')::int = ${cardId} and (${check}->>'at')::bigint >= ${since}`;
}

/** Locks the member's row (their exchanges run one after another) and answers the coin balance. */
export async function lockMemberCoins(tx: DbOrTx, userId: number): Promise<string | undefined> {
  const rows = await queryRows<{ balance: string }>(
    tx,
    sql`select coin_balance::text as balance from users where id = ${userId} for update`,
  );
  return rows[0]?.balance;
}

/** How many of the card the member has taken (call with the member's row locked). */
export async function exchangedCount(tx: DbOrTx, userId: number, cardId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(tx, sql`select ${exchangedBy(userId, sql`${cardId}`)} as n`);
  return rows[0]?.n ?? 0;
}

/**
 * Takes one of the card from stock if it is published, in stock and still costs `subCoin`
 * (the price the check approved): the conditional update is what prevents overselling.
 */
export async function takeStock(tx: DbOrTx, cardId: number, subCoin: string): Promise<ExchangeCardRow | undefined> {
  const rows = await queryRows<ExchangeCardRow>(
    tx,
    sql`update exchange_cards c set stock = c.stock - 1
        where c.id = ${cardId} and c.active and c.stock >= 1 and c.sub_coin = ${subCoin}::numeric
        returning ${CARD_COLUMNS}, 0 as exchanged`,
  );
  return rows[0];
}

/** Records the exchange with a shipping request holding the member's address as it is now. */
export async function insertExchange(
  tx: DbOrTx,
  userId: number,
  cardId: number,
  subCoin: string,
  now: Date,
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`with request as (${insertShippingRequests(sql`(select ${userId}::int as user_id, null::int as purchase_id)`, now)})
        insert into exchanges (user_id, exchange_card_id, sub_coin, shipping_request_id, created_at)
        select ${userId}, ${cardId}, ${subCoin}::numeric, request.id, ${now} from request
        returning id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`member ${userId} not found`);
  return id;
}

// ---------------------------------------------------------------------------------------------
// Operator side (ops exchange:create / exchange:list / exchange:stock).

/** A card as the operator commands read it, with how many were exchanged. */
export interface OperatorCardRow {
  id: number;
  name: string;
  name_en: string;
  card_name: string;
  card_name_en: string;
  model_number: string;
  rarity: number;
  sub_coin: string;
  stock: number;
  limit_per_member: number;
  exchanged: number;
  image: string;
  sort: number;
  active: boolean;
}

/** Inserts an exchange card; answers its id. */
export async function insertCard(tx: DbOrTx, values: typeof exchangeCards.$inferInsert): Promise<number> {
  const [row] = await tx.insert(exchangeCards).values(values).returning({ id: exchangeCards.id });
  return (row as { id: number }).id;
}

/** Every exchange card (or one), published or not, in the shop's order. */
export function operatorCards(db: DbOrTx, onlyId?: number): Promise<OperatorCardRow[]> {
  return queryRows<OperatorCardRow>(
    db,
    sql`select c.id, c.name, c.name_en, c.card_name, c.card_name_en, c.model_number, c.rarity, c.sub_coin::text as sub_coin, c.stock,
               c.limit_per_member, c.image, c.sort, c.active,
               (select count(*) from exchanges e where e.exchange_card_id = c.id)::int as exchanged
        from exchange_cards c
        where ${onlyId === undefined ? sql`true` : sql`c.id = ${onlyId}`}
        order by c.sort, c.id`,
  );
}

/** Locks a card's row and answers its stock (undefined: no such card). */
export async function lockStock(tx: DbOrTx, cardId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ stock: exchangeCards.stock })
    .from(exchangeCards)
    .where(eq(exchangeCards.id, cardId))
    .for('update');
  return row?.stock;
}

export async function setStock(tx: DbOrTx, cardId: number, stock: number): Promise<void> {
  await tx.update(exchangeCards).set({ stock }).where(eq(exchangeCards.id, cardId));
}

/** Writes the fields an operator edits (never the stock: setStock, under lockStock). */
export async function updateCard(tx: DbOrTx, cardId: number, values: Partial<Omit<typeof exchangeCards.$inferInsert, 'id' | 'stock'>>): Promise<void> {
  await tx.update(exchangeCards).set(values).where(eq(exchangeCards.id, cardId));
}
