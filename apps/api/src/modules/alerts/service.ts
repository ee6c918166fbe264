import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Alerta, AlertasQuery } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { addDays } from '../../lib/clock.js';
import type { AuthUser } from '../auth/types.js';
import { requestedAdminCity } from '../cities/admin-scope.js';
import { evidenceOf, presentAlert } from './presenter.js';
import * as repo from './repository.js';
import {
  PEAK_HISTORY_DAYS,
  nightFindings,
  peakFindings,
  repeatedPersonFindings,
  underLimitFindings,
  type AlertThresholds,
} from './rules.js';

/**
 * `GET /v1/adm/alertas` (issue 37): the rules of rules.ts over the city's live sales of one day
 * (the sale's date), for an admin of the city (any city for the super-admin; 403 otherwise).
 * Read-only and computed on request: nothing is stored, so a deleted sale leaves its alert.
 */
export async function list(
  db: Kysely<Database>,
  user: AuthUser,
  q: z.output<typeof AlertasQuery>,
  t: AlertThresholds,
): Promise<Alerta[]> {
  const codCidade = requestedAdminCity(user, q);
  const sales = await repo.salesOfDay(db, codCidade, q.data);
  if (sales.length === 0) return [];
  const from = addDays(q.data, -PEAK_HISTORY_DAYS);
  const historyDays = Array.from({ length: PEAK_HISTORY_DAYS }, (_, i) => addDays(from, i));
  const shops = [...new Set(sales.map((s) => s.id_estabelecimento))];
  const history = await repo.dailyCounts(db, shops, from, addDays(q.data, -1));
  const findings = [
    ...peakFindings(sales, history, historyDays, t),
    ...repeatedPersonFindings(sales, t),
    ...underLimitFindings(sales, t),
    ...nightFindings(sales, t),
  ];
  return findings.map((f) => presentAlert(f, evidenceOf(f, q.data, t)));
}
