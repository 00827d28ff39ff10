import iconv from 'iconv-lite';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { users } from '../../db/schema/users.ts';
import { jstDateKey } from '../../lib/time.ts';
import { buyPacks } from '../../testing/buying.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { buyer, cardToken, createTestCourse } from '../../testing/payments.ts';
import { createTestPack } from '../../testing/test-pack.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';
import { creditPoints } from '../wallet/wallet.service.ts';
import { baseDatesBetween } from './reports.service.ts';

const t = useConsoleShop('owner', 'staff');

const today = () => jstDateKey(new Date());
const query = (q: Record<string, string>) => new URLSearchParams(q).toString();

describe('reports in the console', () => {
  it("per pack and per period, reconciling with the ledgers and the dashboard; CSV for Excel", async () => {
    // A member pays ¥3,300 for 3,000 points (¥1.1 a point), draws 5 packs of 100 points,
    // converts 3 cards (30 points each) and ships 2.
    const courseId = await createTestCourse(t.db(), { point: 3000, price: 3300 });
    const member = await buyer(t.shop, courseId);
    expect((await member.client.post('/user/point/buy', { pay_id: 1, token: await cardToken(t.shop.app, '4111111111111111') })).body.state).toBe(200);
    const packId = await createTestPack(t.db(), { price: 100, prizes: [{ rarity: 1, count: 50, buyPoint: 30 }] });
    // Each card of this pack cost the shop ¥20 (decision 050); a second pack has no cost entered.
    await t.db().execute(sql`update pack_prizes set cost_yen = 20 where pack_id = ${packId}`);
    const uncosted = await createTestPack(t.db(), { price: 100, prizes: [{ rarity: 1, count: 50, buyPoint: 30 }] });
    await buyPacks(member.client, uncosted, 2);
    const bought = await buyPacks(member.client, packId, 5);
    const cards = (await member.client.get(`/user/pack/buy_result?pack_history_id=${bought.body.pack_history_id}`)).body.cards as { history_id: number }[];
    const ids = cards.map((c) => c.history_id);
    const decided = await member.client.post('/user/pack/decision', { send_card: ids.slice(0, 2), reduction_card: ids.slice(2) });
    expect(decided.body.state).toBe(200);
    // 250 points given (decision 055): free points, unused but no part of the prepaid balance.
    await t.db().transaction((tx) => creditPoints(tx, { userId: member.userId, amount: 250, reason: 'grant', memo: 'お詫び' }));
    // A member whose name a spreadsheet would run as a formula.
    await t.db().update(users).set({ lastName: '=HYPERLINK("x")', firstName: '太郎' }).where(eq(users.id, member.userId));

    const day = today();
    const packs = await t.owner.get(`/admin/reports/packs?${query({ from: day, to: day })}`);
    expect(packs.body.state).toBe(200);
    expect(packs.body.yen_per_point).toBe(1.1);
    expect(packs.body.rate_assumed).toBe(false);
    // A period without point sales has no rate: the report says the ¥1 per point is assumed.
    const quiet = await t.owner.get(`/admin/reports/packs?${query({ from: '2026-01-01', to: '2026-01-02' })}`);
    expect(quiet.body).toMatchObject({ yen_per_point: 1, rate_assumed: true });
    const row = (packs.body.packs as { pack_id: number }[]).find((p) => p.pack_id === packId);
    expect(row).toMatchObject({
      packs_sold: 5,
      points_spent: 500,
      free_points_spent: 0,
      cards_won: 5,
      cards_converted: 3,
      points_returned: 90,
      cards_shipped: 2,
      sales_yen: 550,
      returned_yen: 99,
      prize_cost_yen: 100,
      cards_without_cost: 0,
      margin_yen: 351,
    });
    expect((packs.body.packs as { pack_id: number }[]).find((p) => p.pack_id === uncosted)).toMatchObject({ cards_won: 2, prize_cost_yen: 0, cards_without_cost: 2, margin_yen: 220 });

    // The ledgers say the same: the pack debits and the conversion credits of the period.
    const [ledger] = await queryRows<{ spent: number; converted: number }>(
      t.db(),
      sql`select coalesce(-sum(delta) filter (where reason = 'pack'), 0)::int as spent,
                 coalesce(sum(delta) filter (where reason = 'conversion'), 0)::int as converted from point_ledger`,
    );
    expect(packs.body.totals).toMatchObject({ points_spent: ledger?.spent, points_returned: ledger?.converted });
    // The cost of prizes drawn is the prizes' costs over the cards won, and every card is either costed or counted as not.
    const [won] = await queryRows<{ cost: string; uncosted: number; cards: number }>(
      t.db(),
      sql`select coalesce(sum(pp.cost_yen), 0)::bigint as cost, count(*) filter (where pp.cost_yen is null)::int as uncosted, count(*)::int as cards
            from holdings h join pack_prizes pp on pp.id = h.prize_id`,
    );
    expect(packs.body.totals).toMatchObject({ prize_cost_yen: Number(won?.cost), cards_without_cost: won?.uncosted, cards_won: won?.cards });
    const totals = packs.body.totals as { sales_yen: number; returned_yen: number; prize_cost_yen: number; margin_yen: number };
    expect(totals.margin_yen).toBe(totals.sales_yen - totals.returned_yen - totals.prize_cost_yen);

    // The period report is the dashboard's today, plus expiries, refunds and the unused points.
    const period = await t.owner.get(`/admin/reports/period?${query({ from: day, to: day })}`);
    const dashboard = await t.owner.get('/admin/dashboard');
    expect(period.body.figures).toMatchObject({ ...(dashboard.body.today as object), points_expired: 0, refunds_yen: 0 });
    const [balances] = await queryRows<{ points: string }>(t.db(), sql`select coalesce(sum(point_balance), 0)::bigint as points from users`);
    // Unused points apart (decision 055): paid ones (the prepaid balance) and free ones add up to every balance.
    const [lots] = await queryRows<{ paid: string; free: string }>(
      t.db(),
      sql`select coalesce(sum(remaining) filter (where kind = 'paid'), 0)::bigint as paid, coalesce(sum(remaining) filter (where kind = 'free'), 0)::bigint as free from point_lots`,
    );
    expect(period.body.outstanding_points).toBe(Number(lots?.paid));
    expect(period.body.outstanding_free_points).toBe(Number(lots?.free));
    expect(Number(lots?.free)).toBe(250);
    expect(Number(period.body.outstanding_points) + Number(period.body.outstanding_free_points)).toBe(Number(balances?.points));
    expect(period.body.days).toEqual([expect.objectContaining({ day, sales_yen: 3300, points_sold: 3000, points_spent: 700 })]);

    // CSV: UTF-8 with a byte-order mark, or Shift_JIS; a formula-like cell is defused.
    const utf8 = await t.owner.get(`/admin/reports/file?${query({ from: day, to: day, file: 'packs', encoding: 'utf8' })}`);
    const bytes = Buffer.from(utf8.body.content_base64 as string, 'base64');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toContain('"販売口数"');
    expect(text).toContain(`${packId},"テストパック`);
    expect(text.split('\r\n')[0]).toContain('"賞品原価（円）","原価未入力のカード","粗利（円）"');
    expect(text).toMatch(/,5,500,"0",5,3,90,2,550,99,100,0,351,0\r\n/);
    const members = await t.owner.get(`/admin/reports/file?${query({ from: day, to: day, file: 'members', encoding: 'sjis' })}`);
    const sjis = iconv.decode(Buffer.from(members.body.content_base64 as string, 'base64'), 'cp932');
    expect(sjis.split('\r\n')[0]).toBe('"会員ID","メールアドレス","氏名","電話番号","ポイント","うち無償ポイント","コイン","登録日時（日本時間）"');
    expect(sjis).toContain(`"'=HYPERLINK(""x"") 太郎"`);
    // Its points (3,000 − 700 spent + 90 converted + 250 free) with the free ones apart.
    expect(sjis).toMatch(/,2640,250,/);
    const payments = await t.owner.get(`/admin/reports/file?${query({ from: day, to: day, file: 'payments', encoding: 'utf8' })}`);
    expect(payments.body.rows).toBe(1);
    expect(Buffer.from(payments.body.content_base64 as string, 'base64').toString('utf8')).toContain('3300,300,3000,"succeeded"');
  });

  it('counts no sales for packs drawn with free points, and says how many were free (decision 055)', async () => {
    const db = t.db();
    const userId = await createTestMember(db);
    // 150 free points (a referral bonus) and 100 paid ones (a conversion's): the spend takes the free ones first.
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 150, reason: 'referral' }));
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 100, reason: 'conversion' }));
    const client = t.shop.client();
    await signIn(db, client, userId);
    await client.get('/user/point'); // the csrf token, as the web app's first call gets it
    const packId = await createTestPack(db, { price: 100, prizes: [{ rarity: 1, count: 50, buyPoint: 30 }] });
    await buyPacks(client, packId, 2);
    const day = today();
    const packs = await t.owner.get(`/admin/reports/packs?${query({ from: day, to: day })}`);
    const row = (packs.body.packs as { pack_id: number }[]).find((p) => p.pack_id === packId);
    const rate = packs.body.yen_per_point as number;
    expect(row).toMatchObject({ points_spent: 200, free_points_spent: 150, sales_yen: Math.round(50 * rate) });
  });

  it('refuses other roles, and periods that are not periods', async () => {
    const day = today();
    expect((await t.staff.get(`/admin/reports/packs?${query({ from: day, to: day })}`)).body.state).toBe(4030);
    expect((await t.staff.get(`/admin/reports/file?${query({ from: day, to: day, file: 'members', encoding: 'utf8' })}`)).body.state).toBe(4030);
    for (const [q, field] of [
      [{ from: '2026-05-02', to: '2026-05-01' }, 'to'],
      [{ from: '2025-01-01', to: '2026-12-31' }, 'to'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
      [{ from: '2026-01-01' }, 'to'],
    ] as const) {
      const refused = await t.owner.get(`/admin/reports/period?${query(q as Record<string, string>)}`);
      expect(refused.body.state, JSON.stringify(q)).toBe(400);
      expect(Object.keys(refused.body.errors as object)).toContain(field);
    }
    const badFile = await t.owner.get(`/admin/reports/file?${query({ from: day, to: day, file: 'secrets', encoding: 'utf8' })}`);
    expect(badFile.body.state).toBe(400);
  });

  it("names 資金決済法's base dates inside a period", () => {
    expect(baseDatesBetween('2026-03-01', '2026-10-01')).toEqual(['2026-03-31', '2026-09-30']);
    expect(baseDatesBetween('2026-04-01', '2026-09-29')).toEqual([]);
    expect(baseDatesBetween('2025-09-30', '2026-03-31')).toEqual(['2025-09-30', '2026-03-31']);
  });
});
