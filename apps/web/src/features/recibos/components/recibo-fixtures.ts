import type { EntidadePublica, Recibo, ReciboAdmin } from '@praca/contract';

/** A receipt as the API answers it (issue 53), for screen tests. */
export const recibo = (id: number, extra: Partial<Recibo> = {}): Recibo => ({
  id_recibo: id,
  chave: '35261111222333000181650010000000011123456784',
  status: 'pendente',
  id_estabelecimento: 1,
  nome_estabelecimento: 'Padaria Bella Vista',
  valor: 45.9,
  dat_emissao: '2026-11',
  id_venda: null,
  id_entidade: null,
  nome_entidade: null,
  criado_em: '2026-11-20T13:00:00.000Z',
  expira_em: '2026-12-20T13:00:00.000Z',
  ...extra,
});

export const reciboAdmin = (id: number, extra: Partial<ReciboAdmin> = {}): ReciboAdmin => ({
  ...recibo(id),
  id_usuario: 10,
  nome_usuario: 'Maria Consumidora',
  cod_cidade: 3548500,
  cnpj: '11222333000181',
  id_contestacao: null,
  sefaz_situacao: null,
  ...extra,
});

export const entidade = (id: number, nome: string): EntidadePublica => ({
  id_entidade: id,
  nome,
  cnpj: '',
  causa: 'Crianças',
  logo: '',
  contato: '',
  cupons: 0,
  campanhas: [],
  premios: [],
});
