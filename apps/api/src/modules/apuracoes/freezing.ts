import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MSG_ADMIN,
  MSG_APURACAO,
  REGRAS_APURACAO,
  VERSAO_REGRA_ATUAL,
  addDays,
  couponCode,
  type AgendamentoApuracao,
  type AgendarApuracaoBody,
  type Apuracao,
  type ConcursoNaoRealizadoBody,
  type ProximoConcurso,
  type ReagendarApuracaoBody,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import { now, nowIso, today } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { lockCampaignDraws } from '../draws/service.js';
import { mayApurarInCity } from './policy.js';
import { campaignHasEntityHolders } from '../entidades/holder.js';
import * as repo from './repository.js';
import { apuracaoOf, checkConcursoDay, publicRecord, type ApuracaoDeps } from './service.js';
import { APURACAO_CSV_FIRST_LINE, bilheteLine, titularDe, titularesDosBilhetes } from './rule.js';
import { dataDoConcurso, instanteDoConcurso, proximoConcurso, type Calendario } from './calendario.js';
import { auditoresOf, calendarioOf } from './settings.js';
import { freezeMail, plainMail } from './mail.js';
import { transaction } from '../../db/index.js';

/** Eligible coupons read per query while freezing: memory stays bounded. */
const FREEZE_BATCH = 10_000;

/** The data folder's subfolder of the ticket files. */
const FILES_DIR = 'apuracoes';

type Agendar = z.output<typeof AgendarApuracaoBody>;
type Reagendar = z.output<typeof ReagendarApuracaoBody>;
type NaoRealizado = z.output<typeof ConcursoNaoRealizadoBody>;

/**
 * Scheduling an apuração freezes its ticket file (issue 36); moving it keeps that file. The
 * module's overview is in service.ts.
 *
 * Freezing is a job (issue 38, decision 046). The request fixes WHICH tickets go in, under the
 * campaign's draw lock and in one transaction: the apuração with its instant (`congelado_em`),
 * the highest number (`maior_numero`), the left-out numbers (`apuracao_fora`) and so the count
 * (`qtd_bilhetes`), and the job, enqueued in that same transaction. The job writes the file
 * from exactly those tickets, hashing the bytes it writes, stores it, and publishes the hash;
 * a run cut short (a crash, a deploy, the store down) re-runs from the start and writes the
 * very same bytes, since nothing it reads changes after the request. Once the hash is
 * published nothing rewrites the file. The request waits for the job (`freezeWaitMs`): 201
 * with the hash as before, or 202 while it is still `congelando`.
 */

/** The job that writes and publishes an apuração's ticket file. */
export const FREEZE_JOB = 'apuracao.congelar';

export interface FreezeJob {
  id_apuracao: number;
  /** Who scheduled it and from where, for the audit entry written with the hash. */
  id_usuario: number;
  ip: string;
  pedido: Agendar;
}

/**
 * Writes the ticket file of the apuração's fixed tickets, in number order (= série-número
 * order), hashing the very bytes written. Answers the hash and how many tickets it holds.
 */
