import { Mutex } from 'async-mutex';
import {
  CompiledQuery,
  SingleConnectionProvider,
  SqliteAdapter,
  SqliteDialect,
  Transaction,
  type DialectAdapter,
  type Kysely,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  type TransactionSettings,
} from 'kysely';

/** How many transactions one commit may carry, and for how long a group may stay open. */
export interface GroupCommitOptions {
  maxTransactions?: number;
  maxOpenMs?: number;
  /**
   * How long an idle group waits for more transactions before its COMMIT; 0 (the default):
   * after this loop turn's I/O. Waiting longer measured no faster under the sales benchmark.
   */
  commitDelayMs?: number;
}

interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** Each Kysely instance's adapter → the group-commit driver under it (`runInTransaction`). */
const drivers = new WeakMap<DialectAdapter, GroupCommitDriver>();

/**
 * SQLite through Kysely with group commit (README.md here; docs/decisions/018-sale-write-path.md).
 *
 * There is one connection, and Kysely's own SQLite driver already runs one transaction at a
 * time. This driver runs each of them as a SAVEPOINT inside an outer transaction that stays
 * open while others are waiting for the connection, and commits once for all of them: the
 * WAL is written once for pages that several sales touch (the campaign counter, index leaves,
 * the dashboard totals), and a busy server commits far less often.
 *
 * - A transaction's promise resolves only after the COMMIT that carries it: nothing is
 *   answered before it is durable (as durable as `synchronous` makes it).
 * - A transaction that fails rolls back to its savepoint; the others in the group are
 *   untouched. A failed COMMIT fails every transaction it carried.
 * - A write outside any transaction first commits the open group and then runs on its own
 *   (autocommit), so it too is durable when it returns. Reads just run.
 * - A group is committed when the connection falls idle (checked after the I/O of the current
 *   loop turn, so requests that arrived together share it), or at `maxTransactions`, or once
 *   it has been open `maxOpenMs`.
 */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;
  readonly #options: Required<GroupCommitOptions>;
  /** Kysely asks for the driver, then the adapter, once per instance. */
  #driver: GroupCommitDriver | null = null;

  constructor(database: SqliteDatabase, options: GroupCommitOptions = {}) {
    super({ database });
    this.#database = database;
    this.#options = {
      maxTransactions: options.maxTransactions ?? 64,
      maxOpenMs: options.maxOpenMs ?? 10,
      commitDelayMs: options.commitDelayMs ?? 0,
    };
  }

  override createDriver(): Driver {
    this.#driver = new GroupCommitDriver(this, this.#database, this.#options);
    return this.#driver;
  }

  override createAdapter(): DialectAdapter {
    const adapter = new GroupCommitSqliteAdapter();
    if (this.#driver) drivers.set(adapter, this.#driver);
    return adapter;
  }
}

/**
 * SQLite's adapter, but for one answer: Kysely (0.29 on) gives a dialect whose adapter says it
 * has no multiple connections a mutex of its own, held from `acquireConnection` to
 * `releaseConnection`, so after the group's COMMIT. This driver serialises the connection
 * itself and hands it back at `commitTransaction`, so the next transaction joins the group.
 */
class GroupCommitSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** A database's connections for the metrics (issue 54): how many, in use, and waiting for one. */
export interface ConnectionStats {
  size: number;
  inUse: number;
  waiting: number;
}

/** The group-commit driver's one connection under `db` (null for another Kysely). */
export function connectionStats<DB>(db: Kysely<DB>): ConnectionStats | null {
  return drivers.get(db.getExecutor().adapter)?.stats() ?? null;
}

/**
 * Runs a statement straight on the connection when `db` is a transaction of a group-commit
 * Kysely with no plugins: the connection is that transaction's alone until it ends (the driver
 * runs one at a time), and Kysely's executor costs ~8 µs a statement, more than SQLite takes
 * for most of the sale's (docs/journal/022). Anything else answers null: run it through
 * Kysely.
 */
export function runInTransaction<R, DB>(
  db: Kysely<DB>,
  sql: string,
  parameters: readonly unknown[],
): Promise<QueryResult<R>> | null {
  if (!db.isTransaction) return null;
  const executor = db.getExecutor();
  if (executor.plugins.length > 0) return null;
  return drivers.get(executor.adapter)?.runInTransaction<R>(sql, parameters) ?? null;
}

