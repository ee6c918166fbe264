import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import { namedOnServer } from '../../db/pg-named.js';
import type { Database } from '../../db/types.js';
import type { SaleValues } from './repository.js';

/** What `registrar_vendas` (PostgreSQL, migration venda-numa-ida) answers for one sale. */
interface SaleWrittenOnce {
  id_venda: number;
  /** The recipient's balance (×10⁶) after the sale; null when the sale moved none. */
  pontos_e6: number | null;
  /** The coupons issued, by id in number order, and the first number (null when none). */
  cupons: number[];
  primeiro: number | null;
}

/**
 * A new sale as `registrar_vendas` takes it: its values, the hand-over token's hash and expiry,
 * its author and instant, and the audit entry's text with `"cupons_emitidos":[]` last (the
 * function fills it).
 */
type OnceValues = SaleValues & {
  qr_token_hash: string | null;
  qr_expira_em: string | null;
  criado_por: number;
  at: string;
  depois: string;
  ip: string;
};

/** How a sale writer is made: once per database, at start-up. */
export interface SaleWriterOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  /** A batch holds at most this many sales (each one a subtransaction; PostgreSQL caches 64). */
  batchMax?: number;
}

/**
 * The one-statement writer of new sales (decision 044), with its batching queue. On SQLite
 * `oneStatement` is false and `write` is never called: sales go through a transaction there.
 */
export interface SaleWriter {
  readonly oneStatement: boolean;
  /**
   * A new sale, its balance move, coupons, audit entry and dashboard totals, written on
   * PostgreSQL by `registrar_vendas` in one statement outside any transaction: it commits as it
   * ends, so the campaign's counter and the shop's totals row are held for no round trip. Sales
   * of one campaign that arrive while its statement runs wait and go together in the next one
   * (at most `batchMax`), as SQLite's group commit does: one turn of the hot rows for many
   * sales. A sale the database refuses (a duplicate number) is refused alone, with the
   * driver's error code and constraint.
   */
  write(values: OnceValues): Promise<SaleWrittenOnce>;
}

const FLUSHED = CompiledQuery.raw('select pg_current_xact_id()');
const REGISTER =
  'select ordem, id_venda, pontos_e6, primeiro, cupons, erro, restricao, mensagem from registrar_vendas($1)';
namedOnServer(FLUSHED.sql);
namedOnServer(REGISTER);

interface Waiting {
  values: OnceValues;
  resolve: (w: SaleWrittenOnce) => void;
  reject: (err: unknown) => void;
}

interface CampaignQueue {
  busy: boolean;
  waiting: Waiting[];
}

interface OnceRow {
  ordem: number;
  id_venda: number | null;
  pontos_e6: string | number | null;
  primeiro: string | number | null;
  cupons: number[] | null;
  erro: string | null;
  restricao: string | null;
  mensagem: string | null;
}

/** A sale writer for `db`; its queues live in it, one per campaign, and nowhere else. */
export function createSaleWriter({ db, dialect, batchMax = 32 }: SaleWriterOptions): SaleWriter {
  const queues = new Map<number, CampaignQueue>();

  function write(values: OnceValues): Promise<SaleWrittenOnce> {
    let q = queues.get(values.id_campanha);
    if (!q) {
      q = { busy: false, waiting: [] };
      queues.set(values.id_campanha, q);
    }
    const queue = q;
    return new Promise((resolve, reject) => {
      queue.waiting.push({ values, resolve, reject });
      if (!queue.busy) void drain(queue);
    });
  }

  async function drain(q: CampaignQueue): Promise<void> {
    q.busy = true;
    while (q.waiting.length > 0) {
      const batch = q.waiting.splice(0, batchMax);
      let rows: OnceRow[];
      try {
        rows = await register(batch);
      } catch (err) {
        if (batch.length === 1) {
          batch[0]!.reject(err);
          continue;
        }
        // The statement wrote nothing: each sale again on its own, so the one at fault is
        // refused alone (a duplicate number is answered per sale without this).
        q.waiting.unshift(...batch);
        await drainAlone(q, batch.length);
        continue;
      }
      // The statement committed without waiting for the disk (synchronous_commit off, so the
      // hot rows are free as soon as it ends, and the next batch goes now). A transaction of its
      // own that commits synchronously waits until the WAL is flushed up to its commit, which
      // comes after the batch's: once it returns, the batch is durable and may be answered.
      db.executeQuery(FLUSHED).then(
        () => settle(batch, rows),
        (err: unknown) => {
          for (const w of batch) w.reject(err);
        },
      );
    }
    q.busy = false;
  }

  async function register(batch: Waiting[]): Promise<OnceRow[]> {
    const { rows } = await db.executeQuery<OnceRow>(
      CompiledQuery.raw(REGISTER, [JSON.stringify(batch.map((w) => w.values))]),
    );
    return rows;
  }

  /** The first `n` waiting sales, one statement each. */
  async function drainAlone(q: CampaignQueue, n: number): Promise<void> {
    for (const w of q.waiting.splice(0, n)) {
      try {
        const rows = await register([w]);
        await db.executeQuery(FLUSHED);
        settle([w], rows);
      } catch (err) {
        w.reject(err);
      }
    }
  }

  return { oneStatement: dialect === 'postgres', write };
}

function settle(batch: Waiting[], rows: OnceRow[]): void {
  for (const [i, w] of batch.entries()) {
    const row = rows[i];
    if (!row || row.ordem !== i + 1) {
      w.reject(new Error('venda não gravada'));
    } else if (row.erro !== null || row.id_venda === null) {
      w.reject(
        Object.assign(new Error(row.mensagem ?? 'venda não gravada'), {
          code: row.erro ?? undefined,
          constraint: row.restricao || undefined,
        }),
      );
    } else {
      w.resolve({
        id_venda: row.id_venda,
        pontos_e6: row.pontos_e6 === null ? null : Number(row.pontos_e6),
        cupons: row.cupons ?? [],
        primeiro: row.primeiro === null ? null : Number(row.primeiro),
      });
    }
  }
}
