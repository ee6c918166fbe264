import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { MSG_ADMIN, MSG_CONTEUDO, isRealDay, type AuditoriaItem, type AuditoriaQuery } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { pageWindow, type Page } from '../shared/admin.js';
import { addDays, instantOnClock } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { escapeLike, foldForSearch } from '../../db/search-text.js';
import type { AuthUser } from '../auth/types.js';
import { requestedAdminCity } from '../cities/admin-scope.js';
import { presentAuditEntry } from './presenter.js';
import { insertAudit, listAudit, type AuditEntry, type AuditFilter } from './repository.js';

export type { AuditEntry };

/**
 * Records who changed what, with the values before and after (domain §10). Call it with the
 * transaction of the write, so the record and the change stand or fall together.
 */
export const recordAudit = (db: Kysely<Database>, entry: AuditEntry): Promise<void> => insertAudit(db, entry);

/** The instant a day (`YYYY-MM-DD`) starts on the programme's clock, as an ISO string. */
const dayStartIso = (day: string): string => instantOnClock(day).toISOString();

/** The list's filter from its query: the city (403 for another), days checked (400). */
function filterOf(user: AuthUser, q: z.output<typeof AuditoriaQuery>): AuditFilter {
  const codCidade = requestedAdminCity(user, q);
  // The contract checks only the shape: 2026-02-30 or 0000-00-00 would make dayStartIso throw.
  for (const d of [q.de, q.ate]) if (d && !isRealDay(d)) throw new HttpError(400, MSG_CONTEUDO.dataInvalida);
  // The screen refuses the same pair with the same message.
  if (q.de && q.ate && q.de > q.ate) throw new HttpError(400, MSG_ADMIN.datasInvertidas);
  const text = q.q?.trim() ?? '';
  return {
    codCidade,
    idUsuario: q.id_usuario,
    entidade: q.entidade || undefined,
    // The author by name (without case or accents, as the sales screen's search) or e-mail.
    nomeLike: text ? `%${escapeLike(foldForSearch(text).replace(/\s+/g, ' '))}%` : undefined,
    emailLike: text ? `%${escapeLike(text.toLowerCase())}%` : undefined,
    from: q.de ? dayStartIso(q.de) : undefined,
    until: q.ate ? dayStartIso(addDays(q.ate, 1)) : undefined,
  };
}

/** The export's filter (issue 39): the list's, checked as the list (its rows: export-rows.ts). */
export async function exportFilter(
  _db: Kysely<Database>,
  user: AuthUser,
  q: z.output<typeof AuditoriaQuery>,
): Promise<AuditFilter> {
  return filterOf(user, q);
}

/**
 * `GET /v1/adm/auditoria` (domain §10): the entries made by people of the admin's city (any
 * city the super-admin chooses), newest first; `q` finds the author by name or e-mail. The
 * total stops at AUDIT_COUNT_CAP (`exact` false past it).
 */
export async function list(
  db: Kysely<Database>,
  user: AuthUser,
  q: z.output<typeof AuditoriaQuery>,
): Promise<Page<AuditoriaItem> & { exact: boolean }> {
  const { rows, total, exact } = await listAudit(db, filterOf(user, q), pageWindow(q));
  return {
    itens: rows.map(presentAuditEntry),
    total,
    exact,
  };
}
