import type { Kysely } from 'kysely';
import * as oidc from 'openid-client';
import {
  GOVBR_MSG,
  MSG,
  type GovbrCadastroBody,
  type GovbrFinalidade,
  type GovbrSessaoResposta,
  type Sessao,
} from '@praca/contract';
import type { z } from 'zod';
import type { Database } from '../../db/types.js';
import { transaction } from '../../db/index.js';
import { uniqueViolation } from '../../db/errors.js';
import { now, nowIso } from '../../lib/clock.js';
import type { CpfVault } from '../../lib/cpf-vault.js';
import { verifyPassword } from '../../lib/crypto.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import { presentSessao } from '../auth/presenter.js';
import { startSession } from '../auth/service.js';
import type { AuthUser } from '../auth/types.js';
import { findCity } from '../cities/service.js';
import type { SharedLimiter } from '../shared/rate-limiter.js';
import { proveCpf, type ProveCpfDeps } from '../users/cpf-identity.js';
import { GovbrError, levelAtLeast, unknownAmr, type GovbrClient, type Nivel } from './oidc.js';
import * as repo from './repository.js';

/**
 * "Entrar com gov.br" (issue 52). A flow (state, nonce, PKCE verifier) lives in the database,
 * bound to the browser's flow cookie and to its purpose, for 10 minutes, and is used once. Its
 * callback leaves the browser one next step (`govbr_pendencias`): a login to hand over (only
 * through a stored link between an account and that gov.br `sub`), an account to complete, or
 * accounts to link with the password. Nothing is created at the callback itself.
 */

const FLOW_MS = 10 * 60_000;
/** A login handed over by the web page the callback opens: a moment is enough. */
const SESSION_STEP_MS = 2 * 60_000;
/** Completing the sign-up, or logging in with the password to link: time to type. */
const FORM_STEP_MS = 30 * 60_000;

export interface GovbrDeps {
  db: Kysely<Database>;
  cpf: CpfVault;
  client: GovbrClient;
  minimo: Nivel;
  ttlHours: number;
  prove: ProveCpfDeps;
  /** New flows per address (15 minutes): each one writes a row. */
  flows: SharedLimiter;
  flowsMax: number;
  /** Wrong passwords when linking, per person (15 minutes). */
  passwords: { limiter: SharedLimiter; max: number };
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** The web pages a callback ends on (under the base path). */
export type GovbrPage = 'govbr/entrar' | 'govbr/cadastro' | 'govbr/vincular' | 'govbr/nivel' | 'govbr/erro';

const later = (ms: number): string => new Date(now().getTime() + ms).toISOString();

/** A new flow for this browser: its secrets stored, the provider's address returned (null: gov.br unreachable). */
export async function startFlow(
  deps: GovbrDeps,
  a: { navegador: string; finalidade: GovbrFinalidade; destino: string },
): Promise<string | null> {
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verificador = oidc.randomPKCECodeVerifier();
  let url: string;
  try {
    url = await deps.client.authorizationUrl({ state, nonce, verifier: verificador });
  } catch (err) {
    // gov.br out of reach (its discovery document): the error page, nothing stored.
    deps.log.warn({ err }, 'gov.br: provedor indisponível');
    return null;
  }
  const at = nowIso();
  await repo.insertFlow(
    deps.db,
    {
      state,
      navegador: a.navegador,
      finalidade: a.finalidade,
      nonce,
      verificador,
      destino: a.destino,
      criado_em: at,
      expira_em: later(FLOW_MS),
    },
    at,
  );
  return url;
}

/** Keeps name text gov.br gave to what a name field accepts (no control characters). */
function cleanName(v: string): string {
  return (
    v
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f\u2028\u2029\u202a-\u202e]/g, '')
      .trim()
      .slice(0, 120)
  );
}

/**
 * gov.br's callback: the flow of its `state` is taken (single use), must be this browser's and
 * live; the code is exchanged (issuer, nonce, PKCE, id_token checked); the level must reach the
 * minimum. Answers the page to show; every refusal is logged with its reason and shows
 * `govbr/erro`.
 */
