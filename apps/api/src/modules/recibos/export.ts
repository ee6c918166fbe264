import { ROTULO_STATUS_RECIBO, type ReciboAdmin, type RecibosAdmQuery } from '@praca/contract';
import type { z } from 'zod';
import { col } from '../exports/columns.js';
import type { ListaExportavel } from '../exports/service.js';
import { keysetPages } from '../exports/sources.js';
import * as service from './service.js';

type R = ReciboAdmin;

/**
 * The city's receipts as a spreadsheet (issue 53): who sent which key at which shop, what it
 * became, and what it led to (the sale, the entity, the complaint). The key in full: the admins
 * check it with the SEFAZ.
 */
const RECIBO_COLUMNS = [
  col<R>('ID', 'id', (r) => r.id_recibo),
  col<R>('Enviada em', 'instante', (r) => r.criado_em),
  col<R>('Situação', 'texto', (r) => ROTULO_STATUS_RECIBO[r.status], { largura: 40 }),
  col<R>('Chave de acesso', 'texto', (r) => r.chave, { largura: 48 }),
  col<R>('CNPJ', 'texto', (r) => r.cnpj),
  col<R>('Emissão', 'texto', (r) => r.dat_emissao),
  col<R>('Valor', 'dinheiro', (r) => r.valor),
  col<R>('ID do morador', 'id', (r) => r.id_usuario),
  col<R>('Morador', 'texto', (r) => r.nome_usuario, { largura: 30 }),
  col<R>('ID do estabelecimento', 'id', (r) => r.id_estabelecimento),
  col<R>('Estabelecimento', 'texto', (r) => r.nome_estabelecimento, { largura: 30 }),
  col<R>('ID da venda', 'id', (r) => r.id_venda),
  col<R>('Entidade', 'texto', (r) => r.nome_entidade, { largura: 30 }),
  col<R>('ID da contestação', 'id', (r) => r.id_contestacao),
  col<R>('Expira em', 'instante', (r) => r.expira_em),
] as const;

type Q = z.output<typeof RecibosAdmQuery>;

/** `GET /v1/adm/recibos?formato=`: every receipt of the filter, newest first, read by keyset. */
export const RECIBOS_EXPORT: ListaExportavel<Q, R> = {
  lista: 'recibos',
  titulo: 'Notas fiscais',
  arquivo: (q) => `recibos-${q.cod_cidade}`,
  colunas: RECIBO_COLUMNS,
  fonte: async (db, user, q) => {
    const f = await service.cityFilter(db, user, q);
    return {
      contar: (ate) => service.countCity(db, f, ate + 1),
      paginas: () =>
        keysetPages(
          (after: number | undefined, size) => service.cityPage(db, f, after, size),
          (r) => r.id_recibo,
        ),
    };
  },
};
