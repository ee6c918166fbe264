import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MSG,
  MSG_CONTA,
  formatCpf,
  isResetCode,
  type CodigoSenhaBody,
  type PerfilBody,
  type PerfilUsuario,
  type SolicitaRemocaoBody,
  type SolicitaTrocaSenhaBody,
  type TrocaSenhaBody,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import { hashPassword, sha256Hex, verifyPassword } from '../../lib/crypto.js';
import { HttpError } from '../../lib/errors.js';
import type { CpfVault } from '../../lib/cpf-vault.js';
import { carenciaAte, checkCpfChange, declaredCpf } from '../users/cpf-identity.js';
import type { Mailer } from '../../lib/mailer.js';
import type { SharedLimiter } from '../shared/rate-limiter.js';
import { recordAudit } from '../audit/service.js';
import { startSession } from '../auth/service.js';
import type { AuthUser } from '../auth/types.js';
import { codeTtlMs, newCode, type Finalidade } from './codes.js';
import { now as clockNow, nowIso } from '../../lib/clock.js';
import { collect, type MeusDados } from './export.js';
import { codeMail, type MailContext } from './mail.js';
import { anonymise, type RemovalResult } from './removal.js';
import { mayReadProfile } from './policy.js';
import { presentProfile } from './presenter.js';
import * as repo from './repository.js';
import { transaction } from '../../db/index.js';
import type { Store } from '../../lib/storage.js';
import * as cpfProofs from '../cpf-comprovacoes/service.js';
import { ERASURE_LOG_JOB, type ErasureEntry } from '../backups/erasure-log.js';

export interface AccountDeps {
  db: Kysely<Database>;
  /** Issue 40: the CPF's lookup and encryption. */
  cpf: CpfVault;
  /** Issue 52: where the photos of CPF proofs are kept (the data export carries them). */
  store: Store;
  /** Issue 52: days a declared CPF waits before it collects (CPF_CARENCIA_DIAS). */
  cpfCarenciaDias: number;
  /** Issue 40: credits the sales that waited for a CPF the person just gave. */
  creditCpf?: (idUsuario: number, cpfBusca: string) => Promise<unknown>;
  mailer: Mailer;
  mail: MailContext;
  log: FastifyBaseLogger;
  limits: {
    /** Reset requests, shared by every instance: per address and per e-mail asked for. */
    reset: SharedLimiter;
    resetIp: number;
    resetEmail: number;
    /** Wrong current passwords, shared by every instance: per person and per address. */
    senha: SharedLimiter;
    senhaMax: number;
  };
  /** How long the session a password change opens lasts (SESSION_TTL_HOURS). */
  sessionTtlHours: number;
  /** Adds a background job on `db` (src/jobs): the code e-mails. */
  enqueue(db: Kysely<Database>, name: string, payload: object): Promise<void>;
}

/** The job that stores a fresh code and e-mails it (defined in routes.ts). */
export const CODE_MAIL_JOB = 'conta.codigo';
export type CodeMailJob =
  | { finalidade: 'reset'; email: string }
  | { finalidade: 'remocao'; id_usuario: number }
  /** Issue 51: a social entity just registered; its name and city go in the welcome. */
  | { finalidade: 'boas_vindas'; id_usuario: number; entidade: string; cidade: string };

/** A failure of the two code calls: 400 with the reason in `erro` and `msg` (domain §1). */
class CodeError extends HttpError {}

const DAY_MS = 86_400_000;

/**
 * Counts one current-password attempt against `keys` in the database (429 with Retry-After
 * when a key has none left), then runs `check`: a wrong password (null) keeps the attempt;
 * a right one, or any other failure, takes it back.
 */
async function countedPasswordCheck<T>(
  deps: AccountDeps,
  keys: string[],
  check: () => Promise<T | null>,
): Promise<T | null> {
  const giveBack = await deps.limits.senha.take(keys.map((key) => ({ key, max: deps.limits.senhaMax })));
  let wrong = false;
  try {
    const result = await check();
    wrong = result === null;
    return result;
  } finally {
    if (!wrong) await giveBack();
  }
}

