import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', '.react-router/', 'data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // config/env.ts is the only reader of process.env.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through config/env.ts.' },
      ],
    },
  },
  // Tests may set process-level variables (time zone) for what they check.
  { files: ['config/env.ts', '**/*.test.ts', 'tests/**'], rules: { 'no-restricted-properties': 'off' } },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/*.repository', '**/*.repository.ts'], message: 'app/ calls services, never repositories.' },
            {
              group: ['**/db/connect*', '**/db/migrate*', '**/db/seed/**'],
              message: 'app/ reaches data through services.',
            },
            { group: ['**/server/**'], message: 'app/ does not import the server.' },
          ],
        },
      ],
    },
  },
  // Imports between modules (only through modules/<name>/index.ts) and cycles between modules are
  // checked by scripts/lint/module-boundaries.ts against its baseline (npm run lint, decision 0016).
  {
    files: ['modules/**/*.ts', 'lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**', '~/*'], message: 'Modules and lib do not import the app.' },
            { group: ['**/server/**'], message: 'Modules and lib do not import the server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/**', '~/*', '**/server/**', '**/modules/**', '**/db/**'],
              message: 'lib/ is pure code: it imports no layer above it.',
            },
          ],
        },
      ],
    },
  },
  // kernel/ is the domain-free code every module shares: it may import lib/, db/ and packages only.
  {
    files: ['kernel/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/app/**', '~/*', '**/server/**'],
              message: 'kernel/ is domain-free: it imports no module, no app and no server.',
            },
          ],
        },
      ],
    },
  },
);
