import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { CUSTOMER_SEARCH_MAX, MSG, type ClienteBusca, type RegistroBody } from '@praca/contract';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { hashPassword } from '../../lib/crypto.js';
import { uniqueViolation } from '../../db/errors.js';
import { HttpError } from '../../lib/errors.js';
import type { RateLimiter } from '../shared/rate-limiter.js';
import { escapeLike, foldForSearch, prefixEnd } from '../../db/search-text.js';
import { startSession } from '../auth/service.js';
import { findCity } from '../cities/service.js';
import { presentCustomer } from './presenter.js';
import * as repo from './repository.js';

export type Registro = z.output<typeof RegistroBody>;

/**
 * A consumer signs up (spec §3, domain §9): a known city, an e-mail nobody uses (in any
 * case), a slow hash of what the client sent as password; answers a session at once.
 */
export async function register(
  db: Kysely<Database>,
  body: Registro,
  deps: { ip: string; ttlHours: number; limiter: RateLimiter },
): Promise<{ token: string; id_usuario: number }> {
  const key = `ip:${deps.ip}`;
  deps.limiter.take(key);

  const city = await findCity(db, body.cod_cidade);
  if (!city) throw new HttpError(400, MSG.cidadeInvalida);
  const email = body.email.trim().toLowerCase();
  if (await repo.emailTaken(db, email)) throw new HttpError(409, MSG.emailEmUso);

  const senha_hash = await hashPassword(body.senha);
  try {
    return await db.transaction().execute(async (trx) => {
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
        atualizado_em: new Date().toISOString(),
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

/** Something typed that is only a phone number (digits and the mask's punctuation). */
const PHONE_LIKE = /^[\d\s()+.-]+$/;

/**
 * The sales screen's recipient search (spec §5): at most 6 live users, by phone digits when
 * the text is a phone number, else by name without case or accents: names that start with it
 * first (index range), then names that contain it.
 */
export async function searchCustomers(
  db: Kysely<Database>,
  dialect: Dialect,
  nome: string,
): Promise<ClienteBusca[]> {
  const limit = CUSTOMER_SEARCH_MAX;
  const digits = nome.replace(/\D/g, '');
  let rows: { id_usuario: number; nome: string; whatsup: string }[];
  if (PHONE_LIKE.test(nome) && digits.length >= 3) {
    rows = await repo.searchByPhonePrefix(db, dialect, digits, prefixEnd(digits), limit);
  } else {
    const folded = foldForSearch(nome).replace(/\s+/g, ' ');
    rows = await repo.searchByNamePrefix(db, folded, prefixEnd(folded), limit);
    if (rows.length < limit) {
      const more = await repo.searchByNameContains(
        db,
        `%${escapeLike(folded)}%`,
        rows.map((r) => r.id_usuario),
        limit - rows.length,
      );
      rows = [...rows, ...more];
    }
  }
  return rows.map(presentCustomer);
}
