import {
  formatCouponCode,
  type AberturaSorteio,
  type AberturaSorteioPublica,
  type FaixaSorteio,
  type ItemSorteioPublico,
  type RegistroSorteio,
  type ResultadoSorteio,
} from '@praca/contract';
import { maskedParticipant } from './draw-rule.js';
import type { AberturaRow, RecordRow } from './repository.js';

/** What the draw answers the admin who made it: the winner's full name, for the dialog. */
export interface DrawOutcome {
  id_sorteado: number;
  id_registro: number;
  numero: number;
  id_usuario: number;
  nome_usuario: string;
  id_estabelecimento: number;
  nome_estabelecimento: string;
  id_campanha: number;
  den_campanha: string;
  data_sorteio: string;
  semente: string | null;
  id_abertura: number | null;
  hash_semente: string | null;
  hash_lista: string | null;
  qtd_elegiveis: number;
  posicao: number;
}

export const presentResult = (o: DrawOutcome): ResultadoSorteio => ({
  idsorteado: o.id_sorteado,
  id_sorteio: o.numero,
  codigo: formatCouponCode(o.numero),
  id_usuario: o.id_usuario,
  id_estabelecimento: o.id_estabelecimento,
  nom_estabecimento: o.nome_estabelecimento,
  nom_usuario: o.nome_usuario,
  id_campanha: o.id_campanha,
  den_campanha: o.den_campanha,
  data_sorteio: o.data_sorteio,
  id_registro: o.id_registro,
  semente: o.semente,
  id_abertura: o.id_abertura,
  hash_semente: o.hash_semente,
  hash_lista: o.hash_lista,
  qtd_elegiveis: o.qtd_elegiveis,
  posicao: o.posicao,
});

/**
 * The public record: field by field, the participant masked as in the ticket file, never the
 * person's id, e-mail or full name, and the coupon by its code only (as in the ticket file).
 * `bilhetes` is the ticket file's address when it is stored. An annulled winner shows with
 * when and why, next to the draw (issue 36).
 */
export function presentRecord(r: RecordRow, bilhetes: string | null): RegistroSorteio {
  const numero = Number(r.numero);
  return {
    id_registro: r.id,
    id_campanha: r.id_campanha,
    den_campanha: r.den_campanha,
    cod_cidade: r.cod_cidade,
    realizado_em: r.criado_em,
    mloja: r.mloja,
    musuario: r.musuario,
    semente: r.semente,
    id_abertura: r.id_abertura ?? null,
    hash_semente: r.hash_semente ?? null,
    hash_lista: r.hash_lista,
    qtd_elegiveis: Number(r.qtd_elegiveis),
    posicao: Number(r.posicao),
    codigo: formatCouponCode(numero),
    participante: maskedParticipant(r.nome_usuario),
    nom_estabelecimento: r.nome_estabelecimento,
    bilhetes,
    anulado: r.anulado_em !== null,
    anulado_em: r.anulado_em,
    motivo_anulacao: r.motivo_anulacao,
  };
}

/**
 * An instant draw in the city's public list of draws (beside the apurações): its instant, the
 * ticket file's hash when it kept one, how many coupons could win, and its one winner masked,
 * annulled or not (no hidden re-draws).
 */
export const presentPublicDraw = (r: RecordRow): ItemSorteioPublico => ({
  tipo: 'instantaneo',
  id_apuracao: null,
  id_registro: r.id,
  status: 'realizado',
  id_campanha: r.id_campanha,
  den_campanha: r.den_campanha,
  concurso: null,
  data: r.criado_em,
  hash: r.hash_lista,
  qtd_bilhetes: Number(r.qtd_elegiveis),
  ganhadores: [
    {
      serie_numero: formatCouponCode(Number(r.numero)),
      participante: maskedParticipant(r.nome_usuario),
      nom_estabelecimento: r.nome_estabelecimento,
      anulado: r.anulado_em !== null,
      motivo_anulacao: r.motivo_anulacao,
    },
  ],
});

/** A campaign's issued coupons by code: first, last and how many (none: nulls and 0). */
export const presentRange = (
  idCampanha: number,
  range: { min: number; max: number } | null,
): FaixaSorteio => ({
  id_campanha: idCampanha,
  qtd_cupons: range ? range.max - range.min + 1 : 0,
  primeiro: range ? formatCouponCode(range.min) : null,
  ultimo: range ? formatCouponCode(range.max) : null,
});

/** What opening the draw dialog answers the admin: the hash, never the seed. */
export const presentAbertura = (a: AberturaSorteio): AberturaSorteio => ({
  id_abertura: a.id_abertura,
  id_campanha: a.id_campanha,
  hash_semente: a.hash_semente,
  aberto_em: a.aberto_em,
});

/** The public opening: the seed only once a draw used it (and revealed it in its record). */
export const presentPublicAbertura = (a: AberturaRow): AberturaSorteioPublica => ({
  ...presentAbertura(a),
  den_campanha: a.den_campanha,
  cod_cidade: a.cod_cidade,
  id_registro: a.id_registro,
  semente: a.id_registro === null ? null : a.semente,
});

/** An opening no draw used, in the city's public list: its published hash, no winner. */
export const presentOpenAbertura = (a: {
  id_campanha: number;
  den_campanha: string;
  hash_semente: string;
  aberto_em: string;
}): ItemSorteioPublico => ({
  tipo: 'instantaneo',
  id_apuracao: null,
  id_registro: null,
  status: 'aberto',
  id_campanha: a.id_campanha,
  den_campanha: a.den_campanha,
  concurso: null,
  data: a.aberto_em,
  hash: a.hash_semente,
  qtd_bilhetes: 0,
  ganhadores: [],
});
