import type { Categoria } from '@praca/contract';

/** A shop category, field by field. */
export const presentCategory = (c: { id_categoria: number; categoria: string }): Categoria => ({
  id_categoria: c.id_categoria,
  categoria: c.categoria,
});
