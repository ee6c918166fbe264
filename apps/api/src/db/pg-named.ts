import pg from 'pg';

/**
 * The SQL texts that go to PostgreSQL as named (server-side) prepared statements, by name
 * (issue 38, docs/decisions/045-postgresql-sale-path-cpu.md). An unnamed statement, what
 * Kysely sends, is parsed, analysed and planned again on every run: for the sale path's reads
 * (the session, the sale's context) that is 3–4 times the time they take to run. A named one is
 * parsed once per connection, and its plan cached by PostgreSQL (a generic plan after five runs
 * when it costs no more than the custom ones).
 *
 * Only fixed texts go here (`prepared` in db/prepared.ts, and the sale's own statements): each
 * connection keeps every named statement for its life, so a text built from varying values
 * (an `in` list of varying length) would pile up.
 */
const names = new Map<string, string>();

/** From now on `sql` runs as a named statement on every PostgreSQL connection (idempotent). */
export function namedOnServer(sql: string): void {
  if (!names.has(sql)) names.set(sql, `praca_${names.size + 1}`);
}

/**
 * Makes a new pool connection (pg.Pool's 'connect' event) send a query whose text was registered
 * by `namedOnServer` as `{ name, text, values }`, which pg prepares on the connection the first
 * time and then only binds and executes. Every other query goes as before.
 */
export function nameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = args.length <= 2 && typeof text === 'string' ? names.get(text) : undefined;
    if (name === undefined || !(values === undefined || Array.isArray(values))) return query(...args);
    return query({ name, text, values });
  };
}