/** `GET /v1/usuarios/{userId}`: one's own profile only (domain §3). */
export async function getProfile(
  deps: AccountDeps,
  user: AuthUser,
  userId: number,
): Promise<PerfilUsuario[]> {
  if (!mayReadProfile(user, userId)) throw new HttpError(403, MSG.semPermissao);
  const u = await repo.findProfile(deps.db, user.id);
  if (!u) throw new HttpError(404, MSG_CONTA.usuarioNaoEncontrado);
  const carencia =
    u.cpf_situacao === 'declarado' && u.cpf_definido_em
      ? carenciaAte(u.cpf_definido_em, deps.cpfCarenciaDias)
      : undefined;
  return [presentProfile(u, u.cpf_cifrado ? formatCpf(deps.cpf.open(u.cpf_cifrado)) : '', carencia)];
}

/**
 * `PATCH /v1/usuarios`: name, phone and (issue 40) CPF; the e-mail is read-only and ignored.
 * A field left out keeps its value. Issue 52: a typed CPF is declared, whoever else declared
 * or proved it (no 409 for another account's CPF: the profile is no "is this CPF registered?"
 * oracle); a CPF changes at most once every 90 days, and a proven one not at all (409).
 */
export async function updateProfile(
  deps: AccountDeps,
  user: AuthUser,
  body: z.output<typeof PerfilBody>,
): Promise<PerfilUsuario> {
  const at = nowIso();
  let cpf: ReturnType<typeof declaredCpf> | undefined;
  if (body.cpf !== undefined) {
    const held = await repo.findHeldCpf(deps.db, user.id);
    if (!held) throw new HttpError(404, MSG_CONTA.usuarioNaoEncontrado);
    const busca = body.cpf ? deps.cpf.lookup(body.cpf) : null;
    // The same CPF again keeps its sealed value and its date; another one (or '') replaces it.
    if (checkCpfChange(held, busca, at))
      cpf = declaredCpf(body.cpf && busca ? { busca, cifrado: deps.cpf.seal(body.cpf) } : null, at);
  }
  await repo.updateProfile(deps.db, user.id, { nome: body.nome, whatsup: body.whatsup, ...cpf }, at);
  // A CPF given now: the sales that waited for it are credited if it already collects (a proof
  // it holds, never a fresh declaration: the job of the waiting period does that); failures logged.
  if (cpf?.cpf_busca && deps.creditCpf) {
    await deps
      .creditCpf(user.id, cpf.cpf_busca)
      .catch((err: unknown) =>
        deps.log.error({ err, id_usuario: user.id }, 'crédito das compras do CPF falhou'),
      );
  }
  const [p] = await getProfile(deps, user, user.id);
  return p;
}

/**
 * `POST /v1/adm/usuarios/trocasenha`: the caller's e-mail and current password, then the new
 * one; every session of the person ends, the one in use too (domain §3), and the answer is a
 * new one's token. Wrong current passwords count per person and address; past the limit the
 * call answers 429.
 */
export async function changePassword(
  deps: AccountDeps,
  user: AuthUser,
  body: z.output<typeof TrocaSenhaBody>,
  ip: string,
): Promise<string> {
  const u = await countedPasswordCheck(deps, [`troca:${user.id}`, `troca-ip:${ip}`], async () => {
    const found = await repo.findProfile(deps.db, user.id);
    if (!found) throw new HttpError(404, MSG_CONTA.usuarioNaoEncontrado);
    if (body.email !== found.email) throw new HttpError(400, MSG_CONTA.emailNaoEhSeu);
    return (await verifyPassword(found.senha_hash, body.senha)) ? found : null;
  });
  if (!u) throw new HttpError(400, MSG_CONTA.senhaAtualErrada);
  const hash = await hashPassword(body.novasenha);
  // Every session ends, the caller's too (domain §3); the caller goes on with a new one.
  return transaction(deps.db, async (trx) => {
    await repo.setPassword(trx, user.id, hash, nowIso());
    await repo.deleteSessions(trx, user.id, null);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'trocar_senha',
      entidade: 'usuario',
      id_entidade: user.id,
      ip,
    });
    return startSession(trx, user.id, ip, deps.sessionTtlHours);
  });
}

