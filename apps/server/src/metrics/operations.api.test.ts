import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { queryRows } from '../db/rows.ts';
import { fund } from '../testing/funds.ts';
import { createTestMember, signIn } from '../testing/members.ts';
import { useLoggedApp } from '../testing/logged-app.ts';
import { TestClient } from '../testing/test-client.ts';
import { TEST_POOL_SIZE, testEngine } from '../testing/test-database.ts';
import { createTestPack } from '../testing/test-pack.ts';
import { startMetricsListener } from './listener.ts';

// Issue 16, item 3: health checks, metrics on the operators' own listener, one log line per
// request carrying its id.

const t = useLoggedApp(({ app }) => {
  app.get('/api/test/failing', async () => {
    throw new Error('boom');
  });
});
const { lines } = t;

const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('GET /healthz and /readyz', () => {
  it('answer alive and ready on a migrated database', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while a migration this code needs is missing', async () => {
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t.database.db,
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    if (!newest) throw new Error('no migrations recorded');
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', reason: 'migrations pending' });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at}::bigint)`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('is not ready once shutting down, while still alive', async () => {
    t.app.ctx.lifecycle.closing = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', reason: 'shutting down' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      t.app.ctx.lifecycle.closing = false;
    }
  });
});

describe('the request log', () => {
  it('writes one line per request with its id, route, status, state and time', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/user/point?token=secret-value' });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = logged().filter((l) => l.reqId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request',
      route: '/api/user/point',
      status: 200,
      state: 200,
      req: { method: 'GET', url: '/api/user/point?token=…' },
    });
    expect(typeof mine[0]?.ms).toBe('number');
    // Health checks are polled every few seconds: they do not flood the log.
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(lines).toHaveLength(0);
  });

  it('gives an unexpected failure the request id of its access line', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/test/failing' });
    expect(res.json()).toMatchObject({ state: 500 });
    const id = res.headers['x-request-id'];
    const mine = logged().filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(['unexpected error', 'request']);
    expect(mine[1]).toMatchObject({ status: 500, state: 500 });
  });

  it("takes a trusted proxy's plain X-Request-Id, and nobody else's", async () => {
    const proxied = await buildApp(testConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', TRUST_PROXY: '1' }), t.database);
    await proxied.ready();
    const headers = { 'x-request-id': 'edge-0123456789abcdef' };
    const viaProxy = await proxied.inject({ method: 'GET', url: '/healthz', headers });
    expect(viaProxy.headers['x-request-id']).toBe('edge-0123456789abcdef');
    const forged = await proxied.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b\n{"x":1}' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const direct = await t.app.inject({ method: 'GET', url: '/healthz', headers });
    expect(direct.headers['x-request-id']).not.toBe('edge-0123456789abcdef');
    await proxied.close();
  });
});

describe('GET /metrics on the metrics listener', () => {
  it('counts requests by route, purchase batches, purchases, payments by state and pool use', async () => {
    const db = t.database.db;
    const packId = await createTestPack(db, { price: 10 });
    const userId = await createTestMember(db);
    await fund(db, userId, { points: 1000 });
    const client = new TestClient(t.app);
    await signIn(db, client, userId);
    await client.get(`/user/pack/detail/${packId}`);
    expect((await client.post('/user/pack/check', { count: 2, pack_id: packId })).body.state).toBe(200);
    expect((await client.post('/user/pack/buy', { count: 2, pack_id: packId })).body.state).toBe(200);
    // The two cards are overdue: the sweeper has not settled them yet.
    await db.execute(sql`update holdings set deadline_at = now() - interval '1 minute' where user_id = ${userId}`);

    const listener = await startMetricsListener(t.app, 0, '127.0.0.1');
    try {
      const address = listener.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      expect(text).toContain('oripa_http_requests_total{method="POST",route="/api/user/pack/buy",status="200"} 1');
      expect(text).toMatch(/oripa_http_request_duration_seconds_count\{method="POST",route="\/api\/user\/pack\/check"\} 1/);
      expect(text).toContain('oripa_purchase_batch_orders_count 1');
      expect(text).toContain('oripa_purchase_batch_seconds_count 1');
      expect(text).toMatch(/oripa_purchase_batch_seconds_sum 0\.\d*[1-9]/);
      expect(text).toContain('oripa_purchases_total 1');
      expect(text).toContain('# TYPE oripa_payments gauge');
      expect(text).toContain('oripa_job_queue_depth 2');
      if (testEngine() === 'postgres') expect(text).toContain(`oripa_db_pool_connections{kind="max"} ${TEST_POOL_SIZE}`);
      expect(text).toContain('oripa_process_resident_memory_bytes');
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    } finally {
      await listener.close();
    }
    // The shop's own port does not serve them.
    const onShop = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(onShop.body).not.toContain('oripa_http_requests_total');
  });
});