/**
 * `db.transaction().execute(fn)`, or, when `db` is a group-commit Kysely with no plugins (not
 * itself a transaction), the same transaction run by the driver directly: the same savepoint,
 * group and COMMIT, without the objects and promise layers Kysely builds for each transaction
 * (decision 036). `fn` gets a transaction Kysely that the driver keeps for every transaction
 * it runs, so it must not be used once `fn` has returned.
 */
export function transaction<DB, T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  const executor = db.getExecutor();
  const driver = db.isTransaction || executor.plugins.length > 0 ? undefined : drivers.get(executor.adapter);
  return driver ? driver.transaction(db, fn) : db.transaction().execute(fn);
}

class GroupCommitDriver implements Driver {
  readonly #dialect: GroupCommitSqliteDialect;
  readonly #db: SqliteDatabase;
  readonly #options: Required<GroupCommitOptions>;
  /** The connection's one holder at a time, first come, first served. */
  readonly #mutex = new Mutex();
  readonly #connection: GroupConnection;
  /** The outer transaction is open. */
  #open = false;
  #openedAt = 0;
  #carried: Waiter[] = [];
  /** A transaction (savepoint) is running on the connection. */
  #inTransaction = false;
  #commitScheduled = false;
  /** The transaction Kysely `transaction()` hands out, built at its first use. */
  #trx: Transaction<unknown> | null = null;
  /** Transactions and statements waiting for the connection (the metrics' pool, issue 54). */
  #waiting = 0;

