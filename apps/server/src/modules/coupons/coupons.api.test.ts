import { STATE } from '@oripa/contract/states';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';
import { creditPoints } from '../wallet/wallet.service.ts';

// Decision 059: coupon codes give free points, redeemed atomically against the code's budget and
// per-member limit (raced on PostgreSQL with `--project api-pg`), refused in the member's language.
const setUp = useConsoleShop('owner', 'support');
const HOUR = 3_600_000;
let sequence = 0;

async function member(lang: 'ja' | 'en' = 'ja'): Promise<{ client: TestClient; userId: number }> {
  const userId = await createTestMember(setUp.db());
  const client = setUp.shop.client();
  client.remoteAddress = `10.59.${Math.floor(sequence / 250)}.${(sequence++ % 250) + 1}`;
  await signIn(setUp.db(), client, userId);
  client.setLang(lang);
  await client.get('/user/point'); // the csrf token, as the web app's first call gets it
  return { client, userId };
}

function codeSpec(code: string, values: Record<string, unknown> = {}) {
  return {
    code,
    name: 'テストキャンペーン',
    points: 100,
    budget: 1000,
    per_member_limit: 1,
    starts_at: new Date(Date.now() - HOUR).toISOString(),
    ends_at: new Date(Date.now() + 24 * HOUR).toISOString(),
    ...values,
  };
}

async function create(code: string, values: Record<string, unknown> = {}) {
  const res = await setUp.owner.post('/admin/coupons/create', codeSpec(code, values));
  expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
  return res.body.coupon as { id: number; code: string; remaining: number; uses: number; status: string };
}

async function couponRow(code: string) {
  const [row] = await queryRows<{ id: number; remaining: number; uses: number; redemptions: number; credited: number }>(
    setUp.db(),
    sql`select c.id, c.remaining, c.uses,
               (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id) as redemptions,
               (select coalesce(sum(l.delta), 0)::int from point_ledger l where l.reason = 'coupon' and l.ref = 'coupon:' || c.id) as credited
          from coupons c where c.code = ${code}`,
  );
  return row;
}

