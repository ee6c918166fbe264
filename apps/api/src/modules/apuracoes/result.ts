import type { z } from 'zod';
import {
  MSG_APURACAO,
  TITULO_CONTEMPLADO_APURACAO,
  formatCouponCode,
  maskName,
  textoContempladoApuracao,
  type ResultadoApuracao,
  type ResultadoApuracaoBody,
} from '@praca/contract';
import { uniqueViolation } from '../../db/errors.js';
import { nowIso, today } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import { recordDrawnWinner } from '../winners/admin-service.js';
import type { AuthUser } from '../auth/types.js';
import { lockCampaignDraws } from '../draws/service.js';
import { notifyPerson } from '../notifications/service.js';
import { winnerMail } from './mail.js';
import * as repo from './repository.js';
import { apuracaoOf, type ApuracaoDeps } from './service.js';
import { BilhetesFileReader, apurar, codigoDe, serieNumero, type Bilhetes } from './rule.js';

type Resultado = z.output<typeof ResultadoApuracaoBody>;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * An apuração's result (issue 36): the contest's five prizes, the rule of rule.ts over the frozen
 * ticket file read back and checked against its published hash, the winners recorded in prize
 * order and told. The module's overview is in service.ts.
 */

/**
 * The frozen ticket file, read back and checked against the published hash. A file that is
 * missing, malformed or not the one published is an incident, never a result: logged, and the
 * request fails (500).
 */
async function frozenTickets(deps: ApuracaoDeps, a: repo.ApuracaoRow): Promise<Bilhetes> {
  const file = a.arquivo;
  try {
    const got = await deps.store.get(file);
    if (!got) throw new Error('arquivo ausente');
    const reader = new BilhetesFileReader();
    for await (const chunk of got.body) reader.feed(chunk as Buffer);
    const { hash, bilhetes } = reader.end();
    if (hash !== a.hash_bilhetes) throw new Error(`SHA-256 ${hash}, publicado ${a.hash_bilhetes}`);
    return bilhetes;
  } catch (err) {
    deps.log.error(
      { err, id_apuracao: a.id_apuracao, arquivo: file },
      'apuração sem resultado: o arquivo de bilhetes congelado não confere com o hash publicado',
    );
    throw new Error(`arquivo de bilhetes da apuração ${a.id_apuracao} não confere`);
  }
}

interface Winner {
  premio: number;
  id_sorteado: number;
  numero: number;
  titular: string;
  id_usuario: number;
  nome_usuario: string;
  id_estabelecimento: number;
  nome_estabelecimento: string;
}

/**
 * `POST /v1/adm/apuracoes/{id}/resultado`: the contest's five prizes decide the winners. Order
 * of the checks: 404, 403, a result already 409, before the contest's day 409. Answers the
 * result (the admin sees whom to call) and the city whose cached winner list is now stale; each
 * winner gets a notification now and an e-mail after the answer.
 */
