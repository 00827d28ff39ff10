import { STATE } from '@oripa/contract/states';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/run-command.ts';
import { queryRows } from '../../db/rows.ts';
import { sweep } from '../../jobs/sweeper.ts';
import { auditLog, operatorLoginFailures, operatorSessions } from '../../db/schema/admin.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { browsersFrom, createTestOperator, signInOperator, useConsoleShop } from './admin-testing.ts';
import { codeAt } from './totp.ts';

const t = useConsoleShop();
const { db } = t;
/** A browser of its own, from an IP of its own (so one test's failures never lock another's). */
const browser = browsersFrom(t, '10.88');

async function consoleOf(role: 'owner' | 'staff' | 'support') {
  const op = await createTestOperator(db(), role);
  const client = await browser();
  await signInOperator(db(), client, op.id);
  return { ...op, client };
}

async function auditOf(target: string) {
  return db().select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);
}

describe('ops admin:create and the first login', () => {
  it('creates an owner with a one-time password, then the login forces a new password and TOTP enrolment', async () => {
    const out = await runCommand({ database: t.shop.database, config: t.shop.app.ctx.config }, ['admin:create', '--mail', 'Boss@Example.com', '--role', 'owner']);
    expect(out.exitCode).toBe(0);
    const password = out.data.one_time_password as string;
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(out.message).toContain(password);
    const opId = (out.data.operator as { id: number }).id;
    expect(await auditOf(`operator:${opId}`)).toMatchObject([{ action: 'operator.create', actor: 'cli', after: { mail: 'boss@example.com', role: 'owner' } }]);

    const client = await browser();
    const login = await client.post('/admin/login', { mail: 'boss@example.com', pass: password });
    expect(login.body).toMatchObject({ state: STATE.ok, step: 'password' });
    // Half-way through the login nothing of the console answers.
    expect((await client.get('/admin/me')).body.state).toBe(STATE.loginRequired);
    expect((await client.get('/admin/totp/enrol')).body.state).toBe(STATE.loginRequired);

    const short = await client.post('/admin/password', { pass: password, new_pass: 'short' });
    expect(short.body.state).toBe(STATE.validation);
    expect(short.body.errors.new_pass).toEqual(['パスワードは12文字以上にしてください。']);
    const wrong = await client.post('/admin/password', { pass: 'not-the-password', new_pass: 'a-new-long-password' });
    expect(wrong.body.errors.pass).toBeDefined();
    const changed = await client.post('/admin/password', { pass: password, new_pass: 'a-new-long-password' });
    expect(changed.body).toMatchObject({ state: STATE.ok, step: 'enrol' });

    const enrol = await client.get('/admin/totp/enrol');
    expect(enrol.body.state).toBe(STATE.ok);
    const secret = enrol.body.secret as string;
    expect(enrol.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(enrol.body.qr).toMatch(/^data:image\/png;base64,/);
    // A reload shows the same secret until it is proved.
    expect((await client.get('/admin/totp/enrol')).body.secret).toBe(secret);

    const bad = await client.post('/admin/totp/enrol', { code: '000000' === codeAt(secret, 'boss@example.com', new Date()) ? '111111' : '000000' });
    expect(bad.body.state).toBe(STATE.validation);
    expect(bad.body.errors.code).toBeDefined();
    const malformed = await client.post('/admin/totp/enrol', { code: '12ab' });
    expect(malformed.body.errors.code).toEqual(['6桁の数字を入力してください。']);
    // The code of the previous 30-second step still counts (clock drift); this one is spent now.
    const earlier = codeAt(secret, 'boss@example.com', new Date(Date.now() - 30_000));
    expect((await client.post('/admin/totp/enrol', { code: earlier })).body).toMatchObject({ state: STATE.ok, step: 'done' });
    expect((await client.get('/admin/me')).body).toMatchObject({ state: STATE.ok, operator: { id: opId, mail: 'boss@example.com', role: 'owner' }, idle_minutes: 30 });

    expect((await client.post('/admin/logout')).body.state).toBe(STATE.ok);
    expect((await client.get('/admin/me')).body.state).toBe(STATE.loginRequired);

    // Every later login: password, then a code, each code once.
    const again = await client.post('/admin/login', { mail: 'boss@example.com', pass: 'a-new-long-password' });
    expect(again.body).toMatchObject({ state: STATE.ok, step: 'totp' });
    expect((await client.post('/admin/totp', { code: earlier })).body.state).toBe(STATE.validation);
    const now = codeAt(secret, 'boss@example.com', new Date());
    expect((await client.post('/admin/totp', { code: now })).body).toMatchObject({ state: STATE.ok, step: 'done' });
    expect((await client.get('/admin/me')).body.state).toBe(STATE.ok);
    const replay = await browser();
    await replay.post('/admin/login', { mail: 'boss@example.com', pass: 'a-new-long-password' });
    expect((await replay.post('/admin/totp', { code: now })).body.state).toBe(STATE.validation);

    const actions = (await auditOf(`operator:${opId}`)).map((e) => e.action);
    expect(actions).toEqual(['operator.create', 'operator.password', 'operator.totp_enrol', 'operator.login']);
  });

  it('refuses a bad role, a bad address and a taken address on the command line', async () => {
    const ctx = { database: t.shop.database, config: t.shop.app.ctx.config };
    const role = await runCommand(ctx, ['admin:create', '--mail', 'x@example.com', '--role', 'god']);
    expect(role.exitCode).toBe(2);
    expect(role.message).toContain('--role');
    expect((await runCommand(ctx, ['admin:create', '--mail', 'not-an-address', '--role', 'staff'])).exitCode).toBe(2);
    expect((await runCommand(ctx, ['admin:create', '--mail', 'twice@example.com', '--role', 'staff'])).exitCode).toBe(0);
    const twice = await runCommand(ctx, ['admin:create', '--mail', 'TWICE@example.com', '--role', 'staff']);
    expect(twice.exitCode).toBe(2);
    expect(twice.message).toContain('exists');
  });

  it('gives the wrong-password answer for an unknown address and for a disabled operator', async () => {
    const client = await browser();
    const unknown = await client.post('/admin/login', { mail: 'nobody@example.com', pass: 'whatever-long' });
    expect(unknown.body.state).toBe(STATE.validation);
    expect(unknown.body.errors.mail).toEqual(['メールアドレスまたはパスワードが正しくありません。']);
    const owner = await consoleOf('owner');
    const staff = await createTestOperator(db(), 'staff');
    await owner.client.post('/admin/operators/update', { operator_id: staff.id, disabled: true });
    const disabled = await client.post('/admin/login', { mail: staff.mail, pass: staff.password });
    expect(disabled.body.errors.mail).toEqual(unknown.body.errors.mail);
  });
});

describe('console sessions', () => {
  it('end after 30 idle minutes; each request moves the end on', async () => {
    const op = await createTestOperator(db(), 'support');
    const client = await browser();
    const key = await signInOperator(db(), client, op.id);
    await db().update(operatorSessions).set({ expiresAt: new Date(Date.now() + 60_000) }).where(eq(operatorSessions.id, key));
    expect((await client.get('/admin/me')).body.state).toBe(STATE.ok);
    const [row] = await db().select().from(operatorSessions).where(eq(operatorSessions.id, key));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    await db().update(operatorSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(operatorSessions.id, key));
    expect((await client.get('/admin/me')).body.state).toBe(STATE.loginRequired);
  });

  it('are deleted by the sweeper once ended, with console login failures too old to count', async () => {
    const op = await createTestOperator(db(), 'support');
    const client = await browser();
    const key = await signInOperator(db(), client, op.id);
    await db().update(operatorSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(operatorSessions.id, key));
    await db().insert(operatorLoginFailures).values({ mail: 'old@example.com', ip: '10.1.1.1', createdAt: new Date(Date.now() - 2 * 3_600_000) });
    const moved = await sweep(db(), new Date());
    expect(moved['admin:sessions']).toBeGreaterThanOrEqual(1);
    expect(moved['admin:login-failures']).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(operatorSessions).where(eq(operatorSessions.id, key))).toEqual([]);
  });

  it('use their own cookie: a member session is no console session, and a console session is no member session', async () => {
    const userId = await createTestMember(db());
    const member = await browser();
    await signIn(db(), member, userId);
    expect((await member.get('/admin/me')).body.state).toBe(STATE.loginRequired);
    const { client } = await consoleOf('owner');
    expect((await client.get('/user/point/list/1')).body.state).toBe(STATE.loginRequired);
    const cookie = client.cookies.get('oripa_admin');
    expect(cookie).toBeDefined();
  });
});