async function writeTicketFile(
  db: Kysely<Database>,
  file: fs.FileHandle,
  o: {
    idCampanha: number;
    idApuracao: number;
    upTo: number;
    secret: string;
    titulares: repo.Holders;
    /** Issue 49: 'S' needs no link between tickets (a pseudonym per ticket), 'S' names no shop. */
    musuario: 'S' | 'N';
    mloja: 'S' | 'N';
  },
  progress: (written: number) => Promise<void>,
): Promise<{ hash: string; qtd: number }> {
  const hash = createHash('sha256');
  let offset = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    hash.update(bytes);
    for (let done = 0; done < bytes.length;) {
      done += (await file.write(bytes, done, bytes.length - done, offset + done)).bytesWritten;
    }
    offset += bytes.length;
  };

  await write(APURACAO_CSV_FIRST_LINE);
  const titulares = new Map<number, string>();
  let qtd = 0;
  let after = 0;
  for (;;) {
    const rows = await repo.frozenBatch(db, o, after, FREEZE_BATCH);
    let text = '';
    const porBilhete =
      o.musuario === 'S'
        ? titularesDosBilhetes(
            o.secret,
            o.idApuracao,
            rows.map((r) => r.numero),
          )
        : null;
    for (const [i, r] of rows.entries()) {
      let titular = porBilhete ? porBilhete[i] : titulares.get(r.id_usuario);
      if (titular === undefined) {
        titular = titularDe(o.secret, o.idApuracao, r.id_usuario);
        titulares.set(r.id_usuario, titular);
      }
      const { serie, numero } = couponCode(r.numero);
      const id_estabelecimento = o.mloja === 'S' ? 0 : r.id_estabelecimento;
      text += bilheteLine({ serie, numero, titular, id_estabelecimento });
      qtd++;
      after = r.numero;
    }
    await write(text);
    if (rows.length < FREEZE_BATCH) break;
    await progress(qtd);
  }
  return { hash: hash.digest('hex'), qtd };
}

/** Requests of this instance waiting for an apuração's file; other instances' jobs are polled. */
const waiting = new Map<number, Set<() => void>>();

function wake(idApuracao: number): void {
  for (const resolve of waiting.get(idApuracao) ?? []) resolve();
}

/** How often a waiting request looks at the record, for a job another instance ran. */
const POLL_MS = 200;

/** Waits up to `ms` for the apuração's hash; true once it is published. */
async function waitFrozen(deps: ApuracaoDeps, idApuracao: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  let resolveNow: () => void = () => undefined;
  const set = waiting.get(idApuracao) ?? new Set();
  waiting.set(idApuracao, set);
  try {
    for (;;) {
      const signal = new Promise<void>((resolve) => {
        resolveNow = resolve;
        set.add(resolve);
      });
      const a = await repo.findApuracao(deps.db, idApuracao);
      if (a && a.hash_bilhetes !== '') return true;
      const left = until - Date.now();
      if (left <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        signal,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.min(POLL_MS, left)))),
      ]);
      clearTimeout(timer);
      set.delete(resolveNow);
    }
  } finally {
    set.delete(resolveNow);
    if (set.size === 0) waiting.delete(idApuracao);
  }
}

/**
 * The freezing job: writes the file of the fixed tickets under a temporary name in DATA_DIR,
 * stores it as `apuracoes/<id>.csv`, then publishes its hash (with the audit entry of the
 * scheduling) in one conditional update. Nothing to do once the hash is published.
 */
