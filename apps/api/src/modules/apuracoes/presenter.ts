import {
  PRESCRICAO_DIAS,
  REGRAS_APURACAO,
  addDays,
  formatCouponCode,
  maskName,
  type Apuracao,
  type GanhadorApuracao,
  type ItemSorteioPublico,
  type Publicacao,
} from '@praca/contract';
import type { ApuracaoRow, SubstituteRow, WinnerRow } from './repository.js';

/**
 * The public record of an apuração, field by field: the winners by série-número, masked name
 * and shop, never the person's id, e-mail or full name (the admin's result alone names the
 * person, see the service). Substitutes (issue 49) follow their prize's first winner, in the
 * order they were scheduled; a pending one shows the contest it waits for.
 */

type Reschedule = Apuracao['reagendamentos'][number] & { id_apuracao: number };

/** The last day to claim a prize drawn on `dia` (Lei 5.768 art. 6). */
export const prazoDe = (dia: string): string => addDays(dia, PRESCRICAO_DIAS);

const numbers = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number));

/** An entity's public name is shown whole; a person's is masked. */
const shownName = (w: Pick<WinnerRow, 'nome_sorteado' | 'id_usuario'>, entidades: Entidades): string =>
  (w.id_usuario !== null ? entidades.get(w.id_usuario) : undefined) ?? maskName(w.nome_sorteado);

/** Social entities among the winners: their account → their public name (shown whole). */
export type Entidades = ReadonlyMap<number, string>;

export interface WinnerContext {
  titular: (w: WinnerRow) => string;
  today: string;
  entidades: Entidades;
}

function presentWinner(
  w: WinnerRow,
  o: WinnerContext & { dataConcurso: string; suplente?: SubstituteRow },
): GanhadorApuracao {
  const s = o.suplente;
  const dia = s ? s.data_concurso : o.dataConcurso;
  const prazo = prazoDe(dia);
  return {
    premio: w.premio ?? 0,
    serie_numero: formatCouponCode(w.numero),
    titular: o.titular(w),
    participante: shownName(w, o.entidades),
    id_estabelecimento: w.id_estabelecimento,
    nom_estabelecimento: w.nome_estabelecimento,
    id_sorteado: w.id_sorteado,
    anulado: w.anulado_em !== null,
    motivo_anulacao: w.motivo_anulacao,
    tipo: w.anulado_em === null ? null : (w.tipo_anulacao ?? 'nao_localizado'),
    entregue: w.entregue_em !== null,
    prescrito: w.entregue_em === null && w.anulado_em === null && prazo < o.today,
    suplente: s !== undefined,
    concurso: s ? s.concurso : null,
    data_concurso: s ? s.data_concurso : null,
    pendente: false,
    premios_concurso: s?.premios ? s.premios.split(',') : null,
    excluidos: s ? numbers(s.excluidos).map(formatCouponCode) : [],
    prazo_reclamacao: prazo,
  };
}

/** A substitute with no ticket yet (its contest is pending) or none left to draw. */
function presentOpenSubstitute(s: SubstituteRow): GanhadorApuracao {
  return {
    premio: s.premio,
    serie_numero: '',
    titular: '',
    participante: s.resolvido_em === null ? '' : 'Nenhum bilhete elegível',
    id_estabelecimento: 0,
    nom_estabelecimento: '',
    id_sorteado: null,
    anulado: false,
    motivo_anulacao: null,
    tipo: null,
    entregue: false,
    prescrito: false,
    suplente: true,
    concurso: s.concurso,
    data_concurso: s.data_concurso,
    pendente: s.resolvido_em === null,
    premios_concurso: s.premios ? s.premios.split(',') : null,
    excluidos: numbers(s.excluidos).map(formatCouponCode),
    prazo_reclamacao: null,
  };
}

/**
 * Every winner of one apuração in prize order: the prize's first winner, then its substitutes
 * in the order they were scheduled.
 */
