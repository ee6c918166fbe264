import type { CampanhaAdmin, CampanhaLojaMarcada } from '@praca/contract';
import { col, simNao } from '../exports/columns.js';

/** The admin campaigns list as a spreadsheet (issue 39): the list's own fields. */
export const CAMPAIGN_COLUMNS = [
  col<CampanhaAdmin>('ID', 'id', (c) => c.id_campanha),
  col<CampanhaAdmin>('Campanha', 'texto', (c) => c.den_campanha, { largura: 40 }),
  col<CampanhaAdmin>('Início', 'data', (c) => c.validade_ini),
  col<CampanhaAdmin>('Fim', 'data', (c) => c.validade_fim),
  col<CampanhaAdmin>('Cidade (IBGE)', 'id', (c) => c.cod_cidade),
  col<CampanhaAdmin>('Link', 'texto', (c) => c.link, { largura: 30 }),
  col<CampanhaAdmin>('Vendas por loja por dia (máx.)', 'inteiro', (c) => c.limite_vendas_dia_loja),
  col<CampanhaAdmin>('Cupons por mês (máx.)', 'inteiro', (c) => c.limite_cupons_mes),
  col<CampanhaAdmin>('Valor por dia (máx., R$)', 'dinheiro', (c) => c.limite_valor_dia),
] as const;

/** A campaign's shops as its editor lists them: every shop of the city, marked when taking part. */
export const CAMPAIGN_SHOP_COLUMNS = [
  col<CampanhaLojaMarcada>('ID do estabelecimento', 'id', (s) => s.id_estabelecimento),
  col<CampanhaLojaMarcada>('Estabelecimento', 'texto', (s) => s.nome, { largura: 40 }),
  col<CampanhaLojaMarcada>('Participa', 'texto', (s) => simNao(s.id_campanha > 0)),
  col<CampanhaLojaMarcada>('Fator de cashback', 'decimal', (s) => s.fator_cashback, { casas: 4 }),
  col<CampanhaLojaMarcada>('Fator de sorteio', 'decimal', (s) => s.fator_sorteio, { casas: 4 }),
] as const;
