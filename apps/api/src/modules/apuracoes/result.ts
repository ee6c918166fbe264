import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MSG_APURACAO,
  TITULO_CONTEMPLADO_APURACAO,
  formatCouponCode,
  maskName,
  textoContempladoApuracao,
  type ResultadoApuracao,
  type ResultadoApuracaoBody,
  type ResultadoPendente,
} from '@praca/contract';
import { uniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/types.js';
import { now, nowIso, today } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import { annulDrawnWinner, recordDrawnWinner } from '../winners/admin-service.js';
import type { AuthUser } from '../auth/types.js';
import { lockCampaignDraws } from '../draws/service.js';
import { notifyPerson } from '../notifications/service.js';
import { verifiedTickets } from './integrity.js';
import { divergenceMail, winnerMail } from './mail.js';
import { prazoDe } from './presenter.js';
import * as repo from './repository.js';
import { apuracaoOf, type ApuracaoDeps } from './service.js';
import { scheduleSubstitute } from './substitutes.js';
import {
  apurarComSuplentes,
  apurarV1,
  apurarV2,
  codigoDe,
  serieNumero,
  type Bilhetes,
  type Substituicao,
} from './rule.js';
import { transaction } from '../../db/index.js';

type Resultado = z.output<typeof ResultadoApuracaoBody>;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * An apuração's result (issues 36 and 49): a contest's five prizes, entered by two people. The
 * first entry (from the contest's instant on) is kept unpublished and answers 202; the same
 * prizes from a second person (another admin of the city or a super-admin) decide: the rule over
 * the frozen ticket file, read back whole and checked against its published hash, names the
 * winners, who are recorded in prize order and told. Different prizes discard both entries and
 * tell both people. On an apuração already apurada the same route enters the contest that its
 * pending substitutes wait for. The module's overview is in service.ts.
 */

interface Winner {
  premio: number;
  id_sorteado: number;
  numero: number;
  titular: string;
  id_usuario: number;
  nome_usuario: string;
  id_estabelecimento: number;
  nome_estabelecimento: string;
  /** The sale was voided after the freeze: annulled as venda_anulada at once. */
  anulado: boolean;
  prazo: string;
}

/** What a result entry is for: the apuração's contest, or the contest its substitutes wait for. */
interface Target {
  concurso: number;
  instante: string;
  substitutes: repo.SubstituteRow[];
}

async function targetOf(deps: ApuracaoDeps, a: repo.ApuracaoRow, body: Resultado): Promise<Target> {
  if (a.status === 'agendada') {
    if (a.hash_bilhetes === '') throw new HttpError(409, MSG_APURACAO.congelando);
    if (a.suspensa_em !== null) throw new HttpError(409, MSG_APURACAO.arquivoNaoConfere);
    if (body.concurso !== undefined && body.concurso !== a.concurso) {
      throw new HttpError(409, MSG_APURACAO.semSuplentePendente);
    }
    return { concurso: a.concurso, instante: a.instante_concurso, substitutes: [] };
  }
  const pending = (await repo.substitutesOf(deps.db, [a.id_apuracao])).filter((s) => s.resolvido_em === null);
  if (pending.length === 0) throw new HttpError(409, MSG_APURACAO.jaApurada);
  const earliest = Math.min(...pending.map((s) => s.concurso));
  // Substitutes' contests are entered in order: an earlier one first.
  if (body.concurso !== undefined && body.concurso !== earliest) {
    throw new HttpError(409, MSG_APURACAO.semSuplentePendente);
  }
  const substitutes = pending.filter((s) => s.concurso === earliest);
  return { concurso: earliest, instante: substitutes[0].instante_concurso, substitutes };
}

export type EntryOutcome =
  | { kind: 'pendente'; pendente: ResultadoPendente }
  | { kind: 'resultado'; resultado: ResultadoApuracao; codCidade: number };

/**
 * `POST /v1/adm/apuracoes/{id}/resultado`. Order of the checks: 404, 403, nothing to enter 409,
 * before the contest's instant 409, the same person confirming 409 (the first entry stays),
 * different prizes 409 (both entries discarded, both people told), a file that no longer matches
 * its hash 409 (the apuração suspended).
 */
export async function enterResult(
  deps: ApuracaoDeps,
  user: AuthUser,
  id: number,
  body: Resultado,
  ip: string,
): Promise<EntryOutcome> {
  const a = await apuracaoOf(deps.db, user, id);
  const target = await targetOf(deps, a, body);
  if (now().getTime() < Date.parse(target.instante)) throw new HttpError(409, MSG_APURACAO.antesDoConcurso);
  const premios = body.premios.join(',');

  const first = await repo.pendingEntry(deps.db, id, target.concurso);
  if (!first) return firstEntry(deps, user, a, target, premios, ip);
  if (first.por === user.id) throw new HttpError(409, MSG_APURACAO.mesmaPessoa);
  if (first.premios !== premios) {
    await discard(deps, user, a, target, first, premios, ip);
    throw new HttpError(409, MSG_APURACAO.resultadoDivergente);
  }

  const bilhetes = await verifiedTickets(deps, a);
  const confirm = { entryId: first.id, enteredBy: first.por, confirmedBy: user.id, ip };
  const resultado =
    a.status === 'agendada'
      ? await decide(deps, a, bilhetes, body.premios, confirm)
      : await decideSubstitutes(deps, a, bilhetes, target, body.premios, confirm);
  return { kind: 'resultado', resultado, codCidade: a.cod_cidade };
}

/** The first of the two entries: stored, audited, nothing published. */
async function firstEntry(
  deps: ApuracaoDeps,
  user: AuthUser,
  a: repo.ApuracaoRow,
  target: Target,
  premios: string,
  ip: string,
): Promise<EntryOutcome> {
  const em = nowIso();
  try {
    await transaction(deps.db, async (trx) => {
      await repo.insertEntry(trx, {
        id_apuracao: a.id_apuracao,
        concurso: target.concurso,
        premios,
        por: user.id,
        em,
      });
      // The prizes stay out of the audit entry until confirmed: nothing is published early.
      await recordAudit(trx, {
        id_usuario: user.id,
        acao: 'lancar_resultado',
        entidade: 'apuracao',
        id_entidade: a.id_apuracao,
        depois: { concurso: target.concurso, aguardando_confirmacao: true },
        ip,
      });
    });
  } catch (err) {
    // Two first entries at once: one stands, the other is asked to confirm it.
    if (uniqueViolation(err)) throw new HttpError(409, MSG_APURACAO.resultadoPendente);
    throw err;
  }
  return {
    kind: 'pendente',
    pendente: {
      status: 'aguardando_confirmacao',
      id_apuracao: a.id_apuracao,
      concurso: target.concurso,
      lancado_por: user.nome,
      lancado_em: em,
    },
  };
}

/** Different prizes: both entries are discarded and both people told. */
async function discard(
  deps: ApuracaoDeps,
  user: AuthUser,
  a: repo.ApuracaoRow,
  target: Target,
  first: { id: number; premios: string; por: number },
  premios: string,
  ip: string,
): Promise<void> {
  await transaction(deps.db, async (trx) => {
    await repo.deleteEntry(trx, first.id);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'resultado_divergente',
      entidade: 'apuracao',
      id_entidade: a.id_apuracao,
      depois: { concurso: target.concurso, primeiro: first.premios.split(','), segundo: premios.split(',') },
      ip,
    });
  });
  const people = await repo.contactsOf(deps.db, [first.por, user.id]);
  const words = {
    title: 'Resultado não conferiu',
    body: `Os prêmios lançados para o concurso nº ${target.concurso} da apuração nº ${a.id_apuracao} não conferem; os dois lançamentos foram descartados.`,
  };
  for (const p of [first.por, user.id]) {
    await notifyPerson(deps.db, p, words).catch((err: unknown) =>
      deps.log.error({ err }, 'aviso não registrado'),
    );
  }
  for (const c of people) {
    await deps.mailer
      .sendMail(
        divergenceMail({
          to: c.email,
          id: a.id_apuracao,
          concurso: target.concurso,
          link: `${deps.siteUrl}admin/apuracoes`,
        }),
      )
      .catch((err: unknown) => deps.log.error({ err }, 'e-mail de resultado divergente não enviado'));
  }
}

