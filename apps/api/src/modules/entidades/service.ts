import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MSG,
  MSG_ENTIDADE,
  type Doacao,
  type DoacaoBody,
  MSG_ESCOLHA,
  type EntidadeAdmin,
  type EntidadeAlteracao,
  type EntidadeBody,
  type EntidadePublica,
  type EscolhaEntidade,
  type EscolhaEntidadeBody,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import { uniqueViolation } from '../../db/errors.js';
import { nowIso, today } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import {
  checkAdminCity,
  checkCityExists,
  recordInAdminCity,
  requestedAdminCity,
} from '../cities/admin-scope.js';
import { storedImage } from '../shared/admin.js';
import { createEntityAccount } from '../users/service.js';
import { presentAdminEntity, presentDonation, presentEntity } from './presenter.js';
import * as repo from './repository.js';
import { transaction } from '../../db/index.js';

export interface EntityDeps {
  db: Kysely<Database>;
  basePath: string;
  /**
   * Enqueues, in the caller's transaction, the welcome e-mail (issue 51) whose link lets the
   * entity's account set its first password.
   */
  invite: (
    trx: Kysely<Database>,
    welcome: { id_usuario: number; entidade: string; cidade: string },
  ) => Promise<void>;
}

/**
 * `POST /v1/adm/entidades` (issue 40): an admin of the city (the super-admin any) registers a
 * social entity and, in the same transaction, its account (the e-mail given), audited; the
 * account gets the e-mail to set its password. A CNPJ already registered in the city, or an
 * e-mail in use, is 409 and stores nothing.
 */
export async function create(
  deps: EntityDeps,
  actor: { user: AuthUser; ip: string },
  body: z.output<typeof EntidadeBody>,
): Promise<{ id_entidade: number }> {
  checkAdminCity(actor.user, body.cod_cidade);
  const city = await checkCityExists(deps.db, body.cod_cidade);
  if (await repo.cnpjTaken(deps.db, body.cod_cidade, body.cnpj))
    throw new HttpError(409, MSG_ENTIDADE.cnpjEmUso);
  const values: repo.EntityValues = {
    cod_cidade: body.cod_cidade,
    nome: body.nome,
    cnpj: body.cnpj,
    causa: body.causa,
    logo: storedImage(body.logo, deps.basePath),
    contato: body.contato,
  };
  const at = nowIso();
  try {
    return await transaction(deps.db, async (trx) => {
      const id_usuario = await createEntityAccount(
        trx,
        { nome: body.nome, email: body.email, cod_cidade: body.cod_cidade },
        at,
      );
      const id_entidade = await repo.insertEntity(trx, { ...values, id_usuario }, at);
      await recordAudit(trx, {
        id_usuario: actor.user.id,
        acao: 'criar',
        entidade: 'entidade',
        id_entidade,
        depois: { ...values, email: body.email },
        ip: actor.ip,
      });
      await deps.invite(trx, { id_usuario, entidade: body.nome, cidade: `${city.cidade}/${city.uf}` });
      return { id_entidade };
    });
  } catch (err) {
    // Two registrations of one CNPJ (or e-mail) at the same moment: the unique index decides.
    const constraint = uniqueViolation(err);
    if (constraint !== null)
      throw new HttpError(409, constraint.includes('cnpj') ? MSG_ENTIDADE.cnpjEmUso : MSG.emailEmUso);
    throw err;
  }
}

/** `GET /v1/adm/entidades?cod_cidade=`: the city's entities (the caller's by default) to edit. */
export async function listForAdmin(
  db: Kysely<Database>,
  user: AuthUser,
  query: { cod_cidade?: number; codcidade?: number },
): Promise<EntidadeAdmin[]> {
  const codCidade = requestedAdminCity(user, query);
  return (await repo.entitiesOfCityForAdmin(db, codCidade)).map(presentAdminEntity);
}

/** The editable fields of an entity, as the audit log records them before and after. */
const audited = (e: repo.AdminEntityRow) => ({
  cod_cidade: e.cod_cidade,
  nome: e.nome,
  cnpj: e.cnpj,
  causa: e.causa,
  logo: e.logo,
  contato: e.contato,
});

