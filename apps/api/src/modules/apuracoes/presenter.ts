import {
  PRESCRICAO_DIAS,
  REGRA_APURACAO,
  formatCouponCode,
  maskName,
  type Apuracao,
  type GanhadorApuracao,
  type ItemSorteioPublico,
} from '@praca/contract';
import type { ApuracaoRow, WinnerRow } from './repository.js';

/**
 * The public record of an apuração, field by field: the winners by série-número, masked name
 * and shop, never the person's id, e-mail or full name (the admin's result alone names the
 * person, see the service).
 */

const DAY_MS = 86_400_000;

type Reschedule = Apuracao['reagendamentos'][number] & { id_apuracao: number };

/** Not delivered, not annulled, and more than PRESCRICAO_DIAS days since the result. */
const prescribed = (w: WinnerRow, apuradaEm: string | null, now: Date): boolean =>
  w.entregue_em === null &&
  w.anulado_em === null &&
  apuradaEm !== null &&
  Date.parse(apuradaEm) + PRESCRICAO_DIAS * DAY_MS < now.getTime();

export function presentWinner(
  w: WinnerRow,
  titular: string,
  apuradaEm: string | null,
  now: Date,
): GanhadorApuracao {
  return {
    premio: w.premio ?? 0,
    serie_numero: formatCouponCode(w.numero),
    titular,
    participante: maskName(w.nome_sorteado),
    id_estabelecimento: w.id_estabelecimento,
    nom_estabelecimento: w.nome_estabelecimento,
    id_sorteado: w.id_sorteado,
    anulado: w.anulado_em !== null,
    motivo_anulacao: w.motivo_anulacao,
    entregue: w.entregue_em !== null,
    prescrito: prescribed(w, apuradaEm, now),
  };
}

/** 'congelando' until the freezing job has published the ticket file's hash. */
const statusOf = (a: Pick<ApuracaoRow, 'status' | 'hash_bilhetes'>): Apuracao['status'] =>
  a.hash_bilhetes === '' ? 'congelando' : a.status;

export function presentApuracao(
  a: ApuracaoRow,
  o: {
    bilhetes: string;
    reagendamentos: Reschedule[];
    ganhadores: GanhadorApuracao[];
  },
): Apuracao {
  return {
    id_apuracao: a.id_apuracao,
    status: statusOf(a),
    id_campanha: a.id_campanha,
    den_campanha: a.den_campanha,
    cod_cidade: a.cod_cidade,
    concurso: a.concurso,
    data_concurso: a.data_concurso,
    qtd_premios: a.qtd_premios,
    mloja: a.mloja,
    musuario: a.musuario,
    hash_bilhetes: a.hash_bilhetes,
    qtd_bilhetes: a.qtd_bilhetes,
    bilhetes_gravados: a.bilhetes_gravados,
    congelado_em: a.congelado_em,
    bilhetes: o.bilhetes,
    regra: [...REGRA_APURACAO],
    reagendamentos: o.reagendamentos.map((r) => ({
      em: r.em,
      concurso_anterior: r.concurso_anterior,
      data_anterior: r.data_anterior,
      concurso: r.concurso,
      data_concurso: r.data_concurso,
      motivo: r.motivo,
    })),
    apurada_em: a.apurada_em,
    premios: a.premios === null ? null : a.premios.split(','),
    serie_inicial: a.serie_inicial,
    numero_inicial: a.numero_inicial,
    ganhadores: o.ganhadores,
  };
}

/** One apuração in the city's public list of draws. */
export const presentListItem = (a: ApuracaoRow, winners: WinnerRow[]): ItemSorteioPublico => ({
  tipo: 'apuracao',
  id_apuracao: a.id_apuracao,
  id_registro: null,
  status: statusOf(a),
  id_campanha: a.id_campanha,
  den_campanha: a.den_campanha,
  concurso: a.concurso,
  data: a.data_concurso,
  hash: a.hash_bilhetes === '' ? null : a.hash_bilhetes,
  qtd_bilhetes: a.qtd_bilhetes,
  ganhadores: winners.map((w) => ({
    serie_numero: formatCouponCode(w.numero),
    participante: maskName(w.nome_sorteado),
    nom_estabelecimento: w.nome_estabelecimento,
    anulado: w.anulado_em !== null,
    motivo_anulacao: w.motivo_anulacao,
  })),
});