interface Confirmation {
  entryId: number;
  enteredBy: number;
  confirmedBy: number;
  ip: string;
}

/**
 * Records one winner (or substitute) of ticket `index`: its coupon's holder as of the freeze,
 * drawn (it stays out of later files), e-mailed after the commit. A coupon whose sale was voided
 * after the freeze is annulled at once as venda_anulada, and its own substitute scheduled.
 */
async function recordWinner(
  deps: ApuracaoDeps,
  trx: Kysely<Database>,
  a: repo.ApuracaoRow,
  bilhetes: Bilhetes,
  index: number,
  prize: { premio: number; id_suplente?: number; dia: string },
  at: string,
): Promise<Winner> {
  const b = bilhetes.bilhete(index);
  const numero = codigoDe(b.serie, b.numero) + 1;
  const k = await repo.couponForWinner(trx, a.id_campanha, numero, a.congelado_em);
  if (!k) throw new Error(`cupom ${serieNumero(b.serie, b.numero)} do arquivo de bilhetes não existe`);
  const id_sorteado = await recordDrawnWinner(
    trx,
    k,
    {
      id_campanha: a.id_campanha,
      data_sorteio: today(),
      id_apuracao: a.id_apuracao,
      premio: prize.premio,
      ...(prize.id_suplente === undefined ? {} : { id_suplente: prize.id_suplente }),
    },
    at,
  );
  await repo.markDrawn(trx, k.id_cupom, at);
  const prazo = prazoDe(prize.dia);
  const voided = k.anulado_em !== null;
  if (!voided) {
    // The e-mail is a job of this transaction: sent once the result is committed, and only then.
    await deps.enqueue(trx, WINNER_MAIL_JOB, {
      id_apuracao: a.id_apuracao,
      id_usuario: k.id_usuario,
      campanha: a.den_campanha,
      codigo: formatCouponCode(numero),
      concurso: a.concurso,
      prazo,
    } satisfies WinnerMailJob);
  }
  return {
    premio: prize.premio,
    id_sorteado,
    numero,
    titular: b.titular,
    id_usuario: k.id_usuario,
    nome_usuario: k.nome_usuario,
    id_estabelecimento: k.id_estabelecimento,
    nome_estabelecimento: k.nome_estabelecimento,
    anulado: voided,
    prazo,
  };
}

