import type { Kysely } from 'kysely';
import { MSG_APURACAO, formatCouponCode, type TipoAnulacao } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { now } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { notifyPerson } from '../notifications/service.js';
import { dataDoConcurso, instanteDoConcurso, proximoConcurso } from './calendario.js';
import * as repo from './repository.js';
import { calendarioOf, type ApuracaoSettings } from './settings.js';

/**
 * An annulled winner's substitute (issue 49). Annulling a winner of an apuração (rule version
 * 2) schedules its substitute on the next Loteria Federal contest at least
 * APURACAO_ANTECEDENCIA_MINUTOS ahead — computed by the calendar, never chosen — so at the
 * moment of the annulment nobody knows who the substitute will be. The substitute itself is
 * drawn by result.ts once that contest's five prizes are entered by two people.
 */

/** The job that tells an annulled winner by e-mail (defined in routes.ts). */
export const ANNULLED_MAIL_JOB = 'apuracao.email-anulado';
export interface AnnulledMailJob {
  id_apuracao: number;
  id_usuario: number;
  campanha: string;
  codigo: string;
  motivo: string;
}

/**
 * Schedules the substitute of the annulled winner `idSorteado` in the annulment's transaction,
 * and tells the annulled person. Answers the substitute's contest, or null for a winner that
 * did not come from an apuração of rule version 2 (nothing to substitute).
 */
export async function scheduleSubstitute(
  trx: Kysely<Database>,
  o: {
    settings: ApuracaoSettings;
    enqueue: (db: Kysely<Database>, name: string, payload: object) => Promise<void>;
  },
  idSorteado: number,
  tipo: TipoAnulacao,
  motivo: string,
  por: number | null,
  at: string,
): Promise<{ concurso: number; data_concurso: string } | null> {
  const w = await repo.winnerCoupon(trx, idSorteado);
  if (!w || w.id_apuracao === null || w.premio === null) return null;
  const a = await repo.findApuracao(trx, w.id_apuracao);
  if (!a || a.versao_regra !== 2 || a.status !== 'apurada') return null;
  const cal = await calendarioOf(trx, o.settings);
  if (!cal) throw new HttpError(409, MSG_APURACAO.referenciaAusente);
  // The notice period from now, and always a contest numbered after the apuração's own and
  // every earlier substitute's: a contest whose prizes may already be known is never used.
  const earlier = await repo.substitutesOf(trx, [a.id_apuracao]);
  const floor = Math.max(a.concurso, ...earlier.map((x) => x.concurso));
  let next = proximoConcurso(
    cal,
    o.settings.hora,
    new Date(now().getTime() + o.settings.antecedenciaMin * 60_000),
  );
  if (next.concurso <= floor) next = { concurso: floor + 1, data_concurso: dataDoConcurso(cal, floor + 1) };
  const instante = instanteDoConcurso(next.data_concurso, o.settings.hora);
  const excluidos =
    tipo === 'venda_anulada' && w.id_venda !== null
      ? await repo.saleNumbers(trx, w.id_venda, a.maior_numero)
      : [];
  await repo.insertSubstitute(trx, {
    id_apuracao: a.id_apuracao,
    premio: w.premio,
    id_sorteado_anulado: idSorteado,
    tipo,
    excluidos: excluidos.join(','),
    concurso: next.concurso,
    data_concurso: next.data_concurso,
    instante_concurso: instante.toISOString(),
    por,
    em: at,
  });
  if (w.id_usuario !== null) {
    const codigo = formatCouponCode(w.numero);
    await notifyPerson(trx, w.id_usuario, {
      title: 'Prêmio anulado',
      body: `O prêmio do seu bilhete ${codigo} (${a.den_campanha}) foi anulado. Motivo: ${motivo}`,
    });
    await o.enqueue(trx, ANNULLED_MAIL_JOB, {
      id_apuracao: a.id_apuracao,
      id_usuario: w.id_usuario,
      campanha: a.den_campanha,
      codigo,
      motivo,
    } satisfies AnnulledMailJob);
  }
  return next;
}
