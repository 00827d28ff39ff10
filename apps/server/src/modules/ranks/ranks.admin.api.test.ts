import { STATE } from '@oripa/contract/states';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';
import { rankTable } from './ranks.service.ts';

/** Ranks in the console (issue 12 item 2): thresholds, coin-back, coins to keep, names, icon. */

const t = useConsoleShop('owner', 'support');
const { db } = t;

interface Rank {
  id: number;
  code: string;
  name: string;
  name_en: string;
  threshold_price: number;
  coin_back_rate: string;
  maintain_coin: string;
  icon: string;
}

const ranks = async () => (await t.owner.get('/admin/ranks')).body.ranks as Rank[];
const edit = (r: Rank, values: Partial<Rank> = {}) => ({ rank_id: r.id, name: r.name, name_en: r.name_en, threshold_price: r.threshold_price, coin_back_rate: r.coin_back_rate, maintain_coin: r.maintain_coin, icon: '', ...values });

describe('console ranks', () => {
  it('lists the rank table lowest first; support is refused', async () => {
    const list = await ranks();
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list[0]?.threshold_price).toBe(0);
    expect((await t.support.get('/admin/ranks')).body.state).toBe(STATE.forbidden);
    expect((await t.support.post('/admin/ranks/update', edit(list[1]!))).body.state).toBe(STATE.forbidden);
  });

  it('edits names, threshold, coin-back and coins to keep; audited; the shop’s rank table follows', async () => {
    const [, silver] = await ranks();
    const res = await t.owner.post('/admin/ranks/update', edit(silver!, { name: 'シルバー会員', name_en: 'Silver member', threshold_price: 12000, coin_back_rate: '1.25', maintain_coin: '35.5', icon: '/media/rank-silver-new.png' }));
    expect(res.body.rank).toMatchObject({ name: 'シルバー会員', name_en: 'Silver member', threshold_price: 12000, coin_back_rate: '1.25', maintain_coin: '35.50', icon: '/media/rank-silver-new.png' });
    const table = await rankTable(db());
    expect(table.find((r) => r.code === silver!.code)).toMatchObject({ threshold_price: 12000, coin_back_rate: '1.25', maintain_coin: '35.50' });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.target, `rank:${silver!.code}`));
    expect(entry).toMatchObject({ action: 'rank.update', before: { threshold_price: silver!.threshold_price }, after: { threshold_price: 12000 } });
  });

  it('keeps the rules: the lowest rank at 0 yen and 0 coins, thresholds rising with rank', async () => {
    const [lowest, second, third] = await ranks();
    const low = await t.owner.post('/admin/ranks/update', edit(lowest!, { threshold_price: 100 }));
    expect(low.body.errors.threshold_price?.[0]).toContain('0');
    expect((await t.owner.post('/admin/ranks/update', edit(lowest!, { maintain_coin: '1' }))).body.state).toBe(STATE.validation);
    const over = await t.owner.post('/admin/ranks/update', edit(second!, { threshold_price: third!.threshold_price }));
    expect(over.body.state).toBe(STATE.validation);
    expect(over.body.errors.threshold_price).toHaveLength(1);
    expect((await t.owner.post('/admin/ranks/update', edit(second!, { threshold_price: 0 }))).body.state).toBe(STATE.validation);
    expect((await ranks())[1]?.threshold_price).toBe(second!.threshold_price);
  });

  it('refuses bad input under each field', async () => {
    const [, second] = await ranks();
    const bad = await t.owner.post('/admin/ranks/update', { rank_id: second!.id, name: '', name_en: ' ', threshold_price: -5, coin_back_rate: '101', maintain_coin: '1.234', icon: '../etc/passwd' });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['coin_back_rate', 'icon', 'maintain_coin', 'name', 'name_en', 'threshold_price']);
    expect((await t.owner.post('/admin/ranks/update', { ...edit(second!), rank_id: 2147483647 })).body.state).toBe(STATE.notFound);
  });
});
