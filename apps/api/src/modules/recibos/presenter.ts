import type { Recibo, ReciboAdmin } from '@praca/contract';
import { centsToReais } from '../coupons/units.js';
import type { ReceiptViewRow } from './repository.js';

/** A receipt as its sender sees it, field by field: the key in full (it is theirs). */
export const presentRecibo = (r: ReceiptViewRow): Recibo => ({
  id_recibo: r.id_recibo,
  chave: r.chave,
  status: r.status,
  id_estabelecimento: r.id_estabelecimento,
  nome_estabelecimento: r.nome_estabelecimento,
  valor: r.valor_centavos === null ? null : centsToReais(Number(r.valor_centavos)),
  dat_emissao: r.dat_emissao,
  id_venda: r.id_venda,
  id_entidade: r.id_entidade,
  nome_entidade: r.nome_entidade,
  criado_em: r.criado_em,
  expira_em: r.expira_em,
});

/** The same, with who sent it and what it led to, for the city's admins. */
export const presentReciboAdmin = (r: ReceiptViewRow): ReciboAdmin => ({
  ...presentRecibo(r),
  id_usuario: r.id_usuario,
  nome_usuario: r.nome_usuario,
  cod_cidade: r.cod_cidade,
  cnpj: r.cnpj,
  id_contestacao: r.id_contestacao,
  sefaz_situacao: r.sefaz_situacao,
});
