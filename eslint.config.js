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

/**
 * `praca/table-owner` (issue 50): a table's name where SQL reads it, outside the module that owns
 * the table. Found by selectors: the argument of a Kysely call that takes a table
 * (`selectFrom('vendas')`), a name with an alias anywhere (`'vendas as v'`), and raw SQL
 * (`from vendas`, `join "vendas"`) in a string or a template. A column or an answer's field of
 * the same word (`.as('cupons')`, `cupons_emitidos`) and Portuguese text are no table, so they
 * pass. A rule of its own rather than `no-restricted-syntax`, whose options a later block for
 * the same files would replace.
 */
const TABLE_CALLS =
  '/^(selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto|using|table|(inner|left|right|full|cross)Join(Lateral)?)$/';
const tableSelectors = (table) => [
  `CallExpression[callee.property.name=${TABLE_CALLS}] > Literal[value=/^${table}$/]`,
  `CallExpression[callee.name=${TABLE_CALLS}] > Literal[value=/^${table}$/]`,
  `Literal[value=/^\\s*${table}\\s+as\\s+\\w+\\s*$/i]`,
  `Literal[value=/\\b(from|join|into|update)\\s+"?${table}\\b/i]`,
  `TemplateElement[value.raw=/\\b(from|join|into|update)\\s+"?${table}\\b/i]`,
];
/**
 * `praca/typed-api-path` (issue 51): a string or template starting with `/v1` in the web app is
 * allowed only where the typed client checks it against the generated OpenAPI types: the first
 * argument of `client.GET/POST/PUT/PATCH/DELETE/blob(...)` or of `href(...)`, a type (`ApiBody<'post',
 * '/v1/…'>`), a value of an object checked with `satisfies` (a table of routes typed `ApiPath`),
 * and a JSX `path` prop (ExportMenu's, typed as the routes that export). Everything else,
 * comments aside, is a hand-typed route the contract cannot see.
 */
const CLIENT_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'blob']);
function isTypedApiPath(node) {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'TSLiteralType') return true;
  if (parent.type === 'CallExpression' && parent.arguments[0] === node) {
    const callee = parent.callee;
    if (callee.type === 'Identifier' && callee.name === 'href') return true;
    return (
      callee.type === 'MemberExpression' &&
      callee.object.type === 'Identifier' &&
      callee.object.name === 'client' &&
      callee.property.type === 'Identifier' &&
      CLIENT_METHODS.has(callee.property.name)
    );
  }
  if (parent.type === 'JSXAttribute') return parent.name.name === 'path';
  if (parent.type === 'Property' && parent.value === node) {
    let object = parent.parent;
    while (object?.parent?.type === 'TSAsExpression') object = object.parent;
    return object?.parent?.type === 'TSSatisfiesExpression';
  }
  return false;
}

const praca = {
  rules: {
    'typed-api-path': {
      meta: {
        type: 'problem',
        docs: { description: 'An API path is written only where the typed client checks it (issue 51).' },
        schema: [],
      },
      create(context) {
        const message =
          "Caminho da API fora do cliente tipado: use client.GET/POST/PUT/PATCH/DELETE/blob('/v1/…') ou href('/v1/…') de lib/api-client.ts.";
        return {
          'Literal, TemplateLiteral'(node) {
            const text = node.type === 'Literal' ? node.value : node.quasis[0]?.value.cooked;
            if (typeof text !== 'string' || !/^\/?v1(\/|$)/.test(text)) return;
            if (isTypedApiPath(node)) return;
            context.report({ node, message });
          },
        };
      },
    },
    'table-owner': {
      meta: {
        type: 'problem',
        docs: { description: 'A table is read only by the module that owns it.' },
        schema: [
          {
            type: 'array',
            items: {
              type: 'object',
              properties: { table: { type: 'string', pattern: '^\\w+$' }, message: { type: 'string' } },
              required: ['table', 'message'],
              additionalProperties: false,
            },
          },
        ],
      },
      create(context) {
        const visitors = {};
        for (const { table, message } of context.options[0] ?? []) {
          for (const selector of tableSelectors(table)) {
            visitors[selector] = (node) => context.report({ node, message });
          }
        }
        return visitors;
      },
    },
  },
};
const SALES_TABLE = {
  table: 'vendas',
  message:
    'A tabela vendas é do módulo de vendas: use salesTable, liveSale e saleIdsOf de modules/sales/live.ts (ou um service dele).',
};
const COUPONS_TABLE = {
  table: 'cupons',
  message:
    'A tabela cupons é do módulo de cupons: use couponsTable, couponIdsOf e as escritas de modules/coupons/queries.ts (ou um service dele).',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'bench/results/**',
      '**/test-results/**',
      // Generated by `npm run openapi` (apps/api/src/cli/openapi.ts).
      'apps/web/src/lib/api/openapi.d.ts',
    ],
  },
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
  {
    // Every API route the web writes is checked against the generated OpenAPI types (issue 51).
    // Tests and their fixtures may name a route as the mock's key.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/web/src/**/*-fixtures.ts'],
    plugins: { praca },
    rules: { 'praca/typed-api-path': 'error' },
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
    // `vendas` and `cupons` belong to their modules (issue 50): elsewhere a query names them
    // through the owner's exports (sales/live.ts, coupons/queries.ts), as the rule above keeps
    // each module's repository its own. Exempt: what works on the schema itself (migrations,
    // the PL/pgSQL sources, the table types, the backup tool).
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/modules/sales/**',
      'apps/api/src/modules/coupons/**',
      'apps/api/src/db/migrations/**',
      'apps/api/src/db/postgres/**',
      'apps/api/src/db/types.ts',
      'apps/api/src/db/backup.ts',
    ],
    plugins: { praca },
    rules: { 'praca/table-owner': ['error', [SALES_TABLE, COUPONS_TABLE]] },
  },
  {
    files: ['apps/api/src/modules/sales/**/*.ts'],
    plugins: { praca },
    rules: { 'praca/table-owner': ['error', [COUPONS_TABLE]] },
  },
  {
    files: ['apps/api/src/modules/coupons/**/*.ts'],
    plugins: { praca },
    rules: { 'praca/table-owner': ['error', [SALES_TABLE]] },
  },
  {
    // One way to open a transaction (issue 50): `transaction(db, fn)` from db/index.ts, which on
    // SQLite runs through the group-commit driver (db/sqlite/README.md). Only those two open one.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/db/index.ts', 'apps/api/src/db/sqlite/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name='execute'][callee.object.type='CallExpression'][callee.object.callee.type='MemberExpression'][callee.object.callee.property.name='transaction']",
          message:
            "Abra a transação com transaction(db, fn) de 'db/index.js', não com db.transaction().execute().",
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
