import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The web app's features, one folder each (apps/web/src/features/<m>). */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * The one exception: the consumer home is the page that composes the city's sections, so it
 * shows the shops' and the winners' cards and popups from their features.
 */
const COMPOSES = { home: ['establishments', 'winners'] };

/** The features `feature` may not import: every other one, but those it composes. */
const othersOf = (feature) =>
  webFeatures.filter((other) => other !== feature && !(COMPOSES[feature] ?? []).includes(other));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'bench/results/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Data flows one way: web features never import each other (architecture.md): what several
  // share lives in components/ (generic UI) or lib/ (lib/api/: shared reads and query keys).
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../*/**', ...othersOf(feature).map((other) => `@/features/${other}/**`)],
              message: 'Uma feature não importa outra: mova para components/ ou lib/.',
            },
          ],
        },
      ],
    },
  })),
  {
    // A module never reaches into another module's repository; it calls that module's service
    // (architecture.md). Its own repository is `./repository.js`.
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '../*/repository.js',
                '../*/*-repository.js',
                '**/modules/*/repository.js',
                '**/modules/*/*-repository.js',
              ],
              message: 'Um módulo não importa o repositório de outro: chame o service desse módulo.',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 50: a newcomer reading sales/ finds each job in a file of its own; no file of the
    // module grows past 450 lines, every line counted.
    files: ['apps/api/src/modules/sales/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 450, skipBlankLines: false, skipComments: false }],
    },
  },
);
