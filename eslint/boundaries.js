// The seams of docs/architecture.md as lint rules, so new code is born inside them.
// Zones are built from the folders on disk: a new web feature or server module is covered
// without editing this file. Decision 010 says why these rules.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import checkFile from 'eslint-plugin-check-file';
import { namedCodeSelectors } from './named-codes.js';
import boundaryRules from './restricted-paths.js';

const root = resolve(import.meta.dirname, '..');
const webSrc = 'apps/web/src';
const serverSrc = 'apps/server/src';
const folders = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
// restricted-paths matches globs against absolute paths.
const abs = (path) => join(root, path);

const webFeatureZones = folders(`${webSrc}/features`).map((feature) => ({
  target: `${webSrc}/features/${feature}`,
  from: `${webSrc}/features`,
  except: [`./${feature}`],
  message: 'Web features do not import each other: move what both need to components/ or lib/.',
}));

const serverModuleZones = folders(`${serverSrc}/modules`).map((module) => ({
  target: `${serverSrc}/modules/${module}`,
  from: [abs(`${serverSrc}/modules/*/**/*.repo.ts`)],
  except: [abs(`${serverSrc}/modules/${module}/**`)],
  message: "A module reads another module's data through that module's service, never its repo.",
}));

const layerZones = [
  {
    target: abs(`${serverSrc}/**/*.repo.ts`),
    from: [abs(`${serverSrc}/**/*.service.ts`), abs(`${serverSrc}/**/*.routes.ts`), abs(`${serverSrc}/http/**`)],
    message: 'Repos own SQL only: they import no service, route or http/ code.',
  },
  {
    target: 'apps/server',
    from: 'apps/web',
    message: 'The server and the web app share code only through packages/contract.',
  },
  {
    target: 'apps/web',
    from: 'apps/server',
    message: 'The server and the web app share code only through packages/contract.',
  },
];

// A relative import that leaves its folder's area (a feature, components/, lib/, app/) spells
// it with the @/ alias instead. esquery regexes cannot hold "/", hence \x2F.
const relativeSource = (pattern) =>
  `:matches(ImportDeclaration, ImportExpression, ExportNamedDeclaration, ExportAllDeclaration) > Literal[value=/${pattern}/]`;
const deepImport = (pattern, message) => [
  { selector: relativeSource(pattern), message },
  { selector: `CallExpression[callee.object.name='vi'][callee.property.name='mock'] > Literal[value=/${pattern}/]`, message },
];
const aliasMessage = "Import across the web app's folders with '@/…', not '../'.";

export default [
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries: boundaryRules, 'check-file': checkFile },
    rules: {
      'boundaries/restricted-paths': [
        'error',
        { basePath: root, webAlias: webSrc, zones: [...webFeatureZones, ...serverModuleZones, ...layerZones] },
      ],
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e,scripts}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Services name a code of DOMAIN_ERRORS (kernel/errors.ts); the table gives its state. Only
    // routes (the http side of a module) pick states, e.g. 204 for "already done".
    files: [`${serverSrc}/modules/**/*.ts`],
    ignores: ['**/*.routes.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@oripa/contract/states',
              importNames: ['STATE'],
              message: 'Throw AppError with a code of DOMAIN_ERRORS (kernel/errors.ts); the state follows from the table.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${webSrc}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-syntax': ['error', ...deepImport('^(\\.\\.\\x2F){2}', aliasMessage), ...namedCodeSelectors] },
  },
  {
    // One level up from app/, components/, lib/ or locales/ already leaves the folder.
    files: [`${webSrc}/{app,components,lib,locales}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-syntax': ['error', ...deepImport('^\\.\\.\\x2F', aliasMessage), ...namedCodeSelectors] },
  },
];