export function presentWinners(
  a: Pick<ApuracaoRow, 'data_concurso'>,
  winners: WinnerRow[],
  substitutes: SubstituteRow[],
  o: WinnerContext,
): GanhadorApuracao[] {
  const bySubstitute = new Map(substitutes.map((s) => [s.id, s]));
  const out: { premio: number; order: number; g: GanhadorApuracao }[] = [];
  for (const w of winners) {
    if (w.id_suplente !== null) continue;
    out.push({
      premio: w.premio ?? 0,
      order: 0,
      g: presentWinner(w, { ...o, dataConcurso: a.data_concurso }),
    });
  }
  const substituteWinner = new Map(
    winners.filter((w) => w.id_suplente !== null).map((w) => [w.id_suplente, w]),
  );
  for (const s of substitutes) {
    const w = substituteWinner.get(s.id);
    const g = w
      ? presentWinner(w, { ...o, dataConcurso: a.data_concurso, suplente: bySubstitute.get(s.id) })
      : presentOpenSubstitute(s);
    out.push({ premio: s.premio, order: s.id, g });
  }
  return out.sort((x, y) => x.premio - y.premio || x.order - y.order).map((x) => x.g);
}

/** 'congelando' until the hash is published; 'suspensa' while the stored file does not match it. */
const statusOf = (a: Pick<ApuracaoRow, 'status' | 'hash_bilhetes' | 'suspensa_em'>): Apuracao['status'] =>
  a.hash_bilhetes === ''
    ? 'congelando'
    : a.status === 'agendada' && a.suspensa_em !== null
      ? 'suspensa'
      : a.status;

export const presentPublication = (
  p: { veiculo: string; data_publicacao: string; url: string | null; em: string },
  dataConcurso: string,
): Publicacao => ({
  veiculo: p.veiculo,
  data_publicacao: p.data_publicacao,
  url: p.url,
  em: p.em,
  posterior_ao_concurso: p.data_publicacao > dataConcurso,
});

const parseList = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

export function presentApuracao(
  a: ApuracaoRow,
  o: {
    bilhetes: string;
    edital: string;
    ata: string;
    reagendamentos: Reschedule[];
    ganhadores: GanhadorApuracao[];
    publicacoes: Publicacao[];
    resultadoOficial: string | null;
    aguardandoConfirmacao: boolean;
    lancadoPor: string | null;
    confirmadoPor: string | null;
  },
): Apuracao {
  const versao = a.versao_regra === 1 ? 1 : 2;
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
    versao_regra: versao,
    regra: [...REGRAS_APURACAO[versao]],
    instante_concurso: a.instante_concurso,
    excecao_motivo: a.excecao_motivo,
    descricao_premios: parseList(a.descricao_premios),
    autorizacao: a.autorizacao,
    final: a.final === 1,
    publicacoes: o.publicacoes,
    edital: o.edital,
    ata: a.status === 'apurada' ? o.ata : null,
    resultado_oficial: o.resultadoOficial,
    aguardando_confirmacao: o.aguardandoConfirmacao,
    lancado_por: o.lancadoPor,
    confirmado_por: o.confirmadoPor,
    prazo_reclamacao: prazoDe(a.data_concurso),
    reagendamentos: o.reagendamentos.map((r) => ({
      em: r.em,
      concurso_anterior: r.concurso_anterior,
      data_anterior: r.data_anterior,
      concurso: r.concurso,
      data_concurso: r.data_concurso,
      motivo: r.motivo,
      tipo: r.tipo,
    })),
    apurada_em: a.apurada_em,
    premios: a.premios === null ? null : a.premios.split(','),
    serie_inicial: a.serie_inicial,
    numero_inicial: a.numero_inicial,
    ganhadores: o.ganhadores,
  };
}

/** One apuração in the city's public list. */
export const presentListItem = (
  a: ApuracaoRow,
  winners: WinnerRow[],
  entidades: Entidades,
): ItemSorteioPublico => ({
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
    participante: shownName(w, entidades),
    nom_estabelecimento: w.nome_estabelecimento,
    anulado: w.anulado_em !== null,
    motivo_anulacao: w.motivo_anulacao,
  })),
});