export async function freeze(deps: ApuracaoDeps, job: FreezeJob): Promise<void> {
  const id = job.id_apuracao;
  const a = await repo.findApuracao(deps.db, id);
  if (!a || a.hash_bilhetes !== '') return wake(id);
  const secret = await deps.secret();
  const dir = path.join(deps.dataDir, FILES_DIR);
  await fs.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.tmp-${process.pid}-${randomBytes(8).toString('hex')}.csv`);
  try {
    const file = await fs.open(tmp, 'wx');
    let frozen: { hash: string; qtd: number };
    try {
      frozen = await writeTicketFile(
        deps.db,
        file,
        {
          idCampanha: a.id_campanha,
          idApuracao: id,
          upTo: a.maior_numero,
          secret,
          titulares: {
            porTitular: await campaignHasEntityHolders(deps.db, a.id_campanha),
            asOf: a.congelado_em,
          },
          // Version 1's files named every holder and shop (kept for one frozen before issue 49).
          musuario: a.versao_regra === 2 ? a.musuario : 'N',
          mloja: a.versao_regra === 2 ? a.mloja : 'N',
        },
        (n) => repo.setProgress(deps.db, id, n),
      );
      await file.sync();
    } finally {
      await file.close();
    }
    if (frozen.qtd !== a.qtd_bilhetes) {
      throw new Error(`apuração ${id}: ${frozen.qtd} bilhetes escritos, ${a.qtd_bilhetes} fixados`);
    }
    const arquivo = `${FILES_DIR}/${id}.csv`;
    await deps.store.put(arquivo, { file: tmp }, 'text/csv; charset=utf-8');
    await transaction(deps.db, async (trx) => {
      const values = { hash_bilhetes: frozen.hash, arquivo, bilhetes_gravados: frozen.qtd };
      if (!(await repo.setFrozenFile(trx, id, values))) return;
      await recordAudit(trx, {
        id_usuario: job.id_usuario,
        acao: 'agendar',
        entidade: 'apuracao',
        id_entidade: id,
        depois: {
          ...job.pedido,
          hash_bilhetes: frozen.hash,
          qtd_bilhetes: frozen.qtd,
          maior_numero: a.maior_numero,
          arquivo,
        },
        ip: job.ip,
      });
      // Issue 49: the hash leaves the operator's server at once, to the admins and the auditors.
      await deps.enqueue(trx, FREEZE_MAIL_JOB, { id_apuracao: id } satisfies FreezeMailJob);
      // Issue 39: the city's webhooks hear of it once the hash is published.
      await deps.events?.emit(
        trx,
        'apuracao.agendada',
        { cod_cidade: a.cod_cidade, id_estabelecimento: null },
        {
          id_apuracao: id,
          id_campanha: a.id_campanha,
          concurso: job.pedido.concurso,
          data_concurso: job.pedido.data_concurso,
          qtd_premios: job.pedido.qtd_premios,
          qtd_bilhetes: frozen.qtd,
          hash_bilhetes: frozen.hash,
        },
      );
    });
  } finally {
    await fs.rm(tmp, { force: true }).catch(() => undefined);
  }
  wake(id);
}

/** The job that e-mails a frozen apuração's hash to the city's admins and the auditors. */
export const FREEZE_MAIL_JOB = 'apuracao.email-congelamento';
export interface FreezeMailJob {
  id_apuracao: number;
}

const instantText = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .replace(',', ' às');

/** The {@link FREEZE_MAIL_JOB} job: one e-mail to each admin of the city and each auditor. */
export async function sendFreezeMail(deps: ApuracaoDeps, job: FreezeMailJob): Promise<void> {
  const a = await repo.findApuracao(deps.db, job.id_apuracao);
  if (!a || a.hash_bilhetes === '') return;
  const admins = await repo.adminsOf(deps.db, a.cod_cidade);
  const to = new Set([
    ...admins.map((u) => u.email?.toLowerCase()).filter((e): e is string => !!e),
    ...(await auditoresOf(deps.db, deps.settings)),
  ]);
  const versao = a.versao_regra === 1 ? 1 : 2;
  for (const email of to) {
    const sent = await deps.mailer.sendMail(
      freezeMail({
        to: email,
        id: a.id_apuracao,
        campanha: a.den_campanha,
        hash: a.hash_bilhetes,
        qtd: a.qtd_bilhetes,
        concurso: a.concurso,
        dataConcurso: a.data_concurso,
        instante: instantText(a.instante_concurso),
        versao,
        regra: REGRAS_APURACAO[versao],
        excecao: a.excecao_motivo,
        link: `${deps.siteUrl}sorteios/${a.id_apuracao}`,
      }),
    );
    if (!sent) throw new Error(`e-mail do congelamento da apuração ${a.id_apuracao} não enviado`);
  }
}

/**
 * The job that tells the city's admins and the auditors that an apuração moved to another
 * contest (a reschedule, a contest not held), with the reason and any calendar exception.
 */
export const MOVE_MAIL_JOB = 'apuracao.email-mudanca';
export interface MoveMailJob {
  id_apuracao: number;
  assunto: string;
  texto: string[];
}

/** The {@link MOVE_MAIL_JOB} job. */
export async function sendMoveMail(deps: ApuracaoDeps, job: MoveMailJob): Promise<void> {
  const a = await repo.findApuracao(deps.db, job.id_apuracao);
  if (!a) return;
  const admins = await repo.adminsOf(deps.db, a.cod_cidade);
  const to = new Set([
    ...admins.map((u) => u.email?.toLowerCase()).filter((e): e is string => !!e),
    ...(await auditoresOf(deps.db, deps.settings)),
  ]);
  for (const email of to) {
    const sent = await deps.mailer.sendMail(
      plainMail(email, job.assunto, job.texto, `${deps.siteUrl}sorteios/${a.id_apuracao}`),
    );
    if (!sent) throw new Error(`e-mail da mudança da apuração ${a.id_apuracao} não enviado`);
  }
}

/** The calendar, or 409 asking for its anchor. */
async function calendar(deps: ApuracaoDeps): Promise<Calendario> {
  const cal = await calendarioOf(deps.db, deps.settings);
  if (!cal) throw new HttpError(409, MSG_APURACAO.referenciaAusente);
  return cal;
}

/**
 * A contest number and its date agree by the calendar, or the body explains why not (a holiday
 * moved Caixa's draw): 400 otherwise. Answers the exception's reason, if any.
 */
function checkConcurso(
  cal: Calendario,
  concurso: number,
  dia: string,
  excecao: string | undefined,
): string | null {
  checkConcursoDay(dia);
  if (dataDoConcurso(cal, concurso) === dia) return null;
  if (!excecao) throw new HttpError(400, MSG_APURACAO.concursoNaoConfere);
  return excecao;
}

/** The contest's instant, at least APURACAO_ANTECEDENCIA_MINUTOS from now (409 otherwise). */
function checkAhead(deps: ApuracaoDeps, dia: string): Date {
  const instant = instanteDoConcurso(dia, deps.settings.hora);
  if (now().getTime() + deps.settings.antecedenciaMin * 60_000 > instant.getTime()) {
    throw new HttpError(409, MSG_APURACAO.antecedencia);
  }
  return instant;
}

/** `GET /v1/adm/apuracoes/proximo-concurso`: the first contest that may be scheduled now. */
export async function nextSchedulable(deps: ApuracaoDeps): Promise<ProximoConcurso> {
  const cal = await calendar(deps);
  const next = proximoConcurso(
    cal,
    deps.settings.hora,
    new Date(now().getTime() + deps.settings.antecedenciaMin * 60_000 + 1),
  );
  return {
    ...next,
    instante_concurso: instanteDoConcurso(next.data_concurso, deps.settings.hora).toISOString(),
  };
}

/** At least one auditor who is not an admin (409 otherwise): the hash must leave the operators. */
async function checkAuditors(deps: ApuracaoDeps): Promise<void> {
  const auditores = await auditoresOf(deps.db, deps.settings);
  const admins = await repo.adminEmails(deps.db, auditores);
  if (!auditores.some((e) => !admins.has(e))) throw new HttpError(409, MSG_APURACAO.semAuditor);
}

/**
 * `POST /v1/adm/apuracoes`: schedules an apuração and freezes its tickets at this instant.
 * Order of the checks: unknown campaign 404, another city's 403, no calendar anchor 409, no
 * auditor 409, an impossible day or a number that does not match its date 400, a contest too
 * close 409, a final one before the campaign's end plus VENDA_RETROATIVA_DIAS 409, another
 * apuração of the campaign still agendada 409, no eligible coupon 409 (nothing stored). Sales go
 * on: a coupon issued later is numbered above `maior_numero` and is not in this file. Answers
 * the record, the campaign's open complaints, and whether its file is frozen already (201) or
 * still being written by the job (202).
 */
export async function schedule(
  deps: ApuracaoDeps,
  user: AuthUser,
  body: Agendar,
  ip: string,
): Promise<{ apuracao: AgendamentoApuracao; congelada: boolean }> {
  const campaign = await repo.findCampaign(deps.db, body.id_campanha);
  if (!campaign) throw new HttpError(404, MSG_APURACAO.campanhaNaoEncontrada);
  if (!mayApurarInCity(user, campaign.cod_cidade)) throw new HttpError(403, MSG_ADMIN.outraCidade);
  const cal = await calendar(deps);
  await checkAuditors(deps);
  const excecao = checkConcurso(cal, body.concurso, body.data_concurso, body.excecao_motivo);
  const instant = checkAhead(deps, body.data_concurso);
  if (body.final && today() <= addDays(campaign.validade_fim, deps.settings.vendaRetroativaDias)) {
    throw new HttpError(409, MSG_APURACAO.finalAntesDoFim);
  }

  const id = await transaction(deps.db, async (trx) => {
    await lockCampaignDraws(trx, deps.dialect, campaign.id_campanha);
    // One ticket, one chance at a time: the lock makes this check and the insert one step.
    if (await repo.openApuracaoOf(trx, campaign.id_campanha))
      throw new HttpError(409, MSG_APURACAO.jaAgendada);
    const upTo = await repo.highestNumber(trx, campaign.id_campanha);
    const at = nowIso();
    if (upTo === null) throw new HttpError(409, MSG_APURACAO.semBilhetes);
    const idApuracao = await repo.insertApuracao(trx, {
      id_campanha: campaign.id_campanha,
      concurso: body.concurso,
      data_concurso: body.data_concurso,
      instante_concurso: instant.toISOString(),
      qtd_premios: body.qtd_premios,
      mloja: body.mloja,
      musuario: body.musuario,
      criado_por: user.id,
      congelado_em: at,
      versao_regra: VERSAO_REGRA_ATUAL,
      descricao_premios: JSON.stringify(body.descricao_premios),
      autorizacao: body.autorizacao ? body.autorizacao : null,
      final: body.final ? 1 : 0,
      excecao_motivo: excecao,
    });
    const titulares = { porTitular: await campaignHasEntityHolders(trx, campaign.id_campanha), asOf: at };
    const fixed = { idApuracao, idCampanha: campaign.id_campanha, upTo, titulares };
    const qtd = await repo.fixTickets(trx, fixed);
    if (qtd === 0) throw new HttpError(409, MSG_APURACAO.semBilhetes);
    await repo.setTickets(trx, idApuracao, { qtd_bilhetes: qtd, maior_numero: upTo });
    const job: FreezeJob = { id_apuracao: idApuracao, id_usuario: user.id, ip, pedido: body };
    await deps.enqueue(trx, FREEZE_JOB, job);
    return idApuracao;
  });
  const congelada = await waitFrozen(deps, id, deps.freezeWaitMs);
  const [apuracao, contestacoes_abertas] = await Promise.all([
    publicRecord(deps, id),
    repo.openComplaints(deps.db, campaign.id_campanha, campaign.cod_cidade),
  ]);
  return { apuracao: { ...apuracao, contestacoes_abertas }, congelada };
}

// --- rescheduling ----------------------------------------------------------------------------

/** Moves an agendada apuração to another contest and records it (public, audited). */
async function moveTo(
  deps: ApuracaoDeps,
  user: AuthUser,
  a: repo.ApuracaoRow,
  next: { concurso: number; data_concurso: string; excecao_motivo: string | null },
  o: { motivo: string; tipo: 'reagendamento' | 'concurso_nao_realizado'; ip: string },
): Promise<Apuracao> {
  const instante_concurso = instanteDoConcurso(next.data_concurso, deps.settings.hora).toISOString();
  await transaction(deps.db, async (trx) => {
    if (!(await repo.reschedule(trx, a.id_apuracao, { ...next, instante_concurso }))) {
      throw new HttpError(409, MSG_APURACAO.jaApurada);
    }
    await repo.insertReschedule(trx, {
      id_apuracao: a.id_apuracao,
      concurso_anterior: a.concurso,
      data_anterior: a.data_concurso,
      concurso: next.concurso,
      data_concurso: next.data_concurso,
      motivo: o.motivo,
      por: user.id,
      tipo: o.tipo,
    });
    const dia = (d: string) => d.split('-').reverse().join('/');
    await deps.enqueue(trx, MOVE_MAIL_JOB, {
      id_apuracao: a.id_apuracao,
      assunto: `Praça: apuração nº ${a.id_apuracao} passou ao concurso ${next.concurso}`,
      texto: [
        `A apuração nº ${a.id_apuracao} da campanha "${a.den_campanha}" passou do concurso nº ${a.concurso}, de ${dia(a.data_concurso)}, para o concurso nº ${next.concurso}, de ${dia(next.data_concurso)} (${o.tipo === 'reagendamento' ? 'reagendamento' : 'a Caixa não realizou o concurso'}).`,
        `Motivo: ${o.motivo}`,
        ...(next.excecao_motivo ? [`Exceção ao calendário da Loteria Federal: ${next.excecao_motivo}`] : []),
        `O arquivo de bilhetes e o seu hash não mudam: ${a.hash_bilhetes}`,
      ],
    } satisfies MoveMailJob);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: o.tipo === 'reagendamento' ? 'reagendar' : 'concurso_nao_realizado',
      entidade: 'apuracao',
      id_entidade: a.id_apuracao,
      antes: { concurso: a.concurso, data_concurso: a.data_concurso },
      depois: { ...next, instante_concurso, motivo: o.motivo },
      ip: o.ip,
    });
  });
  return publicRecord(deps, a.id_apuracao);
}

/**
 * `PATCH /v1/adm/apuracoes/{id}`: moves an agendada apuração to another contest, with a reason,
 * only until APURACAO_ANTECEDENCIA_MINUTOS before its instant (after that nothing can move it)
 * and to a contest at least that far ahead whose number matches its date (or with a written
 * exception). 404, 403, 409 once apurada or too late, 400 for a bad day or number.
 */
export async function reschedule(
  deps: ApuracaoDeps,
  user: AuthUser,
  id: number,
  body: Reagendar,
  ip: string,
): Promise<Apuracao> {
  const a = await apuracaoOf(deps.db, user, id);
  if (a.status !== 'agendada') throw new HttpError(409, MSG_APURACAO.jaApurada);
  const cal = await calendar(deps);
  if (now().getTime() + deps.settings.antecedenciaMin * 60_000 > Date.parse(a.instante_concurso)) {
    throw new HttpError(409, MSG_APURACAO.reagendamentoFechado);
  }
  const excecao = checkConcurso(cal, body.concurso, body.data_concurso, body.excecao_motivo);
  checkAhead(deps, body.data_concurso);
  return moveTo(
    deps,
    user,
    a,
    { concurso: body.concurso, data_concurso: body.data_concurso, excecao_motivo: excecao },
    { motivo: body.motivo, tipo: 'reagendamento', ip },
  );
}

/**
 * `POST /v1/adm/apuracoes/{id}/concurso-nao-realizado`: Caixa did not hold the contest; the
 * apuração moves to the next contest by the calendar after this one (and after now), with no
 * choice of number. Not while a result entry waits for its confirmation (409).
 */
export async function concursoNotHeld(
  deps: ApuracaoDeps,
  user: AuthUser,
  id: number,
  body: NaoRealizado,
  ip: string,
): Promise<Apuracao> {
  const a = await apuracaoOf(deps.db, user, id);
  if (a.status !== 'agendada') throw new HttpError(409, MSG_APURACAO.jaApurada);
  const cal = await calendar(deps);
  if (await repo.pendingEntry(deps.db, id, a.concurso))
    throw new HttpError(409, MSG_APURACAO.resultadoPendente);
  // After this contest, whatever its stored instant says: the next one is never this one again.
  const after = new Date(
    Math.max(
      now().getTime(),
      Date.parse(a.instante_concurso),
      instanteDoConcurso(a.data_concurso, deps.settings.hora).getTime(),
    ) + 1,
  );
  const next = proximoConcurso(cal, deps.settings.hora, after);
  return moveTo(
    deps,
    user,
    a,
    { ...next, excecao_motivo: null },
    { motivo: body.motivo, tipo: 'concurso_nao_realizado', ip },
  );
}
