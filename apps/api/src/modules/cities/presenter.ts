import type { Cidade } from '@praca/contract';

/** A city, field by field. */
export const presentCity = (c: { cod_cidade: number; cidade: string; uf: string }): Cidade => ({
  cod_cidade: c.cod_cidade,
  cidade: c.cidade,
  uf: c.uf,
});
