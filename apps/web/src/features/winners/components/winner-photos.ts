import type { ContempladoPublico } from '@praca/contract';

/** Every photo of a winner, from both lists the API sends (spec §3), without repeats. */
export function winnerPhotos(w: Pick<ContempladoPublico, 'fotos' | 'images'>): string[] {
  const all = [...w.fotos, ...w.images.map((i) => i.url_foto)].map((p) => p.trim()).filter(Boolean);
  return [...new Set(all)];
}

/** The purchase date under either spelling. */
export const winnerSaleDate = (w: Pick<ContempladoPublico, 'dat_venda' | 'data_venda'>): string | null =>
  w.dat_venda || w.data_venda || null;
