import type { ContestacaoAdmin } from '@praca/contract';
import { col, simNao } from '../exports/columns.js';

type C = ContestacaoAdmin;

const TIPO: Record<C['tipo'], string> = { nao_reconheco: 'Não reconheço', nao_registrada: 'Não registrada' };
const STATUS: Record<C['status'], string> = { aberta: 'Aberta', aceita: 'Aceita', recusada: 'Recusada' };

/**
 * The city's complaints as a spreadsheet (issue 39): who complained (the name the admin list
 * shows, no contact data), about which sale, and the decision. The receipt's photo stays private.
 */
export const CONTESTACAO_COLUMNS = [
  col<C>('ID', 'id', (c) => c.id_contestacao),
  col<C>('Aberta em', 'instante', (c) => c.criada_em),
  col<C>('Tipo', 'texto', (c) => TIPO[c.tipo]),
  col<C>('Situação', 'texto', (c) => STATUS[c.status]),
  col<C>('Aberta pela nota fiscal', 'texto', (c) => simNao(c.automatica)),
  col<C>('ID do morador', 'id', (c) => c.id_usuario),
  col<C>('Morador', 'texto', (c) => c.nome_usuario, { largura: 30 }),
  col<C>('ID do estabelecimento', 'id', (c) => c.id_estabelecimento),
  col<C>('Estabelecimento', 'texto', (c) => c.nome_estabelecimento, { largura: 30 }),
  col<C>('ID da venda', 'id', (c) => c.id_venda),
  col<C>('Data da venda', 'data', (c) => c.dat_venda),
  col<C>('Número da venda', 'texto', (c) => c.numero_venda),
  col<C>('Valor da venda', 'dinheiro', (c) => c.valor_venda),
  col<C>('Decidida em', 'instante', (c) => c.decidida_em),
  col<C>('Motivo', 'texto', (c) => c.motivo, { largura: 40 }),
] as const;