/**
 * `PATCH /v1/adm/entidades/{id}` (issue 40): an admin of the entity's city (the super-admin
 * any) changes the fields sent, validated as at registration; the logo is stored as a path,
 * as every admin image. A CNPJ another entity of the city has is 409. The entity's account
 * takes a new name with it. Audited with the values before and after; nothing changed when
 * refused (404 unknown, 403 another city's).
 */
export async function update(
  deps: Pick<EntityDeps, 'db' | 'basePath'>,
  actor: { user: AuthUser; ip: string },
  idEntidade: number,
  body: z.output<typeof EntidadeAlteracao>,
): Promise<EntidadeAdmin> {
  const changes: Partial<Omit<repo.EntityValues, 'cod_cidade'>> = {};
  if (body.nome !== undefined) changes.nome = body.nome;
  if (body.cnpj !== undefined) changes.cnpj = body.cnpj;
  if (body.causa !== undefined) changes.causa = body.causa;
  if (body.logo !== undefined) changes.logo = storedImage(body.logo, deps.basePath);
  if (body.contato !== undefined) changes.contato = body.contato;
  try {
    return await transaction(deps.db, async (trx) => {
      const before = recordInAdminCity(
        actor.user,
        await repo.findEntityForAdmin(trx, idEntidade),
        MSG_ENTIDADE.entidadeNaoEncontrada,
      );
      if (
        changes.cnpj !== undefined &&
        (await repo.cnpjTaken(trx, before.cod_cidade, changes.cnpj, idEntidade))
      )
        throw new HttpError(409, MSG_ENTIDADE.cnpjEmUso);
      await repo.updateEntity(trx, before, changes, nowIso());
      const after = (await repo.findEntityForAdmin(trx, idEntidade))!;
      await recordAudit(trx, {
        id_usuario: actor.user.id,
        acao: 'alterar',
        entidade: 'entidade',
        id_entidade: idEntidade,
        antes: audited(before),
        depois: audited(after),
        ip: actor.ip,
      });
      return presentAdminEntity(after);
    });
  } catch (err) {
    // Two edits (or an edit and a registration) giving one CNPJ at once: the unique index decides.
    if (uniqueViolation(err) !== null) throw new HttpError(409, MSG_ENTIDADE.cnpjEmUso);
    throw err;
  }
}

/** `GET /v1/entidades?cod_cidade=` (public): the city's entities, what each received and won. */
export async function listPublic(db: Kysely<Database>, codCidade: number): Promise<EntidadePublica[]> {
  const entities = await repo.entitiesOfCity(db, codCidade);
  if (entities.length === 0) return [];
  const [held, prizes] = await Promise.all([
    repo.couponsHeld(
      db,
      entities.map((e) => e.id_entidade),
    ),
    repo.prizesOf(
      db,
      entities.map((e) => e.id_usuario),
    ),
  ]);
  return entities.map((e) => presentEntity(e, held, prizes));
}

/** `GET /v1/entidades/minha`: the caller's own entity (its account), or 404. */
export async function mine(db: Kysely<Database>, user: AuthUser): Promise<EntidadePublica> {
  const e = await repo.entityOfAccount(db, user.id);
  if (!e) throw new HttpError(404, MSG_ENTIDADE.entidadeNaoEncontrada);
  const [held, prizes] = await Promise.all([
    repo.couponsHeld(db, [e.id_entidade]),
    repo.prizesOf(db, [e.id_usuario]),
  ]);
  return presentEntity(e, held, prizes);
}

/**
 * `POST /v1/usuarios/doacoes` (issue 40): a resident gives a running campaign's coupons to an
 * entity of the campaign's city, all of them ('todos') or those issued from now on ('futuros').
 * One gift per resident and campaign, final (409 after). An entity's own account gives
 * nothing. Audited. Nothing moves in the ledger: the coupons keep their earner and the draws
 * count the entity as their holder (holder.ts).
 */
