/**
 * Names a new migration with the real time (UTC), never before one already made: Kysely
 * refuses to run a migration that sorts before one a database has applied. `migrations.lock`
 * lists every migration ever made, in order; only `npm run db:new-migration` appends to it, and
 * test/migrations.test.ts fails when a migration is missing from it or sorts out of its order.
 */

/** `2026-11-28T0900-auditoria-por-cidade`: UTC minute, then a kebab-case name. */
const MIGRATION_NAME = /^(\d{4}-\d{2}-\d{2}T\d{4})-([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** `YYYY-MM-DDTHHMM` of an instant, in UTC. */
function migrationStamp(at: Date): string {
  return at.toISOString().slice(0, 16).replace(':', '');
}

function stampToDate(stamp: string): Date {
  return new Date(`${stamp.slice(0, 13)}:${stamp.slice(13)}:00Z`);
}

/**
 * The name of a new migration made at `now`, after `existing` (every migration made, in
 * order): now's minute, or the minute after the newest if that one is later (the first ones
 * carry invented future times) or the same minute.
 */
export function nextMigrationName(now: Date, existing: readonly string[], name: string): string {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name)) {
    throw new Error(`nome de migração inválido: ${JSON.stringify(name)} (minúsculas, dígitos e hífens)`);
  }
  let stamp = migrationStamp(now);
  const last = existing.at(-1)?.match(MIGRATION_NAME)?.[1];
  if (last && stamp <= last) stamp = migrationStamp(new Date(stampToDate(last).getTime() + 60_000));
  return `${stamp}-${name}`;
}

/** `auditoria-por-cidade` → `mAuditoriaPorCidade`, the identifier migrate.ts imports it as. */
export function migrationIdentifier(name: string): string {
  const words = (name.match(MIGRATION_NAME)?.[2] ?? name).split('-');
  return `m${words.map((w) => w[0].toUpperCase() + w.slice(1)).join('')}`;
}

/** A new migration file: both dialects, written once and never edited after it is applied. */
export const MIGRATION_TEMPLATE = `import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * What this migration changes and why.
 *
 * Written once and never edited.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    // PostgreSQL
  } else {
    // SQLite
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  void db;
}
`;

/** migrate.ts with the new migration imported after the last one and listed last. */
export function registerMigration(migrateTs: string, name: string): string {
  const id = migrationIdentifier(name);
  const imports = [...migrateTs.matchAll(/^import \* as \w+ from '\.\/migrations\/[^']+';$/gm)];
  const lastImport = imports.at(-1);
  const listEnd = migrateTs.indexOf('\n};', migrateTs.indexOf('const migrations'));
  if (!lastImport || listEnd < 0) throw new Error('migrate.ts: lista de migrações não encontrada');
  const afterImport = lastImport.index + lastImport[0].length;
  return (
    migrateTs.slice(0, afterImport) +
    `\nimport * as ${id} from './migrations/${name}.js';` +
    migrateTs.slice(afterImport, listEnd) +
    `\n  '${name}': ${id},` +
    migrateTs.slice(listEnd)
  );
}

/**
 * What is wrong with the migrations in `files` against `made` (migrations.lock): a migration
 * that sorts before the newest one made (a database that applied that one refuses it), one
 * missing from the lock, or one in the lock whose file is gone or renamed. Empty when right.
 */
export function migrationOrderProblems(made: readonly string[], files: readonly string[]): string[] {
  const problems: string[] = [];
  const onDisk = new Set(files);
  const recorded = new Set(made);
  made.forEach((m, i) => {
    if (!MIGRATION_NAME.test(m)) problems.push(`${m}: nome fora do formato AAAA-MM-DDTHHMM-nome`);
    if (i > 0 && m <= made[i - 1]) problems.push(`${m} ordena antes de ${made[i - 1]}, feita antes dela`);
    if (!onDisk.has(m)) problems.push(`${m} está em migrations.lock mas o arquivo sumiu ou mudou de nome`);
  });
  const newest = made.at(-1) ?? '';
  for (const f of [...files].sort()) {
    if (recorded.has(f)) continue;
    problems.push(
      f <= newest
        ? `${f} ordena antes de ${newest}, já aplicada: crie-a com npm run db:new-migration -- <nome>`
        : `${f} não está em migrations.lock: crie migrações com npm run db:new-migration -- <nome>`,
    );
  }
  return problems;
}