/** Annuls, as venda_anulada, the winners whose sale was voided after the freeze (issue 49). */
async function annulVoided(deps: ApuracaoDeps, trx: Kysely<Database>, winners: Winner[], at: string) {
  const motivo = 'A venda deste cupom foi anulada depois do congelamento (contestação aceita).';
  for (const w of winners.filter((x) => x.anulado)) {
    await annulDrawnWinner(trx, w.id_sorteado, { motivo, tipo: 'venda_anulada', por: null, at });
    await scheduleSubstitute(trx, deps, w.id_sorteado, 'venda_anulada', motivo, null, at);
  }
}

/** The first result of an apuração: the rule of its version names the winners. */
async function decide(
  deps: ApuracaoDeps,
  a: repo.ApuracaoRow,
  bilhetes: Bilhetes,
  premios: string[],
  c: Confirmation,
): Promise<ResultadoApuracao> {
  const opcoes = { qtd: a.qtd_premios, mloja: a.mloja, musuario: a.musuario };
  const v1 = a.versao_regra === 1 ? apurarV1(bilhetes, premios, opcoes) : null;
  const ganhadores = v1 ? v1.ganhadores : apurarV2(bilhetes, a.hash_bilhetes, premios, opcoes).ganhadores;
  const serie_inicial = v1 ? pad(v1.serie, 3) : null;
  const numero_inicial = v1 ? pad(v1.numero, 5) : null;
  const at = nowIso();

  let winners: Winner[];
  try {
    winners = await transaction(deps.db, async (trx) => {
      await lockCampaignDraws(trx, deps.dialect, a.id_campanha);
      if (!(await repo.deleteEntry(trx, c.entryId))) throw new HttpError(409, MSG_APURACAO.jaApurada);
      const recorded = await repo.markApurada(trx, a.id_apuracao, {
        premios: premios.join(','),
        serie_inicial,
        numero_inicial,
        apurada_em: at,
        apurada_por: c.enteredBy,
        confirmada_por: c.confirmedBy,
      });
      if (!recorded) throw new HttpError(409, MSG_APURACAO.jaApurada);
      const out: Winner[] = [];
      for (const [i, index] of ganhadores.entries()) {
        out.push(
          await recordWinner(deps, trx, a, bilhetes, index, { premio: i + 1, dia: a.data_concurso }, at),
        );
      }
      await annulVoided(deps, trx, out, at);
      await recordAudit(trx, {
        id_usuario: c.confirmedBy,
        acao: 'apurar',
        entidade: 'apuracao',
        id_entidade: a.id_apuracao,
        depois: {
          premios,
          versao_regra: a.versao_regra,
          lancado_por: c.enteredBy,
          confirmado_por: c.confirmedBy,
          ...(v1 ? { serie_inicial, numero_inicial } : {}),
          ganhadores: out.map((w) => ({
            premio: w.premio,
            serie_numero: formatCouponCode(w.numero),
            id_sorteado: w.id_sorteado,
            id_usuario: w.id_usuario,
          })),
        },
        ip: c.ip,
      });
      await deps.events?.emit(
        trx,
        'apuracao.apurada',
        { cod_cidade: a.cod_cidade, id_estabelecimento: null },
        {
          id_apuracao: a.id_apuracao,
          id_campanha: a.id_campanha,
          concurso: a.concurso,
          premios,
          apurada_em: at,
          // No names (LGPD): the coupon and the shop of each prize.
          ganhadores: out.map((w) => ({
            premio: w.premio,
            serie_numero: formatCouponCode(w.numero),
            id_estabelecimento: w.id_estabelecimento,
          })),
        },
      );
      return out;
    });
  } catch (err) {
    if (uniqueViolation(err)?.startsWith('contemplados')) throw new HttpError(409, MSG_APURACAO.jaApurada);
    throw err;
  }
  await tellWinners(deps, a, winners);
  return answer(a, premios, a.concurso, winners, { serie_inicial, numero_inicial });
}

