import path from 'node:path';

/**
 * DATABASE_URL, read in one place: `postgres://…` (or `postgresql://…`) chooses PostgreSQL;
 * `sqlite:FILE` (or `sqlite://FILE`) names the SQLite file; unset, `<DATA_DIR>/praca.db`.
 */
export function isPostgresUrl(url: string | undefined): boolean {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/** The file a `sqlite:` URL names; null for anything else. */
export function sqlitePathOf(url: string | undefined): string | null {
  return url?.startsWith('sqlite:') ? url.replace(/^sqlite:(\/\/)?/, '') : null;
}

/** The SQLite file of a DATABASE_URL that is not PostgreSQL's. */
export function sqliteFile(databaseUrl: string | undefined, dataDir: string): string {
  return sqlitePathOf(databaseUrl) ?? path.join(dataDir, 'praca.db');
}