  constructor(dialect: GroupCommitSqliteDialect, db: SqliteDatabase, options: Required<GroupCommitOptions>) {
    this.#dialect = dialect;
    this.#db = db;
    this.#options = options;
    this.#connection = new GroupConnection(db, (isReader) => {
      // A write outside a transaction: commit the group first, then autocommit on its own.
      if (!isReader && !this.#inTransaction && this.#open) this.#commitGroup();
      // Outside the group's transaction another connection may hold the write lock.
      return !this.#open;
    });
  }

  async init(): Promise<void> {}

  /** A statement of the transaction running now; null when none runs (Kysely's path then fails it). */
  runInTransaction<R>(sql: string, parameters: readonly unknown[]): Promise<QueryResult<R>> | null {
    if (!this.#inTransaction) return null;
    return this.#connection.execute<R>(sql, parameters);
  }

  /** Kysely's `transaction().execute()` as it runs on this driver, in one function. */
  async transaction<DB, T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    this.#trx ??= new Transaction<unknown>({
      config: { dialect: this.#dialect },
      dialect: this.#dialect,
      driver: this,
      executor: db.getExecutor().withConnectionProvider(new SingleConnectionProvider(this.#connection)),
    });
    const trx = this.#trx as unknown as Kysely<DB>;
    this.#waiting++;
    await this.#mutex.acquire();
    this.#waiting--;
    try {
      await this.beginTransaction();
    } catch (err) {
      this.#idle();
      throw err;
    }
    let result: T;
    try {
      result = await fn(trx);
      this.#run('release praca_tx');
    } catch (err) {
      try {
        await this.rollbackTransaction();
      } finally {
        this.#idle();
      }
      throw err;
    }
    this.#inTransaction = false;
    const carried = new Promise<void>((resolve, reject) => this.#carried.push({ resolve, reject }));
    this.#idle();
    await carried;
    return result;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#waiting++;
    await this.#mutex.acquire();
    this.#waiting--;
    return new Lease(this.#connection);
  }

  /** The one connection: held or not, and how many wait for it. */
  stats(): ConnectionStats {
    return { size: 1, inUse: this.#mutex.isLocked() ? 1 : 0, waiting: this.#waiting };
  }

  async beginTransaction(_lease?: DatabaseConnection, _settings?: TransactionSettings): Promise<void> {
    if (
      this.#open &&
      (this.#carried.length >= this.#options.maxTransactions ||
        Date.now() - this.#openedAt >= this.#options.maxOpenMs)
    ) {
      this.#commitGroup();
    }
    if (!this.#open) {
      await this.#beginImmediate();
      this.#open = true;
      this.#openedAt = Date.now();
    }
    this.#run('savepoint praca_tx');
    this.#inTransaction = true;
  }

  async commitTransaction(lease: DatabaseConnection): Promise<void> {
    this.#run('release praca_tx');
    this.#inTransaction = false;
    const carried = new Promise<void>((resolve, reject) => this.#carried.push({ resolve, reject }));
    // Give the connection back now, so the next transaction can join this group, and answer
    // only when the group's COMMIT has run.
    (lease as Lease).handedBack = true;
    this.#idle();
    await carried;
  }

  async rollbackTransaction(): Promise<void> {
    this.#inTransaction = false;
    this.#run('rollback to praca_tx');
    this.#run('release praca_tx');
  }

  async releaseConnection(lease: DatabaseConnection): Promise<void> {
    if (!(lease as Lease).handedBack) this.#idle();
  }

  async destroy(): Promise<void> {
    await this.#mutex.acquire();
    if (this.#open) this.#commitGroup();
    this.#db.close();
  }

  /** The connection is free: let waiting work in, and commit once nobody else is coming. */
  #idle(): void {
    if (this.#open && !this.#commitScheduled) {
      this.#commitScheduled = true;
      const commit = () => {
        void this.#mutex.acquire().then(() => {
          this.#commitScheduled = false;
          if (this.#open) this.#commitGroup();
          this.#mutex.release();
        });
      };
      if (this.#options.commitDelayMs > 0) setTimeout(commit, this.#options.commitDelayMs);
      else setImmediate(commit);
    }
    this.#mutex.release();
  }

  /**
   * IMMEDIATE takes the write lock here, rather than at the group's first write. Another
   * connection may hold it (the checkpoint worker restarting the WAL, a backup, a
   * second instance): waited out off the event loop (`whenNotBusy`).
   */
  async #beginImmediate(): Promise<void> {
    await whenNotBusy(() => this.#run('begin immediate'));
  }

  #commitGroup(): void {
    const carried = this.#carried;
    this.#carried = [];
    this.#open = false;
    try {
      this.#run('commit');
    } catch (err) {
      try {
        this.#run('rollback');
      } catch {
        // no transaction left to roll back
      }
      for (const w of carried) w.reject(err);
      return;
    }
    for (const w of carried) w.resolve();
  }

  #run(sql: string): void {
    this.#db.prepare(sql).run([]);
  }
}

/** How long a statement or a group's BEGIN waits for another connection's write lock. */
const BUSY_TIMEOUT_MS = 5000;

const isBusy = (err: unknown): boolean => String((err as { code?: unknown }).code).startsWith('SQLITE_BUSY');

/**
 * Runs `run` at once, or, while another connection holds the lock it needs (SQLITE_BUSY, which
 * the connections here get at once: `busy_timeout` is 0), again after 1, 2, 4, then every 5 ms
 * for up to BUSY_TIMEOUT_MS, without blocking the thread. A statement that got SQLITE_BUSY
 * outside a transaction did nothing, so running it again is safe.
 */
export function whenNotBusy<T>(run: () => T, timeoutMs = BUSY_TIMEOUT_MS): Promise<T> {
  try {
    return Promise.resolve(run());
  } catch (err) {
    if (!isBusy(err)) return Promise.reject(err);
  }
  return (async () => {
    const deadline = Date.now() + timeoutMs;
    for (let waitMs = 1; ; waitMs = Math.min(waitMs * 2, 5)) {
      await new Promise((r) => setTimeout(r, waitMs));
      try {
        return run();
      } catch (err) {
        if (!isBusy(err) || Date.now() >= deadline) throw err;
      }
    }
  })();
}

class GroupConnection implements DatabaseConnection {
  /** `beforeRun` answers whether the statement runs outside the group's transaction. */
  constructor(
    private readonly db: SqliteDatabase,
    private readonly beforeRun: (isReader: boolean) => boolean,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.execute<R>(compiledQuery.sql, compiledQuery.parameters);
  }

  /** `executeQuery` without the CompiledQuery Kysely would build for it (`runInTransaction`). */
  execute<R>(sql: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
    const stmt = this.db.prepare(sql);
    const run = (): QueryResult<R> => {
      if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
      const { changes, lastInsertRowid } = stmt.run(parameters);
      return {
        numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
        insertId:
          lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
        rows: [],
      };
    };
    if (this.beforeRun(stmt.reader)) return whenNotBusy(run);
    return Promise.resolve(run());
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming não é usado com SQLite');
  }
}

/** One hand-out of the connection; after a commit it was already given back. */
class Lease implements DatabaseConnection {
  handedBack = false;

  constructor(private readonly connection: GroupConnection) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.connection.executeQuery<R>(compiledQuery);
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.streamQuery<R>();
  }
}
