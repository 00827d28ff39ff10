// `npm start`'s build step (issue 25): builds the web app only when what it is built from changed
// since the last build. The content hash of apps/web's sources, packages/contract and the lockfile
// is stored in the build output (apps/web/dist/.source-hash), so a missing or wiped dist builds
// again. `--force` builds whatever the hash says.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const DIST = 'apps/web/dist';
const HASH_FILE = path.join(DIST, '.source-hash');
/** What the web build reads: its sources and config, the contract it imports, the locked dependencies. */
const INPUTS = ['apps/web', 'packages/contract', 'package-lock.json'];
/** Never inputs: installed packages and the build's own output. */
const SKIPPED = new Set(['node_modules', 'dist']);

/** Every file under `entry`, relative to the root, in a fixed order. */
function filesOf(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  const stats = readdirSync(path.dirname(full), { withFileTypes: true }).find((d) => d.name === path.basename(full));
  if (stats && !stats.isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((d) => !SKIPPED.has(d.name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((d) => (d.isDirectory() ? filesOf(path.join(entry, d.name)) : [path.join(entry, d.name)]));
}

/** SHA-256 over each input file's path and content. */
export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesOf)) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const current = sourceHash();
const stored = existsSync(HASH_FILE) ? readFileSync(HASH_FILE, 'utf8').trim() : '';
if (stored === current && !process.argv.includes('--force')) {
  console.log(`web app up to date (sources ${current.slice(0, 12)}): no build`);
} else {
  console.log(stored ? 'web app sources changed: building' : 'no web build yet: building');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(HASH_FILE, `${current}\n`);
}
