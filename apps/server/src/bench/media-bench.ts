import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { ADMIN_COOKIE, IDLE_MS } from '../modules/admin/admin-session.ts';
import { CLI_ACTOR } from '../modules/audit/audit.service.ts';
import { insertSession, updateOperator } from '../modules/admin/operators.repo.ts';
import { createOperator } from '../modules/admin/operators.service.ts';
import { newTotpSecret } from '../modules/admin/totp.ts';
import { openDatabase } from '../db/client.ts';
import { adminQuery, adminUrlFromEnv, databaseUrl, freePort, startShopServer } from './harness.ts';

/**
 * `npm run bench:media`: memory and time of serving a large video. In a fresh PostgreSQL database
 * a shop server process takes one 50 MB reveal video through the console upload, then 20 members
 * fetch it at once. Prints the server's resident memory (idle, peak during the upload, peak
 * during the fetches, after) and the times. BENCH_MEDIA_MB (50) and BENCH_MEDIA_FETCHES (20)
 * change the load; BENCH_MEDIA_SHOP_ROOT measures the server of another checkout.
 */
const MB = Number(process.env.BENCH_MEDIA_MB ?? 50);
const FETCHES = Number(process.env.BENCH_MEDIA_FETCHES ?? 20);

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Samples a process's RSS every 50 ms while `run` runs; answers run's result and the peak. */
async function peakWhile<T>(pid: number, run: () => Promise<T>): Promise<{ result: T; peak: number; ms: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = performance.now();
  try {
    const result = await run();
    return { result, peak: Math.max(peak, rssMb(pid)), ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

/**
 * GETs `url` over node:http (no client timeout: the old server took minutes to answer) and reads
 * the body piece by piece (never whole), hashing it; a failure is counted, not thrown.
 */
function fetchHashed(url: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: number; sha256: string; error?: string }> {
  return new Promise((resolve) => {
    const request = http.get(url, { headers }, (res) => {
      const hash = createHash('sha256');
      let bytes = 0;
      res.on('data', (piece: Buffer) => {
        hash.update(piece);
        bytes += piece.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, sha256: hash.digest('hex') }));
      res.on('error', (error) => resolve({ status: res.statusCode ?? 0, bytes, sha256: '', error: error.message }));
    });
    request.on('error', (error) => resolve({ status: 0, bytes: 0, sha256: '', error: error.message }));
  });
}

async function main(): Promise<void> {
  const adminUrl = adminUrlFromEnv();
  const name = `oripa_media_${Date.now().toString(36)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = databaseUrl(adminUrl, name);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startShopServer(url, port, { root: process.env.BENCH_MEDIA_SHOP_ROOT, env: { LOG_LEVEL: 'warn' }, startSeconds: 180 });
  const pid = server.pid as number;
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory', poolSize: 2 });
  try {
    // A signed-in staff operator, made directly (the server has migrated the database).
    const { operator } = await createOperator(database.db, { mail: `bench${Date.now()}@example.com`, name: 'bench', role: 'staff' }, CLI_ACTOR);
    await updateOperator(database.db, operator.id, { mustChangePassword: false, totpSecret: newTotpSecret() });
    const token = randomBytes(32).toString('base64url');
    const key = createHash('sha256').update(token).digest('base64url');
    await insertSession(database.db, { id: key, operatorId: operator.id, step: 'done', expiresAt: new Date(Date.now() + IDLE_MS), endsAt: new Date(Date.now() + 3_600_000) });
    const cookie = `${ADMIN_COOKIE}=${token}`;
    const me = (await (await fetch(`${base}/api/admin/me`, { headers: { cookie } })).json()) as { csrf: string };

    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), randomBytes(MB * 1024 * 1024 - 12)]);
    const sha = createHash('sha256').update(video).digest('hex');
    const boundary = `----bench${Date.now()}`;
    const field = (n: string, v: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`;
    const form = Buffer.concat([
      Buffer.from(field('csrf', me.csrf) + field('json', JSON.stringify({ rarity: 7, movie_style: 1 }))),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="reveal.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
      video,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);

    await fetch(`${base}/media/nothing.svg`);
    const idle = rssMb(pid);
    const upload = await peakWhile(pid, async () => {
      const res = await fetch(`${base}/api/admin/reveal-videos/upload`, {
        method: 'POST',
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: form,
      });
      return (await res.json()) as { state: number; errors: unknown };
    });
    if (upload.result.state !== 200) throw new Error(`upload refused: ${JSON.stringify(upload.result)}`);
    const afterUpload = rssMb(pid);

    const fetches = await peakWhile(pid, () => Promise.all(Array.from({ length: FETCHES }, () => fetchHashed(`${base}/media/movie-r7-s1.mp4`))));
    const wrong = fetches.result.filter((r) => r.bytes !== video.length || r.sha256 !== sha).length;
    const afterFetches = rssMb(pid);
    const range = await fetchHashed(`${base}/media/movie-r7-s1.mp4`, { range: 'bytes=0-1' });

    const round = (n: number) => Math.round(n);
    console.log(`media bench: one ${MB} MB video uploaded, then ${FETCHES} parallel fetches (server pid ${pid})`);
    console.log(`  server RSS idle                 ${round(idle)} MB`);
    console.log(`  upload                          ${round(upload.ms)} ms, RSS peak ${round(upload.peak)} MB, after ${round(afterUpload)} MB`);
    console.log(`  ${FETCHES} parallel fetches           ${round(fetches.ms)} ms, RSS peak ${round(fetches.peak)} MB, after ${round(afterFetches)} MB`);
    console.log(`  fetches wrong or failed         ${wrong} of ${FETCHES}${fetches.result.find((r) => r.error) ? ` (${fetches.result.find((r) => r.error)?.error})` : ''}`);
    console.log(`  Range: bytes=0-1                HTTP ${range.status}, ${range.bytes} bytes`);
    if (wrong > 0) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await database.close();
    await adminQuery(adminUrl, `DROP DATABASE ${name}`);
  }
}

await main();
