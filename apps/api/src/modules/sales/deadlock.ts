/**
 * PostgreSQL: writes of sales can deadlock with one another in the dashboard's totals rows: an
 * edit moving a sale across them (campaign, shop or day: the totals' triggers take the old row,
 * then the new one) against another such edit in the opposite direction, or against
 * `registrar_vendas`, which takes them in its own order. The server then refuses one (40P01).
 * Found by the ledger's property test under concurrent writes (issue 50). The refused write
 * wrote nothing (its transaction, or its sale's part of the statement, was rolled back), so it
 * is run again, a few times at most. SQLite runs one write at a time and never gets here. The
 * lasting fix is one lock order in the triggers and the function.
 */
export async function retryingDeadlock<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || (err as { code?: unknown } | null)?.code !== '40P01') throw err;
    }
  }
}
