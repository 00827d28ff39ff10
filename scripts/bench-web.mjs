// npm run bench:web — Lighthouse on the built shop (top page and a pack page) as a phone on a
// slow network sees it: mobile emulation, Slow 4G (150 ms RTT, 1.6 Mbit/s) and a 4x slower CPU.
// Starts its own shop (PGlite demo data in a temporary folder) on a free 127.0.0.1 port and
// prints one figure a line. Needs the built web app (npm run build) and Chromium.
// BENCH_WEB_RUNS=n runs each page n times and reports the median (default 3).
// BENCH_WEB_CPU_SLOWDOWN=x sets Lighthouse's CPU slowdown (default 4, its mobile default). The
// figures depend on the machine: Lighthouse's benchmark_index (printed) is ~880-1,080 on this
// project's CI-class machine; on a faster one raise the slowdown to 4 x index / 1,000 so figures
// compare. BENCH_WEB_CPU_SLOWDOWN=auto applies that rule to each run: Lighthouse records the page
// unthrottled and measures the index first, then simulates the phone with 4 x that run's index /
// 1,000, so a run on a moment when a shared machine is slow is not counted as a slower page (each
// run's index and slowdown are printed). The pack page's spin_ready_after_paint_ms is the time
// from the first paint to a spin button that works (drawn disabled until the page hydrates), on
// the same throttled phone, and spin_ready_after_start_ms the same moment from the start of the
// navigation.
// BENCH_WEB_SCRIPTS=off measures the floor under the same pages: Lighthouse blocks every .js
// request, so no script runs and the figures are what the server's HTML, CSS and pictures cost
// alone (the spin measurement is skipped: without scripts the button never works).
// BENCH_WEB_LCP=1 also prints, for each run, why the largest paint comes when it does: the LCP
// element, Lighthouse's LCP phases, the requests Lighthouse's simulation counts before the first
// paint and the long main-thread tasks (BENCH_WEB_LHR_DIR=folder keeps each run's full report).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// The navigation's two halves, so a run's slowdown can follow the index it measured (=auto).
import { navigationGather } from 'lighthouse/core/gather/navigation-runner.js';
import { Runner } from 'lighthouse/core/runner.js';
import { chromium } from 'playwright-core';
import { findFullChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const explainLcp = process.env.BENCH_WEB_LCP === '1';
const lhrDir = process.env.BENCH_WEB_LHR_DIR;
const autoSlowdown = process.env.BENCH_WEB_CPU_SLOWDOWN === 'auto';
const scriptsOff = process.env.BENCH_WEB_SCRIPTS === 'off';
/** The fixed slowdown; with =auto, Lighthouse's setting until each run replaces it with its own. */
const cpuSlowdown = autoSlowdown ? 4 : Number(process.env.BENCH_WEB_CPU_SLOWDOWN ?? 4) || 4;

/** The rule for a machine faster than the CI class: 4 x benchmark index / 1,000, to 0.1. */
const slowdownFor = (benchmarkIndex) => Math.round((4 * benchmarkIndex) / 100) / 10;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startShop() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-bench-web-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', SEED_DEMO: '1' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // A shared machine under load takes a while to open PGlite and seed the demo shop.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/user/point`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

/** The first on-sale pack of the demo catalogue (else any pack): the pack page to measure. */
async function packPath(url) {
  const body = await (await fetch(`${url}/api/user/pack/list`)).json();
  const list = body.list ?? [];
  const pack = list.find((p) => !p.is_before && p.pack_count > 0) ?? list[0];
  if (!pack) throw new Error('the demo catalogue has no pack');
  return `/pack-detail?packId=${pack.id}`;
}

/** Gzip size (level 9) of every script the page loaded before it was measured. */
async function initialJsGz(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  // Only scripts that arrived: with BENCH_WEB_SCRIPTS=off the blocked requests are listed too.
  const arrived = (r) => r.resourceType === 'Script' && r.statusCode >= 200 && r.statusCode < 300;
  const scripts = [...new Set(requests.filter(arrived).map((r) => r.url))];
  let total = 0;
  for (const src of scripts) {
    const bytes = Buffer.from(await (await fetch(src, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    total += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  return total;
}

function transferBytes(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}

/** The tables of an audit's details (some audits nest them in a list). */
function auditTables(audit) {
  const details = audit?.details;
  if (!details) return [];
  return details.type === 'list' ? details.items : [details];
}

/** Why the largest paint comes when it does (BENCH_WEB_LCP=1): element, phases, blocking requests, long tasks. */
function printLcpExplanation(url, lhr) {
  const out = [`-- ${new URL(url).pathname}${new URL(url).search}`];
  for (const table of auditTables(lhr.audits['largest-contentful-paint-element'])) {
    for (const item of table.items ?? []) {
      if (item.node) out.push(`lcp.element ${item.node.snippet} (${item.node.selector ?? ''})`);
      else if (item.phase) out.push(`lcp.phase ${item.phase} ${Math.round(item.timing)} ms (${item.percent})`);
    }
  }
  const rb = lhr.audits['render-blocking-resources']?.details?.items ?? [];
  for (const item of rb) out.push(`render-blocking ${item.url} ${Math.round(item.wastedMs ?? 0)} ms`);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  for (const r of requests) {
    out.push(
      `request ${String(Math.round(r.networkRequestTime)).padStart(5)}-${String(Math.round(r.networkEndTime)).padStart(5)} ms ` +
        `${(r.priority ?? '').padEnd(8)} ${(r.resourceType ?? '').padEnd(10)} ${((r.transferSize ?? 0) / 1024).toFixed(1).padStart(6)} kB ${r.url.replace(/^https?:\/\/[^/]+/, '')}`,
    );
  }
  for (const t of lhr.audits['long-tasks']?.details?.items ?? []) {
    out.push(`long-task at ${Math.round(t.startTime)} ms for ${Math.round(t.duration)} ms ${t.url ?? ''}`);
  }
  for (const b of (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 5)) {
    out.push(`bootup ${Math.round(b.total)} ms (script ${Math.round(b.scripting)} ms) ${b.url}`);
  }
  const metric = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  out.push(`simulated fcp ${metric('first-contentful-paint')} lcp ${metric('largest-contentful-paint')} tbt ${metric('total-blocking-time')}`);
  console.log(out.join('\n'));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * One Lighthouse navigation. With a fixed slowdown, Lighthouse's own call. With =auto, its two
 * halves: the gathering (the page loaded unthrottled, the benchmark index measured first), then the
 * audits, simulated at the slowdown of the index that run measured.
 */
async function lighthouseRun(chrome, url, settings) {
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
  const config = { extends: 'lighthouse:default', settings };
  if (!autoSlowdown) return lighthouse(url, flags, config);
  const { artifacts, runnerOptions } = await navigationGather(undefined, url, { config, flags });
  if (Number.isFinite(artifacts.BenchmarkIndex)) {
    runnerOptions.resolvedConfig.settings.throttling.cpuSlowdownMultiplier = slowdownFor(artifacts.BenchmarkIndex);
  }
  return Runner.audit(artifacts, runnerOptions);
}

async function measure(chrome, url) {
  // Lighthouse's mobile defaults: Moto G Power screen, Slow 4G, 4x CPU slowdown (simulated);
  // the slowdown as BENCH_WEB_CPU_SLOWDOWN says.
  const result = await lighthouseRun(chrome, url, {
    ...(scriptsOff ? { blockedUrlPatterns: ['*.js'] } : {}),
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    throttling: { rttMs: 150, throughputKbps: 1638.4, requestLatencyMs: 562.5, downloadThroughputKbps: 1474.56, uploadThroughputKbps: 675, cpuSlowdownMultiplier: cpuSlowdown },
  });
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (lhrDir) {
    fs.mkdirSync(lhrDir, { recursive: true });
    fs.writeFileSync(path.join(lhrDir, `${new URL(url).pathname.replace(/\W+/g, '_') || 'top'}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (explainLcp) printLcpExplanation(url, lhr);
  return {
    fcp_ms: lhr.audits['first-contentful-paint'].numericValue,
    lcp_ms: lhr.audits['largest-contentful-paint'].numericValue,
    tbt_ms: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    initial_js_kb_gz: (await initialJsGz(lhr)) / 1024,
    transfer_kb: transferBytes(lhr) / 1024,
    perf: lhr.categories.performance.score * 100,
    benchmark_index: lhr.environment?.benchmarkIndex ?? NaN,
    cpu_slowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    a11y: lhr.categories.accessibility.score * 100,
    a11y_fails: lhr.categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => ref.id),
  };
}

/** Lighthouse now and then loses a trace on a busy machine (NO_NAVSTART): try that run again. */
async function measureWithRetry(chrome, url, tries = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(chrome, url);
    } catch (error) {
      if (attempt >= tries) throw error;
      console.error(`retrying ${url}: ${error instanceof Error ? error.message : error}`);
    }
  }
}

/**
 * The time from the first paint to a spin button that works, on a phone throttled as Lighthouse's
 * (Slow 4G, the CPU slowdown) but applied for real: the pack page draws the button disabled until
 * the page has hydrated, so its enabling is the moment a tap is answered.
 */
async function spinReadyAfterPaint(chrome, url, slowdown) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.addInitScript(() => {
      /* global document, window, MutationObserver */
      const note = () => {
        const button = document.querySelector('[data-testid="spin-button"]');
        if (button && !button.disabled && window.spinReadyAt === undefined) window.spinReadyAt = performance.now();
      };
      new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => window.spinReadyAt !== undefined, null, { timeout: 120_000 });
    const { ready, paint } = await page.evaluate(() => ({
      ready: window.spinReadyAt,
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? performance.getEntriesByName('first-paint')[0]?.startTime,
    }));
    await context.close();
    return { afterPaint: ready - (paint ?? 0), afterStart: ready };
  } finally {
    // Leaves Lighthouse's browser running: only this connection goes.
    await browser.close().catch(() => undefined);
  }
}

const digits = { cls: 3, initial_js_kb_gz: 1, transfer_kb: 1, cpu_slowdown: 1 };

async function main() {
  // The full browser, as in every earlier figure of docs/benchmarks.md (not the tests' headless shell).
  const chromePath = findFullChromium();
  if (!chromePath) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
  // WEB_DIST (as the server reads it) measures a build made elsewhere than apps/web/dist.
  const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`web app not built in ${webDist}: npm run build`);
  const shop = await startShop();
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  try {
    const pages = { top: '/', pack: await packPath(shop.url) };
    const slowdownText = autoSlowdown ? '4 x each run\'s benchmark index / 1,000' : `${cpuSlowdown}x`;
    console.log(`bench:web ${shop.url} runs=${runs} (median) mobile, Slow 4G, ${slowdownText} CPU (Lighthouse simulated throttling)`);
    console.log(`cpu_slowdown ${autoSlowdown ? 'auto' : cpuSlowdown}`);
    if (scriptsOff) console.log('scripts off: every .js request blocked, the HTML, CSS and pictures alone');
    for (const [name, pagePath] of Object.entries(pages)) {
      const samples = [];
      for (let i = 0; i < runs; i += 1) samples.push(await measureWithRetry(chrome, shop.url + pagePath));
      if (autoSlowdown) {
        for (const [i, s] of samples.entries()) {
          console.log(`${name}.run${i + 1} benchmark_index ${Math.round(s.benchmark_index)} cpu_slowdown ${s.cpu_slowdown} tbt_ms ${Math.round(s.tbt_ms)} perf ${Math.round(s.perf)}`);
        }
      }
      for (const key of Object.keys(samples[0])) {
        if (key === 'a11y_fails') continue;
        const value = median(samples.map((s) => s[key]));
        console.log(`${name}.${key} ${value.toFixed(digits[key] ?? 0)}`);
      }
      const fails = [...new Set(samples.flatMap((s) => s.a11y_fails))];
      if (fails.length) console.log(`${name}.a11y_failing_audits ${fails.join(',')}`);
      if (name === 'pack' && !scriptsOff) {
        // With =auto, the throttled phone of the spin measurement takes the slowdown of the pack
        // runs' median index.
        const spinSlowdown = autoSlowdown ? slowdownFor(median(samples.map((s) => s.benchmark_index))) : cpuSlowdown;
        const ready = [];
        for (let i = 0; i < runs; i += 1) ready.push(await spinReadyAfterPaint(chrome, shop.url + pagePath, spinSlowdown));
        console.log(`pack.spin_ready_after_paint_ms ${median(ready.map((r) => r.afterPaint)).toFixed(0)}`);
        // From the start of the navigation: a page that paints sooner shows a longer wait after its paint.
        console.log(`pack.spin_ready_after_start_ms ${median(ready.map((r) => r.afterStart)).toFixed(0)}`);
        if (autoSlowdown) console.log(`pack.spin_cpu_slowdown ${spinSlowdown}`);
      }
    }
  } finally {
    await chrome.kill();
    await shop.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
