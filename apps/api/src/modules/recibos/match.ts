import {
  TITULO_RECIBO_CONTESTADO,
  TITULO_RECIBO_CREDITADO,
  TITULO_RECIBO_SEM_COMPRADOR,
  mascararChave,
  textoReciboContestado,
  textoReciboCreditado,
  textoReciboSemComprador,
} from '@praca/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { recordAudit } from '../audit/service.js';
import * as contestacoes from '../contestacoes/service.js';
import { notifyPerson } from '../notifications/service.js';
import * as sales from '../sales/service.js';
import * as repo from './repository.js';

/**
 * Issue 53, decision 059: what a receipt becomes when it meets the shop's report of its key,
 * whichever came first (the resident's `POST /v1/recibos`, the partner's sale, the sale given
 * later). Every function runs in the caller's transaction, under the key's lock (`lockKey`).
 */

/** Who a report names, as a receipt reads it. */
export interface Named {
  /** The recipient; null while it waits (a CPF, a hand-over code) or names nobody. */
  id_usuario: number | null;
  /** The CPF (its lookup value) a sale waits for. */
  cpf_busca: string | null;
  /** Names no buyer at all: no recipient, no hand-over code, no CPF. */
  sem_comprador: boolean;
}

/** The sale's buyer, as the sale row says. */
export const namedBySale = (s: repo.SaleOfKey): Named => ({
  id_usuario: s.id_usuario,
  cpf_busca: s.cpf_busca,
  sem_comprador: s.id_usuario === null && s.cpf_busca === null && s.qr_token_hash === null,
});

/**
 * What the report makes of the receipt of `sender`: credited (it names them), contested (it
 * names someone else, or waits for another CPF), waiting (for their CPF's credit or a hand-over
 * code: whoever takes the sale decides, `saleGiven`), or a receipt without a buyer.
 */
export function verdict(
  named: Named,
  sender: { id_usuario: number; cpf_busca: string | null },
): 'creditar' | 'contestar' | 'aguardar' | 'sem_comprador' {
  if (named.id_usuario !== null) return named.id_usuario === sender.id_usuario ? 'creditar' : 'contestar';
  if (named.cpf_busca !== null)
    return sender.cpf_busca !== null && sender.cpf_busca === named.cpf_busca ? 'aguardar' : 'contestar';
  return named.sem_comprador ? 'sem_comprador' : 'aguardar';
}

/** The receipt as a step needs it. */
type Receipt = Pick<repo.ReciboRow, 'id_recibo' | 'id_usuario' | 'chave' | 'valor_centavos'>;

/**
 * The receipt confirms its sale: `creditado`, linked to the sale (the value from the sale when
 * the QR gave none), and the sale marked "confirmada pelo recibo" once (no new points: the sale
 * already credited its buyer). Audited on the sale ('confirmar_recibo').
 */
export async function credit(
  trx: Kysely<Database>,
  r: Receipt,
  sale: repo.SaleOfKey,
  a: { from: 'pendente'; at: string; ip: string; notify: boolean },
): Promise<boolean> {
  const moved = await repo.moveReceipt(trx, r.id_recibo, a.from, {
    status: 'creditado',
    id_venda: sale.id_venda,
    valor_centavos: r.valor_centavos ?? sale.valor_centavos,
    expira_em: null,
    atualizado_em: a.at,
  });
  if (!moved) return false;
  await confirm(trx, r, sale.id_venda, a);
  if (a.notify)
    await notifyPerson(trx, r.id_usuario, {
      title: TITULO_RECIBO_CREDITADO,
      body: textoReciboCreditado(sale.nome_estabelecimento),
    });
  return true;
}

/** Marks the sale confirmed by the receipt (once) and audits it on the sale. */
export async function confirm(
  trx: Kysely<Database>,
  r: Pick<Receipt, 'id_recibo' | 'id_usuario' | 'chave'>,
  idVenda: number,
  a: { at: string; ip: string },
): Promise<void> {
  if (!(await sales.confirmByReceipt(trx, idVenda, a.at))) return;
  await recordAudit(trx, {
    id_usuario: r.id_usuario,
    acao: 'confirmar_recibo',
    entidade: 'venda',
    id_entidade: idVenda,
    depois: { id_recibo: r.id_recibo, chave: mascararChave(r.chave), recibo_confirmado_em: a.at },
    ip: a.ip,
  });
}

/**
 * The shop reported the receipt's key for someone else: the receipt is `contestado` (its key
 * spent) and a complaint opens by itself for the admins (contestacoes `openAutomatic`), never a
 * credit. `notify`: the resident learns it from a notification (a report that came later).
 */
export async function contest(
  trx: Kysely<Database>,
  r: Receipt,
  sale: repo.SaleOfKey,
  a: { from: 'pendente'; at: string; notify: boolean },
): Promise<boolean> {
  const moved = await repo.moveReceipt(trx, r.id_recibo, a.from, {
    status: 'contestado',
    id_venda: sale.id_venda,
    valor_centavos: r.valor_centavos ?? sale.valor_centavos,
    expira_em: null,
    atualizado_em: a.at,
  });
  if (!moved) return false;
  await openComplaint(trx, r, sale, a.at);
  if (a.notify)
    await notifyPerson(trx, r.id_usuario, {
      title: TITULO_RECIBO_CONTESTADO,
      body: textoReciboContestado(sale.nome_estabelecimento),
    });
  return true;
}

/** The automatic complaint of a contested receipt, linked both ways. */
async function openComplaint(
  trx: Kysely<Database>,
  r: Pick<Receipt, 'id_recibo' | 'id_usuario'>,
  sale: repo.SaleOfKey,
  at: string,
): Promise<void> {
  const idContestacao = await contestacoes.openAutomatic(trx, {
    id_usuario: r.id_usuario,
    cod_cidade: sale.cod_cidade,
    id_estabelecimento: sale.id_estabelecimento,
    id_venda: sale.id_venda,
    dat_venda: sale.dat_venda,
    valor_centavos: sale.valor_centavos,
    numero_venda: sale.numero_venda,
    id_recibo: r.id_recibo,
    at,
  });
  await repo.setComplaint(trx, r.id_recibo, idContestacao);
}

/** A pending receipt now knows its sale (it waits for whoever takes it), or has no buyer. */
export async function link(
  trx: Kysely<Database>,
  r: Receipt,
  sale: repo.SaleOfKey,
  a: { at: string; semComprador: boolean },
): Promise<void> {
  const moved = await repo.moveReceipt(trx, r.id_recibo, 'pendente', {
    id_venda: sale.id_venda,
    valor_centavos: r.valor_centavos ?? sale.valor_centavos,
    ...(a.semComprador ? { status: 'sem_comprador' as const, expira_em: null } : {}),
    atualizado_em: a.at,
  });
  if (moved && a.semComprador)
    await notifyPerson(trx, r.id_usuario, {
      title: TITULO_RECIBO_SEM_COMPRADOR,
      body: textoReciboSemComprador(sale.nome_estabelecimento),
    });
}
