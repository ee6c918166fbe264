import type { ExtratoItem } from '@praca/contract';
import { normalizeSearch } from '@/lib/search';

/**
 * The statement filtered by establishment name as the person types (spec §2): case, accents
 * and extra spaces do not matter; an empty filter keeps every line in order.
 */
export function filterExtrato(items: readonly ExtratoItem[], filtro: string): ExtratoItem[] {
  const q = normalizeSearch(filtro);
  if (!q) return [...items];
  return items.filter((i) => normalizeSearch(i.nomeestabelecimento).includes(q));
}