// The guard over every console call (visitors, members, half-logged-in operators, each role) is
// admin-guard.api.test.ts, driven by the routes the app registers.

describe('console calls', () => {
  it('refuses bad input with errors under the fields', async () => {
    const { client } = await consoleOf('owner');
    const create = await client.post('/admin/operators/create', { mail: 'nope', name: '', role: 'king' });
    expect(create.body.state).toBe(STATE.validation);
    expect(Object.keys(create.body.errors).sort()).toEqual(['mail', 'name', 'role']);
    client.setLang('en');
    const update = await client.post('/admin/operators/update', { operator_id: 'x', disabled: 'yes' });
    expect(Object.keys(update.body.errors).sort()).toEqual(['disabled', 'operator_id']);
    const audit = await client.get('/admin/audit?from=2026-13-01&per=0&sort=mail');
    expect(Object.keys(audit.body.errors).sort()).toEqual(['from', 'per', 'sort']);
    expect(audit.body.errors.from).toEqual(['Enter the date as YYYY-MM-DD.']);
    expect((await client.post('/admin/maintenance', { maintenance: 'on' })).body.errors.maintenance).toBeDefined();
    expect((await client.post('/admin/login', { mail: '', pass: '' })).body.errors).toMatchObject({ mail: ['This field is required.'], pass: ['This field is required.'] });
  });
});

