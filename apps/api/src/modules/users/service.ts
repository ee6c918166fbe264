import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  CUSTOMER_SEARCH_MAX,
  MSG,
  isPhoneLike,
  isValidCpf,
  maskCpf,
  onlyDigits,
  type ClienteBusca,
  type RegistroBody,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import { hashPassword } from '../../lib/crypto.js';
import { uniqueViolation } from '../../db/errors.js';
import { HttpError } from '../../lib/errors.js';
import type { SharedLimiter } from '../shared/rate-limiter.js';
import type { CpfVault } from '../../lib/cpf-vault.js';
import { escapeLike, foldForSearch, prefixEnd } from '../../db/search-text.js';
import { startSession } from '../auth/service.js';
import type { AuthUser } from '../auth/types.js';
import { findCity } from '../cities/service.js';
import { namesFor, presentCustomer } from './presenter.js';
import * as repo from './repository.js';
import { transaction } from '../../db/index.js';
import { nowIso } from '../../lib/clock.js';
import { declaredCpf } from './cpf-identity.js';

export type Registro = z.output<typeof RegistroBody>;

/**
 * A consumer signs up (spec §3, domain §9): a known city, an e-mail nobody uses (in any
 * case), a slow hash of what the client sent as password; answers a session at once.
 */
export async function register(
  db: Kysely<Database>,
  body: Registro,
  deps: { ip: string; ttlHours: number; limiter: SharedLimiter; max: number; cpf: CpfVault },
): Promise<{ token: string; id_usuario: number }> {
  await deps.limiter.take([{ key: `ip:${deps.ip}`, max: deps.max }]);

  const city = await findCity(db, body.cod_cidade);
  if (!city) throw new HttpError(400, MSG.cidadeInvalida);
  const email = body.email.trim().toLowerCase();
  if (await repo.emailTaken(db, email)) throw new HttpError(409, MSG.emailEmUso);
  // Issue 52: a typed CPF is declared; it blocks nobody and nobody's blocks it (no oracle).
  const at = nowIso();
  const cpf = body.cpf
    ? declaredCpf({ busca: deps.cpf.lookup(body.cpf), cifrado: deps.cpf.seal(body.cpf) }, at)
    : {};

  const senha_hash = await hashPassword(body.senha);
  try {
    return await transaction(db, async (trx) => {
      const id_usuario = await repo.insertUser(trx, {
        nome: body.nome,
        email,
        senha_hash,
        whatsup: body.whatsup,
        endereco: body.endereco,
        numero: body.numero,
        complemento: body.complemento,
        bairro: body.bairro,
        cidade: body.cidade || city.cidade,
        uf: (body.uf || city.uf).toUpperCase(),
        cep: body.cep,
        cod_cidade: city.cod_cidade,
        atualizado_em: at,
        ...cpf,
      });
      const token = await startSession(trx, id_usuario, deps.ip, deps.ttlHours);
      return { token, id_usuario };
    });
  } catch (err) {
    // Two sign-ups with one e-mail at the same moment: the unique index decides.
    if (uniqueViolation(err) !== null) throw new HttpError(409, MSG.emailEmUso);
    throw err;
  }
}

/**
 * The account of a social entity (issue 40), in the caller's transaction: a person row with no
 * password and no role, which logs in at the consumer's door once its holder sets a password
 * through the reset e-mail. 409 when the e-mail is in use.
 */
export async function createEntityAccount(
  trx: Kysely<Database>,
  v: { nome: string; email: string; cod_cidade: number },
  at: string,
): Promise<number> {
  if (await repo.emailTaken(trx, v.email)) throw new HttpError(409, MSG.emailEmUso);
  return repo.insertUser(trx, {
    nome: v.nome,
    email: v.email,
    senha_hash: null,
    whatsup: '',
    endereco: '',
    numero: '',
    complemento: '',
    bairro: '',
    cidade: '',
    uf: '',
    cep: '',
    cod_cidade: v.cod_cidade,
    atualizado_em: at,
  });
}

