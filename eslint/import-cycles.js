// Import cycles, checked over the whole graph (a per-file ESLint rule cannot see a cycle).
// Run by `npm run lint` after ESLint; decision 038 says why this and not a plugin.
//
//  1. No file-level cycle in the server, the web app or the contract (type imports count: they
//     tie files together as much as value imports do).
//  2. No cycle between the server's parts: each module folder (`modules/<x>`), the kernel and
//     the other top-level folders (`http/`, `db/`, `lib/` …) is one node. Composition roots
//     (`compositionRoots` below) may import any part and are left out; so are tests and test
//     helpers (`*.test.ts`, `*-testing.ts`, `http/fuzz/`): only tests import them, and a test
//     sets up whatever it needs, like a composition root.
//  3. The kernel imports no module.
//  4. No other file imports a composition root or a test helper.
//
// Imports are read with TypeScript's pre-processor (no type check): relative paths, the web's
// `@/` alias and `@oripa/contract/…` resolve to files; other packages are not part of the graph.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');

/** The project's settings; a test passes its own for a fixture tree. */
export const projectConfig = {
  root,
  sources: ['apps/server/src', 'apps/web/src', 'packages/contract/src'],
  aliases: { '@/': 'apps/web/src/', '@oripa/contract/': 'packages/contract/src/' },
  server: 'apps/server/src',
  kernel: 'kernel',
  compositionRoots: ['app.ts', 'server.ts', 'modules/register.ts', 'modules/ops', 'jobs', 'cli', 'db/seed', 'testing', 'bench', 'chaos'],
  // Imports against the layers (docs/architecture.md) tolerated while being turned round: each
  // is left out of the graph, so any other import that closes a cycle still fails; an entry
  // whose import is gone fails too, so the list only shrinks. Empty since the four of decision
  // 038 were turned round: keep it so.
  knownBackEdges: [],
};

const sourceFile = /\.(ts|tsx|js|mjs)$/;
// Tests and their helpers (`x-testing.ts`, the fuzz test's folder): only tests import them.
const testFile = /\.test\.(ts|tsx)$|(^|\/)test-setup\.ts$|-testing\.ts$|\/http\/fuzz\//;
const skipped = new Set(['node_modules', 'dist', 'migrations']);

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : listFiles(path);
    return sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const candidates = (base) => {
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  return [base, `${stem}.ts`, `${stem}.tsx`, `${base}.ts`, `${base}.tsx`, `${base}.js`, join(base, 'index.ts'), join(base, 'index.tsx')];
};

function resolveImport(config, from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else {
    const alias = Object.keys(config.aliases).find((prefix) => specifier.startsWith(prefix));
    if (!alias) return undefined;
    base = join(config.root, config.aliases[alias], specifier.slice(alias.length));
  }
  return candidates(base).find((path) => existsSync(path) && statSync(path).isFile());
}

/** Map of file (relative to root) → the project files it imports (known back edges left out). */
export function importGraph(config = projectConfig, seenBackEdges = new Set()) {
  const known = new Set((config.knownBackEdges ?? []).map(([from, to]) => `${from} ${to}`));
  const graph = new Map();
  for (const source of config.sources) {
    for (const file of listFiles(join(config.root, source))) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = new Set();
      for (const { fileName } of importedFiles) {
        const target = resolveImport(config, file, fileName);
        if (!target) continue;
        const edge = `${relative(config.root, file)} ${relative(config.root, target)}`;
        if (known.has(edge)) seenBackEdges.add(edge);
        else targets.add(relative(config.root, target));
      }
      graph.set(relative(config.root, file), [...targets]);
    }
  }
  return graph;
}

/** Strongly connected components with more than one node (Tarjan), each sorted. */
export function cycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The shortest cycle inside a strongly connected component, as [a, b, …, a]. */
function shortestCycle(graph, members) {
  let best;
  for (const start of [...members].sort()) {
    const previous = new Map([[start, undefined]]);
    const queue = [start];
    let closing;
    while (queue.length > 0 && closing === undefined) {
      const node = queue.shift();
      for (const next of graph.get(node) ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          closing = node;
          break;
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    if (closing === undefined) continue;
    const path = [start];
    for (let node = closing; node !== start; node = previous.get(node)) path.splice(1, 0, node);
    path.push(start);
    if (!best || path.length < best.length) best = path;
  }
  return best;
}

/** The server part a file belongs to: `modules/<x>`, a top-level folder, or a root file. */
function serverPart(config, file) {
  const inside = relative(join(config.root, config.server), join(config.root, file));
  if (inside.startsWith('..')) return undefined;
  const segments = inside.split('/');
  if (segments[0] === 'modules' && segments.length > 2) return `modules/${segments[1]}`;
  return segments.length > 1 ? segments[0] : inside;
}

const isCompositionRoot = (config, file) => {
  const inside = relative(join(config.root, config.server), join(config.root, file));
  return config.compositionRoots.some((entry) => inside === entry || inside.startsWith(`${entry}/`));
};

/**
 * The server's parts and, for each edge between two parts, one import that makes it; and the
 * imports that reach up from a part into a composition root or a test helper.
 */
export function partGraph(config, graph) {
  const parts = new Map();
  const witness = new Map();
  const upward = [];
  for (const [file, targets] of graph) {
    const from = serverPart(config, file);
    if (!from || testFile.test(file) || isCompositionRoot(config, file)) continue;
    if (!parts.has(from)) parts.set(from, new Set());
    for (const target of targets) {
      const to = serverPart(config, target);
      if (!to) continue;
      if (isCompositionRoot(config, target) || testFile.test(target)) {
        upward.push(`${file} → ${target}`);
        continue;
      }
      if (to === from) continue;
      parts.get(from).add(to);
      if (!witness.has(`${from} ${to}`)) witness.set(`${from} ${to}`, `${file} → ${target}`);
    }
  }
  return { parts: new Map([...parts].map(([part, targets]) => [part, [...targets]])), witness, upward };
}

/** Every problem as a line of text; none means clean. */
export function checkImportCycles(config = projectConfig) {
  const seenBackEdges = new Set();
  const graph = importGraph(config, seenBackEdges);
  const problems = [];
  for (const [from, to] of config.knownBackEdges ?? []) {
    if (!seenBackEdges.has(`${from} ${to}`)) problems.push(`known back edge no longer imported, remove it from the list: ${from} → ${to}`);
  }
  for (const component of cycles(graph)) {
    problems.push(`file cycle: ${component.join(', ')}`);
  }
  const { parts, witness, upward } = partGraph(config, graph);
  for (const component of cycles(parts)) {
    const path = shortestCycle(parts, new Set(component));
    const steps = path.slice(0, -1).map((from, i) => `    ${from} → ${path[i + 1]}  (${witness.get(`${from} ${path[i + 1]}`)})`);
    problems.push(`cycle between server parts (${component.join(', ')}), e.g.:\n${steps.join('\n')}`);
  }
  for (const to of parts.get(config.kernel) ?? []) {
    if (to.startsWith('modules/')) problems.push(`the kernel imports a module: ${witness.get(`${config.kernel} ${to}`)}`);
  }
  for (const edge of upward) problems.push(`imports a composition root or a test helper: ${edge}`);
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkImportCycles();
  for (const problem of problems) process.stderr.write(`error  ${problem}\n`);
  if (problems.length > 0) {
    process.stderr.write(`\n✖ ${problems.length} import cycle problem(s) (eslint/import-cycles.js, decision 038)\n`);
    process.exit(1);
  }
}
