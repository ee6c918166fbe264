import { HistoricoContestacao, type Contestacao, type ContestacaoAdmin } from '@praca/contract';
import { z } from 'zod';
import { centsToReais } from '../coupons/units.js';
import type { ContestacaoRow } from './repository.js';

const History = z.array(HistoricoContestacao);
export type Historico = z.infer<typeof History>;

export const parseHistory = (json: string): Historico => History.parse(JSON.parse(json));

/** A complaint as its author sees it, field by field. */
export const presentContestacao = (r: ContestacaoRow): Contestacao => ({
  id_contestacao: r.id_contestacao,
  tipo: r.tipo,
  status: r.status,
  id_venda: r.id_venda,
  id_estabelecimento: r.id_estabelecimento,
  nome_estabelecimento: r.nome_estabelecimento,
  dat_venda: r.dat_venda,
  valor_venda: centsToReais(r.valor_centavos),
  numero_venda: r.numero_venda,
  imagem: r.imagem,
  criada_em: r.criada_em,
  decidida_em: r.decidida_em,
  motivo: r.motivo,
  historico: parseHistory(r.historico),
});

/** The same, with who made it, for the city's admins. */
export const presentContestacaoAdmin = (r: ContestacaoRow): ContestacaoAdmin => ({
  ...presentContestacao(r),
  id_usuario: r.id_usuario,
  nome_usuario: r.nome_usuario,
  cod_cidade: r.cod_cidade,
  automatica: r.automatica === 'S',
});
