import type { Fonte } from './writers.js';

/**
 * Where an export's rows come from (issue 39, decision 048): a keyset walk for the lists that
 * grow with the city's sales (sales, coupons, audit log), the list's own paged service for the
 * ones bounded by its shops and campaigns, or a list its service answers whole.
 */

/** Rows read a page of `size` at a time after the last one's key (keyset: no offset to skip). */
export async function* keysetPages<R, K>(
  read: (after: K | undefined, size: number) => Promise<R[]>,
  key: (row: R) => K,
  size = 1_000,
): AsyncGenerator<R[]> {
  let after: K | undefined;
  for (;;) {
    const page = await read(after, size);
    if (page.length > 0) yield page;
    if (page.length < size) return;
    after = key(page[page.length - 1]!);
  }
}

/**
 * A list small enough to be read by its own paged service (bounded by a city's shops,
 * campaigns or winners): pages of `size` through the list's `pagina`/`limite`, so its filters,
 * order and presenter are the list's.
 */
export function servicePages<R>(
  read: (pagina: number, limite: number) => Promise<{ itens: R[]; total: number }>,
  size = 500,
): Fonte<R> {
  return {
    async contar() {
      return (await read(1, 1)).total;
    },
    async *paginas() {
      for (let pagina = 1; ; pagina++) {
        const { itens } = await read(pagina, size);
        if (itens.length > 0) yield itens;
        if (itens.length < size) return;
      }
    },
  };
}

/** A list its service answers whole (a campaign's shops, a shop's sellers, complaints). */
export function wholeList<R>(rows: R[]): Fonte<R> {
  return {
    contar: async () => rows.length,
    async *paginas() {
      for (let i = 0; i < rows.length; i += 1_000) yield rows.slice(i, i + 1_000);
    },
  };
}
