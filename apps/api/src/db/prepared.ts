import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { namedOnServer } from './pg-named.js';
import { runInTransaction } from './sqlite/group-commit.js';
import type { Database } from './types.js';

/** Stands for the i-th value of a prepared query while it is built (see `prepared`). */
const MARK = '\u0000praca-param-';

/** A value slot in a prepared query: `$(0)` is the first value given to `run`. */
export const $ = <T = never>(index: number): T => `${MARK}${index}` as unknown as T;

interface Shape {
  sql: string;
  /** Per compiled parameter: the index of the value it takes, or a constant kept as built. */
  slots: ({ arg: number } | { value: unknown })[];
  /** The compiled parameters are the values of `run` as given, in order: passed as they are. */
  asGiven: boolean;
}

/**
 * A query on the hot paths (sale registration, sessions) built and compiled once per database
 * and then run with new values: Kysely builds and compiles every query anew, ~30 µs each, more
 * than SQLite takes to run most of ours (docs/decisions/018-sale-write-path.md). The query is
 * built with `$(i)` where values go; each compiled parameter that is a mark takes the i-th
 * value of `run`, the others stay as built. The SQL text depends only on the dialect, and
 * better-sqlite3 keeps the statement prepared (db/sqlite/statement-cache.ts); on PostgreSQL the
 * text is a named statement on each connection (db/pg-named.ts), parsed and planned once.
 *
 * Only for queries whose SQL does not depend on the values (no `in` lists of varying length).
 */
export function prepared<Row>(build: (db: Kysely<Database>) => Compilable<Row>) {
  const shapes = new WeakMap<object, Shape>();
  return {
    async run(db: Kysely<Database>, values: readonly unknown[]): Promise<Row[]> {
      const adapter = db.getExecutor().adapter;
      let shape = shapes.get(adapter);
      if (!shape) {
        const compiled = build(db).compile();
        const slots = compiled.parameters.map((p) =>
          typeof p === 'string' && p.startsWith(MARK) ? { arg: Number(p.slice(MARK.length)) } : { value: p },
        );
        shape = { sql: compiled.sql, slots, asGiven: slots.every((s, i) => 'arg' in s && s.arg === i) };
        shapes.set(adapter, shape);
        namedOnServer(compiled.sql);
      }
      const parameters =
        shape.asGiven && values.length === shape.slots.length
          ? values
          : shape.slots.map((s) => ('arg' in s ? values[s.arg] : s.value));
      const result = await (runInTransaction<Row, Database>(db, shape.sql, parameters) ??
        db.executeQuery<Row>(CompiledQuery.raw(shape.sql, [...parameters])));
      return result.rows;
    },
  };
}
