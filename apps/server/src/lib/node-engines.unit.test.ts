import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Decision 042: the shop runs on the Node version the root package.json names (>=20.19), and
// `npm ci` must not warn that an installed package wants a newer one. A dependency update that
// brings in such a package (content-disposition@3 and cookie@2 did) fails here, before CI.

type Version = [number, number, number];

function parseVersion(text: string): Version {
  const parts = text.replace(/^v/, '').split('.');
  return [0, 1, 2].map((i) => Number(parts[i] ?? 0)) as Version;
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

// The range forms the lockfile's `engines.node` fields use: `||` alternatives of
// space-separated comparators `>=x`, `>x`, `<x`, `<=x`, `^x.y.z`, `x`, `x.y`, `x.*` or `*`.
function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/([<>]=?)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => {
        if (comparator === '' || comparator === '*') return true;
        const match = /^(>=|<=|>|<|\^|=)?v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/.exec(comparator);
        if (!match) throw new Error(`unknown engines comparator "${comparator}" in "${range}"`);
        const [, operator = '', major, minor, patch] = match;
        const isWild = (part: string | undefined) => part === undefined || part === 'x' || part === '*';
        const bound = parseVersion([major, minor, patch].filter((part) => !isWild(part)).join('.'));
        const order = compare(version, bound);
        if (operator === '>=') return order >= 0;
        if (operator === '>') return order > 0;
        if (operator === '<') return order < 0;
        if (operator === '<=') return order <= 0;
        const sameMajor = version[0] === bound[0];
        if (operator === '^') return sameMajor && order >= 0;
        // A bare `20` or `20.19` means any version of that major (or minor).
        if (isWild(minor)) return sameMajor;
        if (isWild(patch)) return sameMajor && version[1] === bound[1];
        return order === 0;
      }),
  );
}

const root = new URL('../../../../', import.meta.url);
const readJson = (name: string) => JSON.parse(readFileSync(new URL(name, root), 'utf8'));

describe('Node engines', () => {
  it('reads the range forms the lockfile uses', () => {
    const node20 = parseVersion('20.19.0');
    expect(satisfies(node20, '>=22')).toBe(false);
    expect(satisfies(node20, '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies(node20, '^18.18.0 || ^20.9.0 || >=21.1.0')).toBe(true);
    expect(satisfies(node20, '18 || 20 || >=22')).toBe(true);
    expect(satisfies(node20, '>= 0.6')).toBe(true);
    expect(satisfies(node20, '6.* || 8.* || >= 10.*')).toBe(true);
    expect(satisfies(node20, '16 || 14 >=14.17')).toBe(false);
    expect(satisfies(node20, '^20.20.0 || >=22')).toBe(false);
  });

  it('every locked package accepts the lowest Node the shop promises', () => {
    const promised: string = readJson('package.json').engines.node;
    const lowest = parseVersion(promised.replace(/^>=\s*/, ''));
    const lock = readJson('package-lock.json') as { packages: Record<string, { version?: string; engines?: { node?: string } }> };
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => typeof entry.engines?.node === 'string' && !satisfies(lowest, entry.engines.node))
      .map(([path, entry]) => `${path}@${entry.version} wants node ${entry.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
