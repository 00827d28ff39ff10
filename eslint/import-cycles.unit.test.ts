import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript lint helper without type declarations
import { checkImportCycles } from './import-cycles.js';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A fixture tree of the server's shape: path → the relative imports of the file. */
function tree(files: Record<string, string[]>, knownBackEdges: [string, string][] = []) {
  root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  for (const [path, imports] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), imports.map((spec, i) => `import { x${i} } from '${spec}';\n`).join('') + 'export const x = 1;\n');
  }
  return checkImportCycles({
    root,
    sources: ['src'],
    aliases: {},
    server: 'src',
    kernel: 'kernel',
    compositionRoots: ['app.ts', 'jobs'],
    knownBackEdges,
  }) as string[];
}

describe('import cycle check (eslint/import-cycles.js)', () => {
  it('passes modules that import in one direction, and composition roots that import anything', () => {
    expect(
      tree({
        'src/kernel/errors.ts': [],
        'src/modules/wallet/wallet.service.ts': ['../../kernel/errors.ts'],
        'src/modules/gacha/gacha.service.ts': ['../wallet/wallet.service.ts'],
        'src/modules/gacha/gacha.api.test.ts': ['../../app.ts'],
        'src/app.ts': ['./modules/gacha/gacha.service.ts', './jobs/sweeper.ts'],
        'src/jobs/sweeper.ts': ['../modules/wallet/wallet.service.ts'],
      }),
    ).toEqual([]);
  });

  it('fails on a cycle between two module folders, naming the imports', () => {
    const problems = tree({
      'src/modules/wallet/wallet.service.ts': ['./ledger.ts'],
      'src/modules/wallet/ledger.ts': ['../gacha/prizes.ts'],
      'src/modules/gacha/gacha.service.ts': ['../wallet/wallet.service.ts'],
      'src/modules/gacha/prizes.ts': [],
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toBe(
      [
        'cycle between server parts (modules/gacha, modules/wallet), e.g.:',
        '    modules/gacha → modules/wallet  (src/modules/gacha/gacha.service.ts → src/modules/wallet/wallet.service.ts)',
        '    modules/wallet → modules/gacha  (src/modules/wallet/ledger.ts → src/modules/gacha/prizes.ts)',
      ].join('\n'),
    );
  });

  it('fails on a file cycle, on the kernel importing a module and on a module importing a composition root', () => {
    const problems = tree({
      'src/kernel/audit.ts': ['../modules/admin/admin.service.ts'],
      'src/modules/admin/admin.service.ts': ['../../jobs/engine.ts'],
      'src/jobs/engine.ts': [],
      'src/lib/a.ts': ['./b.ts'],
      'src/lib/b.ts': ['./a.ts'],
    });
    expect(problems).toEqual([
      'file cycle: src/lib/a.ts, src/lib/b.ts',
      'the kernel imports a module: src/kernel/audit.ts → src/modules/admin/admin.service.ts',
      'imports a composition root or a test helper: src/modules/admin/admin.service.ts → src/jobs/engine.ts',
    ]);
  });

  it('leaves a listed back edge out, and fails once it is gone', () => {
    const files = {
      'src/modules/wallet/wallet.service.ts': ['../gacha/gacha.service.ts'],
      'src/modules/gacha/gacha.service.ts': ['../wallet/wallet.service.ts'],
    };
    expect(tree(files, [['src/modules/wallet/wallet.service.ts', 'src/modules/gacha/gacha.service.ts']])).toEqual([]);
    rmSync(root, { recursive: true, force: true });
    expect(tree({ ...files, 'src/modules/wallet/wallet.service.ts': [] }, [['src/modules/wallet/wallet.service.ts', 'src/modules/gacha/gacha.service.ts']])).toEqual([
      'known back edge no longer imported, remove it from the list: src/modules/wallet/wallet.service.ts → src/modules/gacha/gacha.service.ts',
    ]);
  });
});
