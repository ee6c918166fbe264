import { ACTOR_LABELS, ACTORS, TABLE, type Actor } from './authz-matrix.table.js';

/** docs/authorisation.md from the authorisation matrix's table, for readers of docs/. */

const SHORT: Record<Actor, string> = {
  anon: 'anon',
  c1: 'C1',
  c2: 'C2',
  pa: 'PA',
  pb: 'PB',
  adm1: 'Adm 1',
  adm2: 'Adm 2',
  super: 'Super',
  key: 'Key',
};

/** docs/authorisation.md, rendered from TABLE (the test checks the file matches). */
export function renderAuthorisationDoc(): string {
  const lines = [
    '# Authorisation: who may call what',
    '',
    '<!-- Generated from apps/api/test/authz-matrix.table.ts; apps/api/test/authz-matrix.test.ts checks it.',
    '     To regenerate: cd apps/api && AUTHZ_DOC_WRITE=1 npx vitest run --project sqlite test/authz-matrix.test.ts -->',
    '',
    'Every route of the server and the HTTP status each kind of caller gets: what the domain',
    'rules (§3, sessions and roles) promise, checked on every test run, on SQLite and on',
    'PostgreSQL, by `apps/api/test/authz-matrix.test.ts`, which asks each route as each caller',
    'with a valid request. A route without a row, or a row without a route, fails that test.',
    '',
    'The callers:',
    '',
    ...ACTORS.map((a) => `- **${SHORT[a]}**: ${ACTOR_LABELS[a]}`),
    '',
    'The records asked for belong to C1, to shop A or to city 1. Shops A and B are both in',
    'city 1, so PB is the partner next door; the admin of city 2 is the admin next door.',
    '',
    'What the test also holds, beyond the status:',
    '',
    '- a refused answer (4xx) is `{ "erro": … }` and never carries the record (its owner’s',
    '  name or e-mail, its text, its number);',
    '- a refused write leaves the record as it was; an allowed one changes it;',
    '- rows marked *scoped* answer 2xx to the callers named there, but only with their own',
    '  data: the record of C1, shop A or city 1 is neither in the answer nor changed.',
    '',
    'Statuses: 200/201/202/204 allowed, 302 redirect, 401 no valid session (or no HTTP Basic),',
    '403 not yours, 404 not found (used where the record’s existence is itself private).',
    'HEAD answers as GET.',
    '',
    `| route | ${ACTORS.map((a) => SHORT[a]).join(' | ')} | rule |`,
    `|---|${ACTORS.map(() => '---').join('|')}|---|`,
  ];
  for (const [key, row] of Object.entries(TABLE)) {
    const notes = [row.rule];
    if (row.scoped) notes.push(`*Scoped* for ${row.scoped.map((a) => SHORT[a]).join(', ')}.`);
    for (const e of row.extra ?? []) notes.push(`${e.label}: ${e.status}.`);
    if (row.outsideOpenApi) notes.push('(Not in the OpenAPI document.)');
    const cells = ACTORS.map((a) => String(row.expect[a]));
    lines.push(`| \`${key}\` | ${cells.join(' | ')} | ${notes.join(' ').replace(/\|/g, '\\|')} |`);
  }
  lines.push('');
  return lines.join('\n');
}