describe('operators (owners)', () => {
  it('creates, changes, disables and resets operators, each audited with before and after and the address', async () => {
    const owner = await consoleOf('owner');
    owner.client.remoteAddress = '10.99.0.7';
    const created = await owner.client.post('/admin/operators/create', { mail: 'Staff1@example.com', name: '佐藤', role: 'staff' });
    expect(created.body).toMatchObject({ state: STATE.ok, operator: { mail: 'staff1@example.com', role: 'staff', must_change_password: true, totp: false } });
    const id = (created.body.operator as { id: number }).id;
    const dup = await owner.client.post('/admin/operators/create', { mail: 'staff1@example.com', name: 'x', role: 'staff' });
    expect(dup.body.errors.mail).toBeDefined();

    const list = await owner.client.get('/admin/operators');
    expect((list.body.operators as { id: number }[]).map((o) => o.id)).toContain(id);

    const staff = t.shop.client();
    await signInOperator(db(), staff, id);
    expect((await staff.get('/admin/me')).body.state).toBe(STATE.ok);
    const disabled = await owner.client.post('/admin/operators/update', { operator_id: id, disabled: true });
    expect(disabled.body).toMatchObject({ state: STATE.ok, operator: { disabled: true } });
    // Sessions end at once.
    expect((await staff.get('/admin/me')).body.state).toBe(STATE.loginRequired);
    await owner.client.post('/admin/operators/update', { operator_id: id, disabled: false, role: 'support' });
    const reset = await owner.client.post('/admin/operators/reset', { operator_id: id });
    expect(reset.body.one_time_password).toMatch(/^[A-Za-z0-9]{20}$/);

    const entries = await auditOf(`operator:${id}`);
    expect(entries.map((e) => e.action)).toEqual(['operator.create', 'operator.update', 'operator.update', 'operator.reset']);
    expect(entries[1]).toMatchObject({ actor: owner.mail, operatorId: owner.id, ip: '10.99.0.7', before: { disabled: false }, after: { disabled: true } });
    expect(entries[2]).toMatchObject({ before: { role: 'staff', disabled: true }, after: { role: 'support', disabled: false } });
    expect(JSON.stringify(entries)).not.toContain('argon2');
  });

  it('never changes the operator themselves, nor leaves the shop without an active owner (two owners demoting each other at once)', async () => {
    const a = await consoleOf('owner');
    expect((await a.client.post('/admin/operators/update', { operator_id: a.id, role: 'staff' })).body.state).toBe(STATE.conflict);
    const b = await consoleOf('owner');
    const { operators } = (await a.client.get('/admin/operators')).body as unknown as { operators: { id: number; role: string; disabled: boolean }[] };
    for (const op of operators.filter((o) => o.role === 'owner' && !o.disabled && o.id !== a.id && o.id !== b.id)) {
      expect((await a.client.post('/admin/operators/update', { operator_id: op.id, disabled: true })).body.state).toBe(STATE.ok);
    }
    const [ab, ba] = await Promise.all([
      a.client.post('/admin/operators/update', { operator_id: b.id, role: 'staff' }),
      b.client.post('/admin/operators/update', { operator_id: a.id, role: 'staff' }),
    ]);
    const states = [ab.body.state, ba.body.state];
    expect(states.filter((s) => s === STATE.ok), states.join(',')).toHaveLength(1);
    const remaining = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from operators where role = 'owner' and disabled_at is null`);
    expect(remaining[0]!.n).toBe(1);
  });
});

describe('audit log', () => {
  it('is append-only in the database', async () => {
    await expect(db().execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it('is browsed by owners: filtered, sorted and paged on the server', async () => {
    const owner = await consoleOf('owner');
    await db().insert(auditLog).values(
      Array.from({ length: 30 }, (_, i) => ({
        actor: i % 2 ? 'a-filter@example.com' : 'b-filter@example.com',
        action: i % 3 ? 'member.adjust' : 'pack.publish',
        target: `member:${i}`,
        ip: '10.0.0.1',
        createdAt: new Date(Date.UTC(2026, 0, 1 + i, 3)),
      })),
    );
    const page = await owner.client.get('/admin/audit?actor=a-filter&per=5&page=2&sort=created_at&dir=asc');
    expect(page.body).toMatchObject({ state: STATE.ok, total: 15, page: 2, per: 5 });
    const entries = page.body.entries as { target: string; actor: string }[];
    expect(entries.map((e) => e.target)).toEqual(['member:11', 'member:13', 'member:15', 'member:17', 'member:19']);
    const dated = await owner.client.get('/admin/audit?from=2026-01-03&to=2026-01-04&action=member.adjust');
    expect((dated.body.entries as { target: string }[]).map((e) => e.target).sort()).toEqual(['member:2']);
    // Wildcards in a filter are taken literally.
    expect((await owner.client.get('/admin/audit?actor=%25')).body.total).toBe(0);
  });
});

describe('maintenance and outbox', () => {
  it('the owner switches maintenance: the shop answers 9999, the console keeps working; audited', async () => {
    const owner = await consoleOf('owner');
    expect((await owner.client.post('/admin/maintenance', { maintenance: true })).body).toMatchObject({ state: STATE.ok, maintenance: true });
    const shopper = t.shop.client();
    expect((await shopper.get('/user/point')).body.state).toBe(STATE.maintenance);
    expect((await owner.client.get('/admin/maintenance')).body.maintenance).toBe(true);
    expect((await owner.client.post('/admin/maintenance', { maintenance: false })).body.maintenance).toBe(false);
    expect((await shopper.get('/user/point')).body.state).not.toBe(STATE.maintenance);
    const entries = await auditOf('maintenance');
    expect(entries.slice(-2).map((e) => e.after)).toEqual([{ maintenance: true }, { maintenance: false }]);
  });

  it('support reads the outbox', async () => {
    const { OutboxMailProvider } = await import('../notifications/outbox-providers.ts');
    await new OutboxMailProvider(db()).send({ to: 'reader@example.com', subject: 'Hello', text: 'body' });
    const { client } = await consoleOf('support');
    const res = await client.get('/admin/outbox?to=Reader@example.com');
    expect(res.body.entries).toMatchObject([{ channel: 'mail', to: 'reader@example.com', subject: 'Hello', body: 'body' }]);
  });
});

describe('console login throttle under parallel requests', () => {
  it('checks exactly 5 of 50 parallel wrong passwords for one address; the rest get 429, the right password too', async () => {
    const op = await createTestOperator(db(), 'staff');
    const client = await browser();
    const results = await Promise.all(Array.from({ length: 50 }, () => client.post('/admin/login', { mail: op.mail, pass: 'wrong-password-1' })));
    const states = results.map((r) => r.body.state);
    expect(states.filter((s) => s === STATE.validation)).toHaveLength(5);
    expect(states.filter((s) => s === STATE.throttled)).toHaveLength(45);
    const right = await client.post('/admin/login', { mail: op.mail, pass: op.password });
    expect(right.body.state).toBe(STATE.throttled);
    expect(right.body.errors.mail?.[0]).toMatch(/分間ログインできません/);
  });

  it('checks exactly 10 of 50 parallel guesses from one IP at 50 addresses', async () => {
    const client = await browser();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => client.post('/admin/login', { mail: `spray${i}@example.com`, pass: 'guess-password' })));
    expect(results.filter((r) => r.body.state === STATE.validation)).toHaveLength(10);
    expect(results.filter((r) => r.body.state === STATE.throttled)).toHaveLength(40);
  });

  it('counts TOTP guesses per operator, apart from passwords', async () => {
    const op = await createTestOperator(db(), 'support');
    const client = await browser();
    await signInOperator(db(), client, op.id, 'totp');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => client.post('/admin/totp', { code: String(100000 + i) })));
    expect(results.filter((r) => r.body.state === STATE.validation)).toHaveLength(5);
    expect(results.filter((r) => r.body.state === STATE.throttled)).toHaveLength(15);
  });
});