/**
 * The {@link CODE_MAIL_JOB} job: a new code for a person, stored hashed (earlier ones of the
 * purpose end), and its e-mail; nothing when the person is not (or no longer) there. The code
 * is made here, never carried in the job's payload, so the queue holds no secret; a retry after
 * a failed send makes a new code, and only the newest works.
 */
export async function sendCodeMail(deps: AccountDeps, job: CodeMailJob): Promise<void> {
  const u =
    job.finalidade === 'reset'
      ? await repo.findLiveByEmail(deps.db, job.email)
      : await repo.findProfile(deps.db, job.id_usuario);
  if (!u?.email) return;
  // A welcome is for an account that has no password yet (issue 51).
  if (job.finalidade === 'boas_vindas' && 'senha_hash' in u && u.senha_hash !== null) return;
  const code = newCode();
  const now = clockNow().getTime();
  await repo.insertCode(
    deps.db,
    {
      id_usuario: u.id_usuario,
      finalidade: job.finalidade,
      codigo_hash: sha256Hex(code),
      expira_em: new Date(now + codeTtlMs(job.finalidade)).toISOString(),
    },
    new Date(now).toISOString(),
    new Date(now - DAY_MS).toISOString(),
  );
  const msg = codeMail(deps.mail, {
    to: u.email,
    nome: u.nome,
    finalidade: job.finalidade,
    code,
    entidade: job.finalidade === 'boas_vindas' ? { nome: job.entidade, cidade: job.cidade } : undefined,
  });
  if (!(await deps.mailer.sendMail(msg))) throw new Error('e-mail do código não enviado');
}

/**
 * `POST /v1/usuarios/solicitatrocasenha`: 202 for every well-formed address. The lookup, the
 * code and the e-mail all happen in a job after the answer, so neither the answer nor its
 * timing tells who is registered. Requests count per caller address and per e-mail.
 */
export async function requestReset(
  deps: AccountDeps,
  body: z.output<typeof SolicitaTrocaSenhaBody>,
  ip: string,
): Promise<void> {
  await deps.limits.reset.take([
    { key: `ip:${ip}`, max: deps.limits.resetIp },
    { key: `email:${body.email}`, max: deps.limits.resetEmail },
  ]);
  await deps.enqueue(deps.db, CODE_MAIL_JOB, {
    finalidade: 'reset',
    email: body.email,
  } satisfies CodeMailJob);
}

/** The live code of a call, or the reason it is not (invalid, used, expired). Nothing is consumed. */
async function liveCode(deps: AccountDeps, code: string, finalidade: Finalidade) {
  // The spec's texts (§5): a code that is not 150 letters and digits, passwords that differ.
  if (!isResetCode(code)) throw new CodeError(400, MSG_CONTA.formatoInvalido);
  const row = await repo.findCode(deps.db, sha256Hex(code), finalidade);
  if (!row || row.removido_em !== null) throw new CodeError(400, MSG_CONTA.codigoInvalido);
  if (row.usado_em !== null) throw new CodeError(400, MSG_CONTA.codigoUsado);
  if (Date.parse(row.expira_em) <= clockNow().getTime()) throw new CodeError(400, MSG_CONTA.codigoExpirado);
  // A welcome link dies once the account has a password, however it was set (issue 51).
  if (finalidade === 'boas_vindas' && row.senha_hash !== null)
    throw new CodeError(400, MSG_CONTA.codigoUsado);
  return row;
}

/**
 * `POST /v1/usuarios/redefinirsenha`: a live reset code and two equal passwords set the new
 * password, use up the code and end every session of the person. A mismatch keeps the code.
 */
export async function resetPassword(
  deps: AccountDeps,
  body: z.output<typeof CodigoSenhaBody>,
  ip: string,
  finalidade: 'reset' | 'boas_vindas' = 'reset',
) {
  const row = await liveCode(deps, body.code, finalidade);
  if (body.senha !== body.senha2) throw new CodeError(400, MSG_CONTA.senhaInvalida);
  const hash = await hashPassword(body.senha);
  const at = clockNow().toISOString();
  await transaction(deps.db, async (trx) => {
    if (!(await repo.consumeCode(trx, row.id, at))) throw new CodeError(400, MSG_CONTA.codigoUsado);
    await repo.setPassword(trx, row.id_usuario, hash, at);
    await repo.deleteSessions(trx, row.id_usuario, null);
    await recordAudit(trx, {
      id_usuario: row.id_usuario,
      acao: finalidade === 'boas_vindas' ? 'definir_senha' : 'redefinir_senha',
      entidade: 'usuario',
      id_entidade: row.id_usuario,
      ip,
    });
  });
}

