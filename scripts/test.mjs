// `npm test`: every check, failing fast. Typecheck, lint and the web app's build side by side
// (each uses about one core), then unit + API (PGlite) + web tests, the API tests again on
// PostgreSQL when TEST_DATABASE_URL is set, then the browser tests against the built app (one
// after the other: decision 063). Ends with one summary line: "tests: N passed, N failed".
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from './chromium.mjs';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;

/**
 * Runs one command; true when it passed. Its output goes straight to the log, or with `buffered`
 * is kept and printed whole when it ends, so commands running side by side read in the log as if
 * they had run in turn.
 */
function run(label, command, args, { buffered = false } = {}) {
  const started = Date.now();
  if (!buffered) console.log(`\n=== ${label} ===`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => {
      const ok = code === 0;
      if (buffered) console.log(`\n=== ${label} ===\n${output.trimEnd()}`);
      else if (output) console.log(output.trimEnd());
      console.log(`--- ${label}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(ok);
    });
  });
}

/** Runs single-threaded checks side by side (tsc and eslint each use one core; the machine has two). */
async function runTogether(checks) {
  const outcomes = await Promise.all(checks.map(({ label, command, args }) => run(label, command, args, { buffered: true })));
  return outcomes.every(Boolean);
}

async function vitest(label, projects, options = {}) {
  const report = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const ok = await run(label, 'npx', args, options);
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } else if (!ok) {
    failed += 1;
  }
  return ok;
}

function finish(ok) {
  console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  fs.rmSync(reportDir, { recursive: true, force: true });
  process.exit(ok ? 0 : 1);
}

const steps = [
  () =>
    runTogether([
      { label: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
      { label: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
      { label: 'build web app', command: 'npm', args: ['run', '--silent', 'build'] },
    ]),
  () => vitest('unit, API on PGlite, web', ['unit', 'api', 'web']),
  apiOnPostgres,
  browserTests,
];

function apiOnPostgres() {
  if (!process.env.TEST_DATABASE_URL) {
    console.log('\nTEST_DATABASE_URL is not set: API tests on PostgreSQL skipped.');
    return Promise.resolve(true);
  }
  return vitest('API on PostgreSQL', ['api-pg']);
}

function browserTests() {
  if (!findChromium()) {
    const message = 'Chromium not found (install it: apt-get install -y chromium, or set CHROMIUM_PATH).';
    if (process.env.CI) {
      console.log(`\n${message} CI requires the browser tests.`);
      return Promise.resolve(false);
    }
    console.log(`\n${message} Browser tests skipped.`);
    return Promise.resolve(true);
  }
  return vitest('browser tests', ['e2e']);
}

for (const step of steps) {
  if (!(await step())) finish(false);
}
finish(true);
