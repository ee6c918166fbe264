import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * Issue 53: where the sale path meets the residents' receipts. The sale path calls these inside
 * its transaction; the receipts module decides what a receipt becomes. Both run under the lock
 * the caller already holds on the sale.
 */

/** A sale just written with `chave_nfce` (the partner's report of the key). */
export interface ReportedKey {
  id_venda: number;
  chave: string;
  /** The recipient the report names; null when it names none yet (a CPF, a hand-over code, no buyer). */
  id_usuario: number | null;
  /** The CPF a sale waits for (its HMAC), when it was given by CPF. */
  cpf_busca: string | null;
  /** True when the report names no buyer at all (`id_usuario: -1`, no `cpf`, no code). */
  sem_comprador: boolean;
  at: string;
}

/**
 * A partner reported `chave`: a pending receipt of that key, if a resident sent one, is decided
 * now (credited when the report names its sender). Stub until the receipts module lands.
 */
export async function keyReported(_trx: Kysely<Database>, _r: ReportedKey): Promise<void> {}

/**
 * A sale with a key got its recipient later (a hand-over code claimed, a CPF credited): a
 * pending receipt of its key sent by that person is credited. Stub until the receipts module lands.
 */
export async function saleGiven(
  _trx: Kysely<Database>,
  _g: { id_venda: number; id_usuario: number; at: string },
): Promise<void> {}