/** `POST /v1/usuarios/solicitaremocao`: the caller's own e-mail; the link goes to it. */
export async function requestRemoval(
  deps: AccountDeps,
  user: AuthUser,
  body: z.output<typeof SolicitaRemocaoBody>,
): Promise<void> {
  const u = await repo.findProfile(deps.db, user.id);
  if (!u?.email || body.email !== u.email) throw new HttpError(400, MSG_CONTA.emailNaoEhSeu);
  await deps.enqueue(deps.db, CODE_MAIL_JOB, {
    finalidade: 'remocao',
    id_usuario: u.id_usuario,
  } satisfies CodeMailJob);
}

/**
 * `POST /v1/usuarios/remocaousuario`: a live removal code, the person's current password
 * twice. A wrong password keeps the code but counts (per person and address; past the
 * limit 429). Then, in one transaction, the code is used up and the person anonymised.
 */
export async function removeAccount(
  deps: AccountDeps,
  body: z.output<typeof CodigoSenhaBody>,
  ip: string,
): Promise<RemovalResult> {
  const row = await liveCode(deps, body.code, 'remocao');
  if (body.senha !== body.senha2) throw new CodeError(400, MSG_CONTA.senhaInvalida);
  const right = await countedPasswordCheck(
    deps,
    [`remocao:${row.id_usuario}`, `remocao-ip:${ip}`],
    async () => (await verifyPassword(row.senha_hash, body.senha)) || null,
  );
  if (!right) throw new CodeError(400, MSG_CONTA.senhaErrada);
  const at = nowIso();
  return transaction(deps.db, async (trx) => {
    if (!(await repo.consumeCode(trx, row.id, at))) throw new CodeError(400, MSG_CONTA.codigoUsado);
    const result = await anonymisedAndAudited(trx, row.id_usuario, at);
    // Issue 54: the erasure log, outside the database, which a restore replays.
    await deps.enqueue(trx, ERASURE_LOG_JOB, {
      id_usuario: row.id_usuario,
      removido_em: at,
    } satisfies ErasureEntry);
    return result;
  });
}

async function anonymisedAndAudited(
  trx: Kysely<Database>,
  idUsuario: number,
  at: string,
  extra: Record<string, unknown> = {},
): Promise<RemovalResult> {
  const result = await anonymise(trx, idUsuario, at);
  // Who and when only: no personal value, no address.
  await recordAudit(trx, {
    id_usuario: idUsuario,
    acao: 'remover',
    entidade: 'usuario',
    id_entidade: idUsuario,
    depois: {
      removido_em: at,
      avaliacoes_excluidas: result.avaliacoes,
      contemplados_anonimizados: result.contemplados,
      auditorias_anonimizadas: result.auditorias,
      ...extra,
    },
  });
  return result;
}

/**
 * Issue 54: a removal of the erasure log replayed on a restored database — the person removed
 * after the backup was taken is removed again, as of the same instant. Null when there is
 * nothing to do (no such person in the backup, or already removed in it).
 */
export async function replayRemoval(db: Kysely<Database>, e: ErasureEntry): Promise<RemovalResult | null> {
  return transaction(db, async (trx) => {
    if (!(await repo.findProfile(trx, e.id_usuario))) return null;
    return anonymisedAndAudited(trx, e.id_usuario, e.removido_em, { reaplicada_na_restauracao: true });
  });
}

/** `GET /v1/usuarios/meusdados`. */
export const exportData = async (deps: AccountDeps, user: AuthUser): Promise<MeusDados> => ({
  ...(await collect(deps.db, user.id, user.sessionId, clockNow(), (sealed) =>
    formatCpf(deps.cpf.open(sealed)),
  )),
  // Issue 52: the proofs of the CPF by photos, with the photos still kept.
  comprovacoes_cpf: await cpfProofs.exportOf(deps, user.id),
});
