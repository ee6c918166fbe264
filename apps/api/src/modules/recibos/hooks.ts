import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import * as match from './match.js';
import * as repo from './repository.js';

/**
 * Issue 53: where the sale path meets the residents' receipts. The sale path calls these inside
 * its transaction; the receipts module decides what a receipt becomes (match.ts). Both run under
 * the lock the caller already holds on the sale, and take the key's lock (`lockKey`) so that a
 * resident's receipt of the same key, sent at the same moment, is decided once.
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
 * now: the report names its sender → `creditado` (the sale confirmed, the sender told); someone
 * else, or another CPF → `contestado` with an automatic complaint (the sender told); the
 * sender's CPF or a hand-over code → it waits, linked to the sale (`saleGiven` decides); no
 * buyer → `sem_comprador` (the sender told: they may donate it). Safe to call again.
 */
export async function keyReported(trx: Kysely<Database>, r: ReportedKey): Promise<void> {
  await repo.lockKey(trx, r.chave);
  const receipt = await repo.pendingOf(trx, { chave: r.chave });
  if (!receipt || receipt.id_venda !== null) return;
  const sale = await repo.saleById(trx, r.id_venda);
  if (!sale) return;
  const sender = await repo.personOf(trx, receipt.id_usuario);
  const v = match.verdict(r, { id_usuario: receipt.id_usuario, cpf_busca: sender?.cpf_busca ?? null });
  if (v === 'creditar')
    await match.credit(trx, receipt, sale, { from: 'pendente', at: r.at, ip: '', notify: true });
  else if (v === 'contestar')
    await match.contest(trx, receipt, sale, { from: 'pendente', at: r.at, notify: true });
  else await match.link(trx, receipt, sale, { at: r.at, semComprador: v === 'sem_comprador' });
}

/**
 * A sale with a key got its recipient later (a hand-over code claimed, a CPF credited): the
 * pending receipt of its key (or linked to it) is credited when its sender is that person, and
 * contested (an automatic complaint, the sender told) when it is someone else.
 */
export async function saleGiven(
  trx: Kysely<Database>,
  g: { id_venda: number; id_usuario: number; at: string },
): Promise<void> {
  const sale = await repo.saleById(trx, g.id_venda);
  if (!sale?.chave_nfce) return;
  await repo.lockKey(trx, sale.chave_nfce);
  const receipt = await repo.pendingOf(trx, { chave: sale.chave_nfce, idVenda: sale.id_venda });
  if (!receipt) return;
  if (receipt.id_usuario === g.id_usuario)
    await match.credit(trx, receipt, sale, { from: 'pendente', at: g.at, ip: '', notify: false });
  else await match.contest(trx, receipt, sale, { from: 'pendente', at: g.at, notify: true });
}
