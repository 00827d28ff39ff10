// A local lint rule: imports that cross a forbidden boundary (see boundaries.js for the zones).
// It resolves only what the project itself spells — relative paths and the web app's `@/` alias —
// which is every import that can cross a boundary inside the repository; package imports
// (`@oripa/contract/…`, libraries) are never restricted here. Written locally instead of
// eslint-plugin-import-x: that plugin's resolver needs platform binaries that the package
// registry this project installs from does not carry for every platform, which breaks `npm ci`.
import { dirname, join, resolve } from 'node:path';
import { minimatch } from 'minimatch';

const isGlob = (pattern) => /[*?{[]/.test(pattern);
const list = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Does the absolute `file` fall under `pattern` (an absolute folder or an absolute glob)? */
function covers(pattern, file) {
  if (isGlob(pattern)) return minimatch(file, pattern, { dot: true });
  return file === pattern || file.startsWith(`${pattern}/`);
}

export const restrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports from one part of the repository into another' },
    schema: [
      {
        type: 'object',
        properties: { basePath: { type: 'string' }, webAlias: { type: 'string' }, zones: { type: 'array' } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { basePath, webAlias, zones } = context.options[0];
    const absolute = (p) => (p.startsWith('/') ? p : join(basePath, p));
    const prepared = zones.map((zone) => {
      const from = list(zone.from).map(absolute);
      // An `except` like './feature' is relative to the (single, folder) `from`.
      const except = list(zone.except).map((p) => (p.startsWith('./') ? resolve(from[0], p) : absolute(p)));
      return { target: list(zone.target).map(absolute), from, except, message: zone.message };
    });
    const file = context.filename;
    const active = prepared.filter((zone) => zone.target.some((t) => covers(t, file)));
    if (active.length === 0) return {};

    function check(node, source) {
      if (typeof source !== 'string') return;
      let imported;
      if (source.startsWith('.')) imported = resolve(dirname(file), source);
      else if (webAlias && source.startsWith('@/')) imported = join(basePath, webAlias, source.slice(2));
      else return;
      for (const zone of active) {
        if (!zone.from.some((f) => covers(f, imported))) continue;
        if (zone.except.some((e) => covers(e, imported))) continue;
        context.report({ node, message: `"${source}": ${zone.message}` });
        return;
      }
    }
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'restricted-paths': restrictedPaths } };