export async function enterResult(
  deps: ApuracaoDeps,
  user: AuthUser,
  id: number,
  body: Resultado,
  ip: string,
): Promise<{ resultado: ResultadoApuracao; codCidade: number }> {
  const a = await apuracaoOf(deps.db, user, id);
  if (a.status !== 'agendada') throw new HttpError(409, MSG_APURACAO.jaApurada);
  if (a.hash_bilhetes === '') throw new HttpError(409, MSG_APURACAO.congelando);
  if (today() < a.data_concurso) throw new HttpError(409, MSG_APURACAO.antesDoConcurso);
  const bilhetes = await frozenTickets(deps, a);
  const outcome = apurar(bilhetes, body.premios, {
    qtd: a.qtd_premios,
    mloja: a.mloja,
    musuario: a.musuario,
  });
  const serie_inicial = pad(outcome.serie, 3);
  const numero_inicial = pad(outcome.numero, 5);
  const at = nowIso();
  const data_sorteio = today();

  let winners: Winner[];
  try {
    winners = await deps.db.transaction().execute(async (trx) => {
      await lockCampaignDraws(trx, deps.dialect, a.id_campanha);
      const recorded = await repo.markApurada(trx, id, {
        premios: body.premios.join(','),
        serie_inicial,
        numero_inicial,
        apurada_em: at,
        apurada_por: user.id,
      });
      if (!recorded) throw new HttpError(409, MSG_APURACAO.jaApurada);
      const out: Winner[] = [];
      for (const [i, index] of outcome.ganhadores.entries()) {
        const b = bilhetes.bilhete(index);
        const numero = codigoDe(b.serie, b.numero) + 1;
        const k = await repo.couponForWinner(trx, a.id_campanha, numero, a.congelado_em);
        if (!k) throw new Error(`cupom ${serieNumero(b.serie, b.numero)} do arquivo de bilhetes não existe`);
        const id_sorteado = await recordDrawnWinner(
          trx,
          k,
          { id_campanha: a.id_campanha, data_sorteio, id_apuracao: id, premio: i + 1 },
          at,
        );
        await repo.markDrawn(trx, k.id_cupom, at);
        out.push({
          premio: i + 1,
          id_sorteado,
          numero,
          titular: b.titular,
          id_usuario: k.id_usuario,
          nome_usuario: k.nome_usuario,
          id_estabelecimento: k.id_estabelecimento,
          nome_estabelecimento: k.nome_estabelecimento,
        });
        // The e-mail is a job of this transaction: sent once the result is committed, and only then.
        await deps.enqueue(trx, WINNER_MAIL_JOB, {
          id_apuracao: id,
          id_usuario: k.id_usuario,
          campanha: a.den_campanha,
          codigo: formatCouponCode(numero),
          concurso: a.concurso,
        } satisfies WinnerMailJob);
      }
      await recordAudit(trx, {
        id_usuario: user.id,
        acao: 'apurar',
        entidade: 'apuracao',
        id_entidade: id,
        depois: {
          premios: body.premios,
          serie_inicial,
          numero_inicial,
          ganhadores: out.map((w) => ({
            premio: w.premio,
            serie_numero: formatCouponCode(w.numero),
            id_sorteado: w.id_sorteado,
            id_usuario: w.id_usuario,
          })),
        },
        ip,
      });
      await deps.events?.emit(
        trx,
        'apuracao.apurada',
        { cod_cidade: a.cod_cidade, id_estabelecimento: null },
        {
          id_apuracao: id,
          id_campanha: a.id_campanha,
          concurso: a.concurso,
          premios: body.premios,
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
    const constraint = uniqueViolation(err);
    if (constraint === 'contemplados_apuracao_uq' || constraint?.startsWith('contemplados.id_apuracao')) {
      throw new HttpError(409, MSG_APURACAO.jaApurada);
    }
    throw err;
  }

  await tellWinners(deps, a, winners);
  return {
    resultado: {
      id_apuracao: id,
      premios: body.premios,
      serie_inicial,
      numero_inicial,
      ganhadores: winners.map((w) => ({
        premio: w.premio,
        serie_numero: formatCouponCode(w.numero),
        titular: w.titular,
        participante: maskName(w.nome_usuario),
        id_estabelecimento: w.id_estabelecimento,
        nom_estabelecimento: w.nome_estabelecimento,
        id_sorteado: w.id_sorteado,
        anulado: false,
        motivo_anulacao: null,
        entregue: false,
        prescrito: false,
        id_usuario: w.id_usuario,
      })),
    },
    codCidade: a.cod_cidade,
  };
}

/** After the commit: a notification for each prize (the e-mails are jobs of the transaction). */
async function tellWinners(deps: ApuracaoDeps, a: repo.ApuracaoRow, winners: Winner[]): Promise<void> {
  const words = (w: Winner) => ({
    campanha: a.den_campanha,
    codigo: formatCouponCode(w.numero),
    concurso: a.concurso,
  });
  for (const w of winners) {
    try {
      await notifyPerson(deps.db, w.id_usuario, {
        title: TITULO_CONTEMPLADO_APURACAO,
        body: textoContempladoApuracao(words(w)),
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
    }),
  );
  if (!sent) throw new Error('e-mail do contemplado não enviado');
}
