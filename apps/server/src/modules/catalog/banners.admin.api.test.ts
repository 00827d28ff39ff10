import { STATE } from '@oripa/contract/states';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';

/** Top-page banners in the console (issue 12 item 2): media, link, order, period, published. */

const t = useConsoleShop('staff', 'support');
const { db } = t;

const hour = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const banner = { file_name: '/media/banner-a.png', url: '/pack/1', sort: 1, published: true, start_at: '', end_at: '' };

async function save(values: Partial<typeof banner> & { banner_id?: number } = {}) {
  const res = await t.staff.post('/admin/banners/save', { ...banner, ...values });
  expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
  return res.body.banner as { id: number; file_name: string };
}

const shopBanners = async () => ((await t.shop.client().get('/user/banner')).body.list as { file_name: string }[]).map((b) => b.file_name);

describe('console banners', () => {
  it('refuses visitors, members and support', async () => {
    expect((await t.shop.client().get('/admin/banners')).body.state).toBe(STATE.loginRequired);
    const member = t.shop.client();
    await signIn(db(), member, await createTestMember(db()));
    expect((await member.get('/admin/banners')).body.state).toBe(STATE.loginRequired);
    expect((await t.support.get('/admin/banners')).body.state).toBe(STATE.forbidden);
    expect((await t.support.post('/admin/banners/save', banner)).body.state).toBe(STATE.forbidden);
    expect((await t.support.post('/admin/banners/mode', { mode: 2 })).body.state).toBe(STATE.forbidden);
  });

  it('refuses bad input under each field', async () => {
    const bad = await t.staff.post('/admin/banners/save', { file_name: 'https://evil.example/x.png', url: 'javascript:alert(1)', sort: -1, published: 1, start_at: 'tomorrow', end_at: '2026-13-01T00:00+09:00' });
    expect(bad.body.state).toBe(STATE.validation);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['end_at', 'file_name', 'published', 'sort', 'start_at', 'url']);
    const order = await t.staff.post('/admin/banners/save', { ...banner, start_at: at(2 * hour), end_at: at(hour) });
    expect(order.body.errors.end_at?.[0]).toBe('終了日時は開始日時より後にしてください。');
    expect((await t.staff.post('/admin/banners/save', { ...banner, banner_id: 2147483647 })).body.state).toBe(STATE.notFound);
    expect((await t.staff.post('/admin/banners/mode', { mode: 3 })).body.state).toBe(STATE.validation);
  });

  it('the shop shows only published banners in their period, in the operator’s order; every write audited', async () => {
    const late = await save({ file_name: '/media/banner-late.png', sort: 20 });
    const early = await save({ file_name: '/media/banner-early.png', sort: 10, start_at: at(-hour), end_at: at(hour) });
    const future = await save({ file_name: '/media/banner-future.png', sort: 5, start_at: at(hour) });
    const past = await save({ file_name: '/media/banner-past.png', sort: 5, end_at: at(-1000), start_at: at(-2 * hour) });
    const hidden = await save({ file_name: '/media/banner-hidden.png', sort: 1, published: false });
    expect(await shopBanners()).toEqual(['/media/banner-early.png', '/media/banner-late.png']);

    await save({ ...banner, banner_id: future.id, file_name: future.file_name, start_at: at(-1000) });
    await save({ ...banner, banner_id: late.id, file_name: late.file_name, sort: 0 });
    expect(await shopBanners()).toEqual(['/media/banner-late.png', '/media/banner-future.png', '/media/banner-early.png']);

    const removed = await t.staff.post('/admin/banners/remove', { banner_id: early.id });
    expect(removed.body.banner).toMatchObject({ id: early.id });
    expect(await shopBanners()).not.toContain('/media/banner-early.png');
    const list = (await t.staff.get('/admin/banners')).body.banners as { id: number }[];
    expect(list.map((b) => b.id)).toEqual(expect.arrayContaining([past.id, hidden.id]));

    const audit = await db().select().from(auditLog).where(eq(auditLog.target, `banner:${early.id}`));
    expect(audit.map((a) => a.action)).toEqual(['banner.create', 'banner.remove']);
    expect(audit[1]?.before).toMatchObject({ file_name: '/media/banner-early.png' });
  });

  it('switches the banner area between the slider and a video; each shows only its kind of file', async () => {
    await save({ file_name: '/media/banner-clip.mp4', sort: 0 });
    expect(await shopBanners()).not.toContain('/media/banner-clip.mp4');
    expect((await t.staff.post('/admin/banners/mode', { mode: 2 })).body.mode).toBe(2);
    expect((await t.shop.client().get('/user/banner')).body.mode).toBe(2);
    expect(await shopBanners()).toEqual(['/media/banner-clip.mp4']);
    expect((await t.staff.get('/admin/banners')).body.mode).toBe(2);
    await t.staff.post('/admin/banners/mode', { mode: 1 });
    expect((await t.shop.client().get('/user/banner')).body.mode).toBe(1);
  });
});