export async function completeFlow(
  deps: GovbrDeps,
  a: { navegador: string | null; callbackUrl: URL },
): Promise<GovbrPage> {
  const state = a.callbackUrl.searchParams.get('state');
  const refuse = (motivo: string): GovbrPage => {
    deps.log.warn({ motivo }, 'gov.br: retorno recusado');
    return 'govbr/erro';
  };
  if (!state) return refuse('sem state');
  const flow = await repo.takeFlow(deps.db, state);
  if (!flow) return refuse('state desconhecido ou já usado');
  if (!a.navegador || a.navegador !== flow.navegador) return refuse('retorno em outro navegador');
  if (flow.expira_em <= nowIso()) return refuse('fluxo expirado');
  if (a.callbackUrl.searchParams.has('error'))
    return refuse(`gov.br respondeu ${a.callbackUrl.searchParams.get('error')}`);

  let who;
  try {
    who = await deps.client.complete(a.callbackUrl, {
      state: flow.state,
      nonce: flow.nonce,
      verifier: flow.verificador,
    });
  } catch (err) {
    return refuse(err instanceof GovbrError || err instanceof Error ? err.message : String(err));
  }
  const strange = unknownAmr(who.amr);
  if (strange.length) deps.log.warn({ amr: strange }, 'gov.br: amr desconhecido (aceito)');
  if (!levelAtLeast(who.nivel, deps.minimo)) {
    deps.log.info({ nivel: who.nivel }, 'gov.br: nível abaixo do mínimo');
    return 'govbr/nivel';
  }

  const cpfBusca = deps.cpf.lookup(who.cpf);
  const at = nowIso();
  const step = {
    navegador: flow.navegador,
    cpf_busca: cpfBusca,
    cpf_cifrado: deps.cpf.seal(who.cpf),
    nome: cleanName(who.nome),
    email: who.email,
    destino: flow.destino,
    criado_em: at,
  };
  if (flow.finalidade === 'vincular') {
    await repo.putPending(deps.db, {
      ...step,
      etapa: 'vincular',
      motivo: 'vincular',
      expira_em: later(FORM_STEP_MS),
    });
    return 'govbr/vincular';
  }
  const linked = await repo.linkedAccount(deps.db, cpfBusca);
  if (linked) {
    await repo.putPending(deps.db, {
      ...step,
      etapa: 'sessao',
      id_usuario: linked.id_usuario,
      expira_em: later(SESSION_STEP_MS),
    });
    return 'govbr/entrar';
  }
  // No link: an account that holds that CPF or that e-mail must link with its password.
  const motivo = (await repo.cpfHeld(deps.db, cpfBusca))
    ? 'cpf'
    : who.email && (await repo.emailTaken(deps.db, who.email))
      ? 'email'
      : null;
  if (motivo) {
    await repo.putPending(deps.db, { ...step, etapa: 'vincular', motivo, expira_em: later(FORM_STEP_MS) });
    return 'govbr/vincular';
  }
  await repo.putPending(deps.db, { ...step, etapa: 'cadastro', expira_em: later(FORM_STEP_MS) });
  return 'govbr/cadastro';
}

async function sessionOf(deps: GovbrDeps, idUsuario: number, ip: string): Promise<Sessao> {
  const user = await repo.accountForSession(deps.db, idUsuario);
  if (!user) throw new HttpError(409, GOVBR_MSG.pendenciaAusente);
  const token = await startSession(deps.db, idUsuario, ip, deps.ttlHours);
  return presentSessao(token, user, await repo.shopsOf(deps.db, idUsuario));
}

/** The login a callback left for this browser, once: the session, as the password login gives it. */
export async function handOverSession(
  deps: GovbrDeps,
  a: { navegador: string | null; ip: string },
): Promise<GovbrSessaoResposta> {
  const step = a.navegador ? await repo.takePending(deps.db, a.navegador, 'sessao', nowIso()) : undefined;
  if (!step?.id_usuario) throw new HttpError(409, GOVBR_MSG.pendenciaAusente);
  // The link may have gone since the callback (an erasure): check it again.
  const linked = await repo.linkedAccount(deps.db, step.cpf_busca);
  if (linked?.id_usuario !== step.id_usuario) throw new HttpError(409, GOVBR_MSG.pendenciaAusente);
  return { ...(await sessionOf(deps, step.id_usuario, a.ip)), destino: step.destino };
}

/** What the "Complete seu cadastro" page shows. */
export async function registrationData(
  deps: GovbrDeps,
  navegador: string | null,
): Promise<{ nome: string; email: string }> {
  const step = navegador ? await repo.findPending(deps.db, navegador, 'cadastro', nowIso()) : undefined;
  if (!step) throw new HttpError(409, GOVBR_MSG.pendenciaAusente);
  return { nome: step.nome, email: step.email };
}

/** Why the link page is shown. */
export async function linkData(deps: GovbrDeps, navegador: string | null): Promise<{ motivo: string }> {
  const step = navegador ? await repo.findPending(deps.db, navegador, 'vincular', nowIso()) : undefined;
  if (!step) throw new HttpError(409, GOVBR_MSG.pendenciaAusente);
  return { motivo: step.motivo };
}

/**
 * A new account from a callback that found nobody: gov.br's name, e-mail and CPF, and what the
 * person typed (city, WhatsApp, address). Linked to the `sub` in the same transaction, then
 * the CPF proven (proveCpf, via gov.br); answers the session. No password: the person logs in
 * with gov.br (and may set one through "Esqueceu a senha").
 */