describe('redeeming a code', () => {
  it('credits free points with a ledger row, shown in the member’s history in their language, and audits the code’s creation', async () => {
    const coupon = await create('WELCOME100');
    const { client, userId } = await member();
    const res = await client.post('/user/coupon', { code: ' welcome-100 ' });
    expect(res.body).toMatchObject({ state: STATE.ok, point: 100, balance: 100, name: 'テストキャンペーン' });

    const [lots] = await queryRows<{ kind: string; remaining: number; free_delta: number }>(
      setUp.db(),
      sql`select k.kind, k.remaining, l.free_delta from point_lots k join point_ledger l on l.id = k.ledger_id where k.user_id = ${userId}`,
    );
    expect(lots).toEqual({ kind: 'free', remaining: 100, free_delta: 100 });
    const history = await client.get('/user/point/list/1');
    expect(history.body.list).toMatchObject([{ reason: 'coupon', bonusPoint: 100, memo: 'クーポン WELCOME100' }]);
    client.setLang('en');
    expect((await client.get('/user/point/list/1')).body.list).toMatchObject([{ memo: 'Coupon code: WELCOME100' }]);

    const [audit] = await queryRows<{ action: string; actor: string }>(setUp.db(), sql`select action, actor from audit_log where target = ${`coupon:${coupon.id}`}`);
    expect(audit?.action).toBe('coupons.create');

    // Once per member by default: a second try is refused and changes nothing.
    const again = await client.post('/user/coupon', { code: 'WELCOME100' });
    expect(again.body.state).toBe(STATE.conflict);
    expect(again.body.errors.code?.[0]).toBe('You have already used this code (up to 1 per member).');
    expect(await couponRow('WELCOME100')).toMatchObject({ remaining: 900, uses: 1, redemptions: 1, credited: 100 });
  });

  it('refuses unknown, paused, not yet started, ended and spent codes in the member’s language, writing nothing', async () => {
    const { client, userId } = await member('en');
    const unknown = await client.post('/user/coupon', { code: 'NOSUCHCODE' });
    expect(unknown.body).toMatchObject({ state: STATE.validation });
    expect(unknown.body.errors.code?.[0]).toContain('cannot be used');
    const malformed = await client.post('/user/coupon', { code: 'あ!' });
    expect(malformed.body.state).toBe(STATE.validation);
    expect(malformed.body.errors.code?.[0]).toBe('Enter a code of 4 to 32 letters and digits.');

    const paused = await create('PAUSEDCODE');
    const pause = await setUp.owner.post('/admin/coupons/pause', { id: paused.id, paused: true });
    expect(pause.body).toMatchObject({ state: STATE.ok, coupon: { paused: true, status: 'paused' } });
    expect((await client.post('/user/coupon', { code: 'PAUSEDCODE' })).body.errors.code?.[0]).toBe('This code is not available at the moment.');
    await setUp.owner.post('/admin/coupons/pause', { id: paused.id, paused: false });
    expect((await client.post('/user/coupon', { code: 'PAUSEDCODE' })).body.state).toBe(STATE.ok);

    await create('LATERCODE', { starts_at: new Date(Date.now() + HOUR).toISOString() });
    expect((await client.post('/user/coupon', { code: 'LATERCODE' })).body.errors.code?.[0]).toMatch(/^This code cannot be used yet \(from \d{4}\//);
    await create('ENDEDCODE', { starts_at: new Date(Date.now() - 2 * HOUR).toISOString(), ends_at: new Date(Date.now() - HOUR).toISOString() });
    expect((await client.post('/user/coupon', { code: 'ENDEDCODE' })).body.errors.code?.[0]).toBe('This code has expired.');
    await create('TINYBUDGET', { points: 100, budget: 150 });
    expect((await (await member()).client.post('/user/coupon', { code: 'TINYBUDGET' })).body.state).toBe(STATE.ok);
    const spent = await client.post('/user/coupon', { code: 'TINYBUDGET' });
    expect(spent.body.errors.code?.[0]).toBe('This code has run out.');
    expect(await couponRow('TINYBUDGET')).toMatchObject({ remaining: 50, uses: 1 });
    // Only the one resumed code was credited to this member.
    const [points] = await queryRows<{ point_balance: number }>(setUp.db(), sql`select point_balance from users where id = ${userId}`);
    expect(points?.point_balance).toBe(100);
  });

  it('keeps first-purchase-only codes for members who never bought points, and rank codes for the rank and above', async () => {
    await create('FIRSTONLY', { first_purchase_only: true });
    const buyer = await member();
    await setUp.db().transaction((tx) => creditPoints(tx, { userId: buyer.userId, amount: 1000, money: 1000, reason: 'purchase', ref: 'payment:0' }));
    const refused = await buyer.client.post('/user/coupon', { code: 'FIRSTONLY' });
    expect(refused.body.errors.code?.[0]).toBe('このコードはポイントを初めて購入される方のみご利用いただけます。');
    expect((await (await member()).client.post('/user/coupon', { code: 'FIRSTONLY' })).body.state).toBe(STATE.ok);

    const ranks = await queryRows<{ id: number; name: string; name_en: string }>(setUp.db(), sql`select id, name, name_en from ranks order by sort`);
    const top = ranks[ranks.length - 1];
    if (!top || ranks.length < 2) throw new Error('reference ranks missing');
    await create('TOPRANK', { min_rank_id: top.id });
    const plain = await member('en');
    expect((await plain.client.post('/user/coupon', { code: 'TOPRANK' })).body.errors.code?.[0]).toBe(`This code is only for members of rank ${top.name_en} or higher.`);
    await setUp.db().execute(sql`update users set rank_id = ${top.id} where id = ${plain.userId}`);
    expect((await plain.client.post('/user/coupon', { code: 'TOPRANK' })).body.state).toBe(STATE.ok);
  });

  it('redeems exactly 10 of 50 parallel redemptions of a code with a budget of 10, and never over a member’s limit', async () => {
    await create('RACE10', { points: 1, budget: 10 });
    const members = await Promise.all(Array.from({ length: 50 }, () => member()));
    const answers = await Promise.all(members.map((m) => m.client.post('/user/coupon', { code: 'RACE10' })));
    const states = answers.map((a) => a.body.state);
    expect(states.filter((s) => s === STATE.ok)).toHaveLength(10);
    expect(states.filter((s) => s === STATE.conflict)).toHaveLength(40);
    expect(answers.filter((a) => a.body.state === STATE.conflict).every((a) => a.body.errors.code?.[0] === 'このコードは上限に達したため終了しました。')).toBe(true);
    expect(await couponRow('RACE10')).toMatchObject({ remaining: 0, uses: 10, redemptions: 10, credited: 10 });

    // One member, 10 tabs at once, a limit of 3: three credits.
    await create('THRICE', { points: 5, budget: 1000, per_member_limit: 3 });
    const one = await member();
    const tabs = await Promise.all(Array.from({ length: 10 }, () => one.client.post('/user/coupon', { code: 'THRICE' })));
    expect(tabs.filter((t) => t.body.state === STATE.ok)).toHaveLength(3);
    expect(await couponRow('THRICE')).toMatchObject({ remaining: 985, uses: 3, redemptions: 3, credited: 15 });
  });
});

describe('the console', () => {
  it('validates a new code, refuses a taken one, and lets only permitted roles write', async () => {
    const bad = await setUp.owner.post('/admin/coupons/create', codeSpec('x', { points: 0, ends_at: new Date(Date.now() - 2 * HOUR).toISOString() }));
    expect(bad.body.state).toBe(STATE.validation);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['code', 'points']);
    const early = await setUp.owner.post('/admin/coupons/create', codeSpec('EARLYEND', { ends_at: new Date(Date.now() - 2 * HOUR).toISOString() }));
    expect(early.body.errors.ends_at?.[0]).toBe('終了日時は開始日時より後にしてください。');
    await create('TAKENCODE');
    const taken = await setUp.owner.post('/admin/coupons/create', codeSpec('takencode'));
    expect(taken.body).toMatchObject({ state: STATE.conflict });
    expect(taken.body.errors.code?.[0]).toBe('このコードはすでに登録されています。');
    const support = await setUp.support.post('/admin/coupons/create', codeSpec('SUPPORTCODE'));
    expect(support.body.state).toBe(STATE.forbidden);
    expect((await setUp.support.get('/admin/coupons')).body.state).toBe(STATE.ok);
  });

  it('lists codes with their uses and members, and shows who redeemed one', async () => {
    const coupon = await create('LISTED', { points: 10, budget: 100, per_member_limit: 2 });
    const a = await member();
    await a.client.post('/user/coupon', { code: 'LISTED' });
    await a.client.post('/user/coupon', { code: 'LISTED' });
    const list = await setUp.owner.get('/admin/coupons');
    const row = (list.body.coupons as { code: string }[]).find((c) => c.code === 'LISTED');
    expect(row).toMatchObject({ uses: 2, members: 1, remaining: 80, budget: 100, status: 'active' });
    const uses = await setUp.owner.get(`/admin/coupons/uses/${coupon.id}`);
    expect(uses.body).toMatchObject({ state: STATE.ok, coupon: { code: 'LISTED' } });
    expect(uses.body.uses).toMatchObject([{ user_id: a.userId, points: 10 }, { user_id: a.userId, points: 10 }]);
  });

  it('generates a batch of single-use codes, each redeemable once, exported as CSV, audited', async () => {
    const made = await setUp.owner.post('/admin/coupons/batch', {
      name: '店頭配布',
      prefix: 'shop',
      count: 25,
      points: 30,
      starts_at: new Date(Date.now() - HOUR).toISOString(),
      ends_at: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(made.body).toMatchObject({ state: STATE.ok, count: 25 });
    const batch = made.body.batch as string;
    const page = await setUp.owner.get(`/admin/coupons?batch=${encodeURIComponent(batch)}`);
    const codes = (page.body.coupons as { code: string; max_uses: number }[]).map((c) => c.code);
    expect(new Set(codes).size).toBe(25);
    expect(codes.every((c) => /^SHOP[A-Z2-9]{10}$/.test(c))).toBe(true);

    const first = codes[0] as string;
    const [x, y] = [await member(), await member()];
    expect((await x.client.post('/user/coupon', { code: first })).body).toMatchObject({ state: STATE.ok, point: 30 });
    expect((await y.client.post('/user/coupon', { code: first })).body.errors.code?.[0]).toBe('このコードは上限に達したため終了しました。');

    const file = await setUp.owner.get(`/admin/coupons/batch_file?batch=${encodeURIComponent(batch)}&encoding=utf8`);
    expect(file.body).toMatchObject({ state: STATE.ok, rows: 25 });
    const text = Buffer.from(file.body.content_base64 as string, 'base64').toString('utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(26);
    expect(lines[0]).toBe('"コード","名前","種類","内容","開始","終了","状態","利用会員数"');
    expect(lines.find((l) => l.startsWith(`"${first}"`))).toContain('"ポイント付与","');
    expect(lines.find((l) => l.startsWith(`"${first}"`))).toContain('"使用済み",1');
    const summary = (page.body.batches as { batch: string; codes: number; used: number; points_given: number }[]).find((b) => b.batch === batch);
    expect(summary).toMatchObject({ codes: 25, used: 0 });
    const after = (await setUp.owner.get('/admin/coupons')).body.batches as { batch: string; used: number; points_given: number }[];
    expect(after.find((b) => b.batch === batch)).toMatchObject({ used: 1, points_given: 30 });
    const [audit] = await queryRows<{ action: string }>(setUp.db(), sql`select action from audit_log where target = ${`coupon_batch:${batch}`}`);
    expect(audit?.action).toBe('coupons.batch');
  });
});
