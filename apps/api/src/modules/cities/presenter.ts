import type { Cidade, PromotorCidade } from '@praca/contract';

/** A city, field by field. */
export const presentCity = (c: { cod_cidade: number; cidade: string; uf: string }): Cidade => ({
  cod_cidade: c.cod_cidade,
  cidade: c.cidade,
  uf: c.uf,
});

/** A city and its apurações' promoter (issue 49), field by field. */
export const presentPromoter = (c: {
  cod_cidade: number;
  cidade: string;
  uf: string;
  promotor_nome: string | null;
  promotor_cnpj: string | null;
}): PromotorCidade => ({
  cod_cidade: c.cod_cidade,
  cidade: c.cidade,
  uf: c.uf,
  promotor_nome: c.promotor_nome,
  promotor_cnpj: c.promotor_cnpj,
});