/**
 * Issue 52: whether a resident of `residentCity` is within the caller's reach (`reachOf`), as
 * the customer search would find them; `shopCity` is the city of a shop the caller runs, so a
 * resident of it needs no further read.
 */
export async function mayReachResident(
  db: Kysely<Database>,
  caller: AuthUser,
  residentCity: number,
  shopCity: number,
): Promise<boolean> {
  if (caller.superadmin || residentCity === shopCity) return true;
  const cities = await reachOf(db, caller);
  return cities === null || cities.includes(residentCity);
}

/**
 * Whose residents a caller may find (issue 37): a partner those of its linked shops' cities,
 * an admin those of its own city (both, for a person who is both); the super-admin anyone
 * (null).
 */
async function reachOf(db: Kysely<Database>, caller: AuthUser): Promise<number[] | null> {
  if (caller.superadmin) return null;
  const cities = caller.parceiro ? await repo.citiesOfShops(db, caller.estabelecimentos) : [];
  if (caller.admin) cities.push(caller.cod_cidade);
  return cities;
}

/**
 * The sales screen's recipient search (spec §5, issue 37; a full CPF, issue 40): at most 6 live residents of the
 * caller's cities, by the ending of their phone when the text is a phone number (at least 4
 * digits, the query schema says), else by name without case or accents: names that start
 * with it first (index range), then names that contain it. The phone goes out masked, so the
 * search cannot be used to harvest a city's numbers.
 */
export async function searchCustomers(
  db: Kysely<Database>,
  caller: AuthUser,
  nome: string,
  vault: CpfVault,
  cpfCarenciaDias: number,
): Promise<ClienteBusca[]> {
  const limit = CUSTOMER_SEARCH_MAX;
  const cities = await reachOf(db, caller);
  if (cities?.length === 0) return [];
  let rows: { id_usuario: number; nome: string; whatsup: string }[];
  // Issue 40: a full CPF finds its one owner and nobody else (issue 52: the account its sales
  // are credited to: a proof, or a declaration alone for the waiting period). Eleven bare digits may also be
  // a whole phone number: with no CPF match they search as one.
  if (isValidCpf(nome)) {
    const digits = onlyDigits(nome);
    const found = await repo.searchByCpf(db, cities, vault.lookup(digits), cpfCarenciaDias);
    if (found || /[.-]/.test(nome))
      return found ? [{ ...(await presented(db, caller, [found]))[0]!, cpf: maskCpf(digits) }] : [];
  }
  if (isPhoneLike(nome)) {
    rows = await repo.searchByPhoneEnding(db, cities, onlyDigits(nome), limit);
  } else {
    const folded = foldForSearch(nome).replace(/\s+/g, ' ');
    rows = await repo.searchByNamePrefix(db, cities, folded, prefixEnd(folded), limit);
    if (rows.length < limit) {
      const more = await repo.searchByNameContains(
        db,
        cities,
        `%${escapeLike(folded)}%`,
        rows.map((r) => r.id_usuario),
        limit - rows.length,
      );
      rows = [...rows, ...more];
    }
  }
  return presented(db, caller, rows);
}

/** Found people as the caller sees them (issue 52: a partner's masked, an entity by its name). */
async function presented(
  db: Kysely<Database>,
  caller: AuthUser,
  rows: { id_usuario: number; nome: string; whatsup: string }[],
): Promise<ClienteBusca[]> {
  const nomes = namesFor(caller);
  const entidades =
    nomes === 'parceiro'
      ? await repo.entityNames(
          db,
          rows.map((r) => r.id_usuario),
        )
      : new Map();
  return rows.map((r) => presentCustomer({ ...r, entidade: entidades.get(r.id_usuario) }, nomes));
}

/** Issue 52: the one lock of a person's row under a per-person cap (repository `lockPersonRow`). */
export const lockPersonRow = repo.lockPersonRow;