export async function completeRegistration(
  deps: GovbrDeps,
  a: { navegador: string | null; body: z.output<typeof GovbrCadastroBody>; ip: string },
): Promise<Sessao> {
  const at = nowIso();
  const pending = a.navegador ? await repo.findPending(deps.db, a.navegador, 'cadastro', at) : undefined;
  if (!pending || !a.navegador) throw new HttpError(409, GOVBR_MSG.pendenciaAusente);
  const city = await findCity(deps.db, a.body.cod_cidade);
  if (!city) throw new HttpError(400, MSG.cidadeInvalida);
  const email = pending.email || a.body.email;
  if (!email) throw new HttpError(400, GOVBR_MSG.informeEmail);
  if (await repo.emailTaken(deps.db, email)) throw new HttpError(409, MSG.emailEmUso);
  const navegador = a.navegador;

  let idUsuario: number;
  try {
    idUsuario = await transaction(deps.db, async (trx) => {
      const step = await repo.takePending(trx, navegador, 'cadastro', at);
      if (!step) throw new HttpError(409, GOVBR_MSG.pendenciaAusente);
      const id = await repo.insertAccount(trx, {
        nome: step.nome || 'Cidadão gov.br',
        email,
        senha_hash: null,
        whatsup: a.body.whatsup,
        endereco: a.body.endereco,
        numero: a.body.numero,
        complemento: a.body.complemento,
        bairro: a.body.bairro,
        cidade: city.cidade,
        uf: city.uf.toUpperCase(),
        cep: a.body.cep,
        cod_cidade: city.cod_cidade,
        atualizado_em: at,
      });
      await repo.insertLink(trx, { id_usuario: id, sub_busca: step.cpf_busca, criado_em: at });
      return id;
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint !== null)
      throw new HttpError(409, constraint.includes('email') ? MSG.emailEmUso : GOVBR_MSG.subJaVinculado);
    throw err;
  }
  await proveCpf(deps.prove, {
    idUsuario,
    cpfBusca: pending.cpf_busca,
    cpfCifrado: pending.cpf_cifrado,
    via: 'govbr',
    ip: a.ip,
    at,
  });
  return sessionOf(deps, idUsuario, a.ip);
}

/**
 * `POST /v1/usuarios/govbr/vincular`: the logged-in person, their password again, and this
 * browser's completed flow: the account is linked to that gov.br `sub` and its CPF proven.
 * Wrong passwords count per person (past the limit, 429).
 */
export async function link(
  deps: GovbrDeps,
  a: { user: AuthUser; senha: string; navegador: string | null; ip: string },
): Promise<void> {
  const at = nowIso();
  const pending = a.navegador ? await repo.findPending(deps.db, a.navegador, 'vincular', at) : undefined;
  if (!pending || !a.navegador) throw new HttpError(409, GOVBR_MSG.pendenciaAusente);
  const giveBack = await deps.passwords.limiter.take([
    { key: `govbr:${a.user.id}`, max: deps.passwords.max },
  ]);
  const account = await repo.accountForSession(deps.db, a.user.id);
  if (!account || !(await verifyPassword(account.senha_hash, a.senha)))
    throw new HttpError(400, GOVBR_MSG.senhaIncorreta);
  await giveBack();
  if (account.cpf_situacao === 'comprovado' && account.cpf_busca !== pending.cpf_busca)
    throw new HttpError(409, GOVBR_MSG.outroCpfComprovado);
  const mine = await repo.linkOf(deps.db, a.user.id);
  if (mine && mine.sub_busca !== pending.cpf_busca) throw new HttpError(409, GOVBR_MSG.contaJaVinculada);
  const theirs = await repo.linkOfSub(deps.db, pending.cpf_busca);
  if (theirs && theirs.id_usuario !== a.user.id) throw new HttpError(409, GOVBR_MSG.subJaVinculado);

  const navegador = a.navegador;
  try {
    await transaction(deps.db, async (trx) => {
      if (!(await repo.takePending(trx, navegador, 'vincular', at)))
        throw new HttpError(409, GOVBR_MSG.pendenciaAusente);
      if (!mine)
        await repo.insertLink(trx, { id_usuario: a.user.id, sub_busca: pending.cpf_busca, criado_em: at });
      await recordAudit(trx, {
        id_usuario: a.user.id,
        acao: 'vincular_govbr',
        entidade: 'usuario',
        id_entidade: a.user.id,
        ip: a.ip,
      });
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) throw new HttpError(409, GOVBR_MSG.subJaVinculado);
    throw err;
  }
  await proveCpf(deps.prove, {
    idUsuario: a.user.id,
    cpfBusca: pending.cpf_busca,
    cpfCifrado: pending.cpf_cifrado,
    via: 'govbr',
    ip: a.ip,
    at,
  });
}