export async function donate(
  db: Kysely<Database>,
  actor: { user: AuthUser; ip: string },
  body: z.output<typeof DoacaoBody>,
): Promise<Doacao> {
  const [campaign, entity, own] = await Promise.all([
    repo.findCampaign(db, body.id_campanha),
    repo.findEntity(db, body.id_entidade),
    repo.entityOfAccount(db, actor.user.id),
  ]);
  if (own) throw new HttpError(403, MSG_ENTIDADE.entidadeNaoDoa);
  if (!campaign) throw new HttpError(404, MSG_ENTIDADE.campanhaNaoEncontrada);
  if (!entity) throw new HttpError(404, MSG_ENTIDADE.entidadeNaoEncontrada);
  if (entity.cod_cidade !== campaign.cod_cidade) throw new HttpError(400, MSG_ENTIDADE.outraCidade);
  if (campaign.validade_fim < today()) throw new HttpError(409, MSG_ENTIDADE.campanhaEncerrada);
  const at = nowIso();
  try {
    await transaction(db, async (trx) => {
      await repo.insertDonation(trx, { id_usuario: actor.user.id, ...body }, at);
      await recordAudit(trx, {
        id_usuario: actor.user.id,
        acao: 'doar',
        entidade: 'doacao',
        id_entidade: body.id_campanha,
        depois: body,
        ip: actor.ip,
      });
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) throw new HttpError(409, MSG_ENTIDADE.doacaoJaFeita);
    throw err;
  }
  const gifts = await repo.donationsOf(db, actor.user.id);
  return presentDonation(gifts.find((g) => g.id_campanha === body.id_campanha)!);
}

/** `GET /v1/usuarios/doacoes`: the caller's gifts, newest first. */
export const donationsOf = async (db: Kysely<Database>, user: AuthUser): Promise<Doacao[]> =>
  (await repo.donationsOf(db, user.id)).map(presentDonation);

/** `GET /v1/usuarios/entidade`: the caller's chosen entity (nulls when none). */
export async function choiceOf(db: Kysely<Database>, user: AuthUser): Promise<EscolhaEntidade> {
  const c = await repo.currentChoice(db, user.id);
  return c
    ? { id_entidade: c.id_entidade, nome_entidade: c.nome_entidade ?? null, desde: c.desde }
    : { id_entidade: null, nome_entidade: null, desde: null };
}

/**
 * `PUT /v1/usuarios/entidade` (issue 40, decision 052): the resident chooses the entity of their
 * city that gets the campaigns' share of their coupons (`pct_entidade`), or none (null). The
 * choice holds for the coupons issued from now on; earlier ones keep the choice of their day.
 * Audited. An entity's own account chooses nothing.
 */
export async function choose(
  db: Kysely<Database>,
  actor: { user: AuthUser; ip: string },
  body: z.output<typeof EscolhaEntidadeBody>,
): Promise<EscolhaEntidade> {
  if (await repo.entityOfAccount(db, actor.user.id)) throw new HttpError(403, MSG_ESCOLHA.entidadeNaoEscolhe);
  if (body.id_entidade !== null) {
    const entity = await repo.findEntity(db, body.id_entidade);
    if (!entity) throw new HttpError(404, MSG_ENTIDADE.entidadeNaoEncontrada);
    if (entity.cod_cidade !== actor.user.cod_cidade) throw new HttpError(400, MSG_ESCOLHA.outraCidade);
  }
  const before = await repo.currentChoice(db, actor.user.id);
  await transaction(db, async (trx) => {
    await repo.insertChoice(trx, { id_usuario: actor.user.id, id_entidade: body.id_entidade }, nowIso());
    await recordAudit(trx, {
      id_usuario: actor.user.id,
      acao: 'escolher',
      entidade: 'entidade_escolhida',
      id_entidade: actor.user.id,
      antes: { id_entidade: before?.id_entidade ?? null },
      depois: body,
      ip: actor.ip,
    });
  });
  return choiceOf(db, actor.user);
}