/**
 * The contest pending substitutes wait for: every substitution of the apuração, in the order
 * they were scheduled, runs again over the file (those already drawn must come out the same),
 * and the new ones are recorded.
 */
async function decideSubstitutes(
  deps: ApuracaoDeps,
  a: repo.ApuracaoRow,
  bilhetes: Bilhetes,
  target: Target,
  premios: string[],
  c: Confirmation,
): Promise<ResultadoApuracao> {
  const at = nowIso();
  const winners = await transaction(deps.db, async (trx) => {
    await lockCampaignDraws(trx, deps.dialect, a.id_campanha);
    if (!(await repo.deleteEntry(trx, c.entryId))) throw new HttpError(409, MSG_APURACAO.jaApurada);
    const all = await repo.substitutesOf(trx, [a.id_apuracao]);
    const resolving = new Set(target.substitutes.map((s) => s.id));
    const ordered = all.filter((s) => s.resolvido_em !== null || resolving.has(s.id));
    const subs: Substituicao[] = ordered.map((s) => ({
      premio: s.premio,
      premios: resolving.has(s.id) ? premios : (s.premios ?? '').split(','),
      tipo: s.tipo,
      excluidos: s.excluidos === '' ? [] : s.excluidos.split(',').map((n) => Number(n) - 1),
    }));
    const opcoes = { qtd: a.qtd_premios, mloja: a.mloja, musuario: a.musuario };
    const outcome = apurarComSuplentes(bilhetes, a.hash_bilhetes, (a.premios ?? '').split(','), opcoes, subs);
    const out: Winner[] = [];
    for (const [i, s] of ordered.entries()) {
      if (!resolving.has(s.id)) continue;
      const index = outcome.suplentes[i];
      const w =
        index === null
          ? null
          : await recordWinner(
              deps,
              trx,
              a,
              bilhetes,
              index,
              { premio: s.premio, id_suplente: s.id, dia: s.data_concurso },
              at,
            );
      if (
        !(await repo.resolveSubstitute(trx, s.id, {
          premios: premios.join(','),
          id_sorteado: w?.id_sorteado ?? null,
          resolvido_em: at,
        }))
      ) {
        throw new HttpError(409, MSG_APURACAO.jaApurada);
      }
      if (w) out.push(w);
    }
    await annulVoided(deps, trx, out, at);
    await recordAudit(trx, {
      id_usuario: c.confirmedBy,
      acao: 'apurar_suplentes',
      entidade: 'apuracao',
      id_entidade: a.id_apuracao,
      depois: {
        concurso: target.concurso,
        premios,
        lancado_por: c.enteredBy,
        confirmado_por: c.confirmedBy,
        suplentes: out.map((w) => ({
          premio: w.premio,
          serie_numero: formatCouponCode(w.numero),
          id_sorteado: w.id_sorteado,
        })),
      },
      ip: c.ip,
    });
    return out;
  });
  await tellWinners(deps, a, winners);
  return answer(a, premios, target.concurso, winners, { serie_inicial: null, numero_inicial: null });
}

