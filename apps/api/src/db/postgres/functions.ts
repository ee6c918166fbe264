import { readdirSync, readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL functions kept as versioned SQL source files in this folder, `<name>.v<N>.sql`, one
 * `create or replace function` each, written once and never edited (as migrations are). A
 * migration installs a function by name and version (`installFunction(db, 'registrar_vendas', 3)`),
 * so what it installs never changes after it is applied; a change to a function is a new
 * `.v<N+1>.sql` and a one-line migration that loads it. Each file holds, below its leading
 * `--` comments, the text `pg_get_functiondef` answers for the installed function, and
 * test/postgres-functions.test.ts fails when a migrated database's function differs from its
 * newest version. The build copies the `.sql` files next to the compiled code (package.json).
 */
const folder = new URL('./', import.meta.url);

/** The text of `<name>.v<version>.sql`. */
export function functionSource(name: string, version: number): string {
  return readFileSync(new URL(`${name}.v${version}.sql`, folder), 'utf8');
}

/** The source without its leading `--` comment lines: the `create or replace function` itself. */
export function functionDefinition(source: string): string {
  const lines = source.split('\n');
  const first = lines.findIndex((l) => !l.startsWith('--'));
  return lines.slice(first < 0 ? lines.length : first).join('\n');
}

/** Installs (or replaces) `<name>` as version `version` of its source file defines it. */
export async function installFunction(db: Kysely<unknown>, name: string, version: number): Promise<void> {
  await sql.raw(functionSource(name, version)).execute(db);
}

/** Every function with a source file here, with its newest version. */
export function newestVersions(): Map<string, number> {
  const newest = new Map<string, number>();
  for (const file of readdirSync(folder)) {
    const m = /^([a-z0-9_]+)\.v(\d+)\.sql$/.exec(file);
    if (!m) continue;
    newest.set(m[1], Math.max(newest.get(m[1]) ?? 0, Number(m[2])));
  }
  return newest;
}
