import { formatCouponCode, type ContempladoAdmin } from '@praca/contract';
import { col } from '../exports/columns.js';

/**
 * The admin winners list as a spreadsheet (issue 39). The winner's address and photos stay
 * out: an auditor needs who won what, where and when, not where the person lives (LGPD).
 */
export const WINNER_COLUMNS = [
  col<ContempladoAdmin>('ID', 'id', (w) => w.id_sorteado),
  col<ContempladoAdmin>('Data do sorteio', 'data', (w) => w.data_sorteio),
  col<ContempladoAdmin>('ID da campanha', 'id', (w) => w.id_campanha),
  col<ContempladoAdmin>('Campanha', 'texto', (w) => w.den_campanha, { largura: 30 }),
  // The ticket as every screen and the apuração's file show it (issue 49).
  col<ContempladoAdmin>('Bilhete (série-número)', 'texto', (w) =>
    w.id_sorteio === null ? '' : formatCouponCode(w.id_sorteio),
  ),
  col<ContempladoAdmin>('Contemplado', 'texto', (w) => w.nome_sorteado, { largura: 30 }),
  col<ContempladoAdmin>('ID do participante', 'id', (w) => w.id_usuario),
  col<ContempladoAdmin>('ID do estabelecimento', 'id', (w) => w.id_estabelecimento),
  col<ContempladoAdmin>('Estabelecimento', 'texto', (w) => w.nom_estabelecimento, { largura: 30 }),
  col<ContempladoAdmin>('Vendedor', 'texto', (w) => w.nome_vendedor),
  col<ContempladoAdmin>('Data da venda', 'data', (w) => w.dat_venda),
  col<ContempladoAdmin>('Número da venda', 'texto', (w) => w.numero_venda),
  col<ContempladoAdmin>('Valor da venda', 'dinheiro', (w) => w.valor_venda),
  col<ContempladoAdmin>('Apuração', 'id', (w) => w.id_apuracao),
  col<ContempladoAdmin>('Anulado em', 'instante', (w) => w.anulado_em),
  col<ContempladoAdmin>('Motivo da anulação', 'texto', (w) => w.motivo_anulacao, { largura: 30 }),
  col<ContempladoAdmin>('Entregue em', 'instante', (w) => w.entregue_em),
] as const;
