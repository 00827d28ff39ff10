// `npm test`: every check, in order, failing fast. Typecheck, lint, unit + API (PGlite) + web
// tests, the API tests again on PostgreSQL when TEST_DATABASE_URL is set, then the browser
// tests against the built app. Ends with one summary line: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from './chromium.mjs';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;

function run(label, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`--- ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function vitest(label, projects, env = {}) {
  const report = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const ok = run(label, 'npx', args, env);
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
  () => run('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  () => run('lint', 'npm', ['run', '--silent', 'lint']),
  () => vitest('unit, API on PGlite, web', ['unit', 'api', 'web']),
  () => {
    if (!process.env.TEST_DATABASE_URL) {
      console.log('\nTEST_DATABASE_URL is not set: API tests on PostgreSQL skipped.');
      return true;
    }
    return vitest('API on PostgreSQL', ['api-pg']);
  },
  () => run('build web app', 'npm', ['run', '--silent', 'build']),
  () => {
    if (!findChromium()) {
      const message = 'Chromium not found (install it: apt-get install -y chromium, or set CHROMIUM_PATH).';
      if (process.env.CI) {
        console.log(`\n${message} CI requires the browser tests.`);
        return false;
      }
      console.log(`\n${message} Browser tests skipped.`);
      return true;
    }
    return vitest('browser tests', ['e2e']);
  },
];

for (const step of steps) {
  if (!step()) finish(false);
}
finish(true);
