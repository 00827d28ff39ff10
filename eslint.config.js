import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/boundaries.js';
import namedCodes, { namedCodeSelectors } from './eslint/named-codes.js';

const replacedEnv = {
  selector: "AssignmentExpression[left.type='MemberExpression'][left.object.name='process'][left.property.name='env']",
  message: 'Do not replace process.env: set variables with vi.stubEnv and restore them with vi.unstubAllEnvs.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/src/db/migrations/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'info'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.ts', 'apps/server/src/bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  ...boundaries,
  ...namedCodes,
  {
    // API test files share a worker process (vitest.config.ts, isolate: false): a replaced
    // process.env outlives its file and detaches the environment Node reads. The test helpers
    // (testing/) keep namedCodes' selectors, which this block would otherwise replace.
    files: ['apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', replacedEnv] },
  },
  {
    files: ['apps/server/src/testing/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...namedCodeSelectors, replacedEnv] },
  },
);