function answer(
  a: repo.ApuracaoRow,
  premios: string[],
  concurso: number,
  winners: Winner[],
  start: { serie_inicial: string | null; numero_inicial: string | null },
): ResultadoApuracao {
  return {
    id_apuracao: a.id_apuracao,
    premios,
    ...start,
    versao_regra: a.versao_regra === 1 ? 1 : 2,
    concurso,
    ganhadores: winners.map((w) => ({
      premio: w.premio,
      serie_numero: formatCouponCode(w.numero),
      titular: w.titular,
      participante: maskName(w.nome_usuario),
      id_estabelecimento: w.id_estabelecimento,
      nom_estabelecimento: w.nome_estabelecimento,
      id_sorteado: w.id_sorteado,
      anulado: w.anulado,
      motivo_anulacao: null,
      tipo: w.anulado ? 'venda_anulada' : null,
      entregue: false,
      prescrito: false,
      suplente: concurso !== a.concurso,
      concurso: concurso !== a.concurso ? concurso : null,
      data_concurso: null,
      pendente: false,
      premios_concurso: concurso !== a.concurso ? premios : null,
      excluidos: [],
      prazo_reclamacao: w.prazo,
      id_usuario: w.id_usuario,
    })),
  };
}

/** After the commit: a notification for each prize (the e-mails are jobs of the transaction). */
async function tellWinners(deps: ApuracaoDeps, a: repo.ApuracaoRow, winners: Winner[]): Promise<void> {
  for (const w of winners.filter((x) => !x.anulado)) {
    try {
      await notifyPerson(deps.db, w.id_usuario, {
        title: TITULO_CONTEMPLADO_APURACAO,
        body: textoContempladoApuracao({
          campanha: a.den_campanha,
          codigo: formatCouponCode(w.numero),
          concurso: a.concurso,
        }),
      });
    } catch (err) {
      deps.log.error(
        { err, id_apuracao: a.id_apuracao, id_usuario: w.id_usuario },
        'contemplado sem notificação',
      );
    }
  }
}

/** The job that e-mails one winner of an apuração (defined in routes.ts). */
export const WINNER_MAIL_JOB = 'apuracao.email-contemplado';
export interface WinnerMailJob {
  id_apuracao: number;
  id_usuario: number;
  campanha: string;
  codigo: string;
  concurso: number;
  /** The last day to claim the prize; jobs queued before issue 49 have none. */
  prazo?: string;
}

/** The {@link WINNER_MAIL_JOB} job: nothing when the person left the programme meanwhile. */
export async function sendWinnerMail(deps: ApuracaoDeps, job: WinnerMailJob): Promise<void> {
  const [c] = await repo.contactsOf(deps.db, [job.id_usuario]);
  if (!c) return;
  const sent = await deps.mailer.sendMail(
    winnerMail({
      campanha: job.campanha,
      codigo: job.codigo,
      concurso: job.concurso,
      to: c.email,
      nome: c.nome,
      link: `${deps.siteUrl}sorteios/${job.id_apuracao}`,
      supportEmail: deps.supportEmail,
      prazo: job.prazo ?? prazoDe(today()),
    }),
  );
  if (!sent) throw new Error('e-mail do contemplado não enviado');
}
