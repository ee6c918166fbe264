import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Alerta, AlertasQuery } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { addDays, instantOnClock } from '../../lib/clock.js';
import type { AuthUser } from '../auth/types.js';
import { requestedAdminCity } from '../cities/admin-scope.js';
import { evidenceOf, presentAlert } from './presenter.js';
import * as repo from './repository.js';
import {
  PEAK_HISTORY_DAYS,
  concentratedDonationFindings,
  nightFindings,
  overstatedSaleFindings,
  peakFindings,
  repeatedPersonFindings,
  sharedKeyFindings,
  underLimitFindings,
  unreportedReceiptFindings,
  type AlertThresholds,
  type Finding,
} from './rules.js';

/**
 * `GET /v1/adm/alertas` (issue 37): the rules of rules.ts over the city's live sales of one day
 * (the sale's date), for an admin of the city (any city for the super-admin; 403 otherwise).
 * Issue 53: and the receipts' rules over the `recibosDias` days up to that day.
 * Read-only and computed on request: nothing is stored, so a deleted sale leaves its alert.
 */
export async function list(
  db: Kysely<Database>,
  user: AuthUser,
  q: z.output<typeof AlertasQuery>,
  t: AlertThresholds,
): Promise<Alerta[]> {
  const codCidade = requestedAdminCity(user, q);
  const findings = [
    ...(await saleFindings(db, codCidade, q.data, t)),
    ...(await receiptFindings(db, codCidade, q.data, t)),
  ];
  return findings.map((f) => presentAlert(f, evidenceOf(f, q.data, t)));
}

async function saleFindings(
  db: Kysely<Database>,
  codCidade: number,
  day: string,
  t: AlertThresholds,
): Promise<Finding[]> {
  const sales = await repo.salesOfDay(db, codCidade, day);
  if (sales.length === 0) return [];
  const from = addDays(day, -PEAK_HISTORY_DAYS);
  const historyDays = Array.from({ length: PEAK_HISTORY_DAYS }, (_, i) => addDays(from, i));
  const shops = [...new Set(sales.map((s) => s.id_estabelecimento))];
  const history = await repo.dailyCounts(db, shops, from, addDays(day, -1));
  return [
    ...peakFindings(sales, history, historyDays, t),
    ...repeatedPersonFindings(sales, t),
    ...underLimitFindings(sales, t),
    ...nightFindings(sales, t),
  ];
}

/** Issue 53: the receipts sent (and keys tried) in the `recibosDias` São Paulo days up to `day`. */
async function receiptFindings(
  db: Kysely<Database>,
  codCidade: number,
  day: string,
  t: AlertThresholds,
): Promise<Finding[]> {
  const from = addDays(day, 1 - t.recibosDias);
  const fromIso = instantOnClock(from).toISOString();
  const toIso = instantOnClock(addDays(day, 1)).toISOString();
  return [
    ...unreportedReceiptFindings(await repo.unreportedReceipts(db, codCidade, from, day), t),
    ...sharedKeyFindings(await repo.triedKeys(db, codCidade, fromIso, toIso, t.chavePessoas), t),
    ...concentratedDonationFindings(await repo.donatedReceipts(db, codCidade, from, day), t),
    ...overstatedSaleFindings(await repo.overstatedSales(db, codCidade, from, day)),
  ];
}
