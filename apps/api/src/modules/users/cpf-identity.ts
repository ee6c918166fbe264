import type { Kysely } from 'kysely';
import {
  CPF_TROCA_DIAS,
  MSG,
  TEXTO_CPF_REMOVIDO,
  TITULO_CPF_REMOVIDO,
  TITULO_CPF_TRANSFERIDO,
  textoCpfTransferido,
} from '@praca/contract';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import { transaction } from '../../db/index.js';
import { recordAudit } from '../audit/service.js';
import { notifyPerson } from '../notifications/service.js';

/**
 * Issue 52: a CPF is declared (typed by a person) or proven (gov.br at the minimum level, or a
 * photo proof a city admin approved). Only a proven CPF is unique; proving a CPF removes the
 * other accounts' declarations of it, and gov.br outranks a photo.
 */

export type ComprovadoPor = 'govbr' | 'foto';

/** How the holder of a CPF held it when a sale was credited by it (`vendas.cpf_creditada_via`). */
export type CreditadaVia = 'declarado' | ComprovadoPor;

/** The default of CPF_CARENCIA_DIAS: a declared CPF collects after this many days alone. */
export const CPF_CARENCIA_DIAS_PADRAO = 30;

const DAY_MS = 86_400_000;

/** The end of a declared CPF's waiting period, from when it was set. */
export const carenciaAte = (definidoEm: string, carenciaDias: number): string =>
  new Date(Date.parse(definidoEm) + carenciaDias * DAY_MS).toISOString();

/**
 * The account the counter sales made to a CPF are credited to, as of `at`, or null (issue 52):
 * the account that proved it; else the one account that declares it, when it has for
 * `carenciaDias` without change. Two declarations (and no proof) credit nobody. Removed
 * accounts hold nothing.
 */
export async function creditableHolder(
  db: Kysely<Database>,
  cpfBusca: string,
  carenciaDias: number,
  at: string,
): Promise<{ id_usuario: number; via: CreditadaVia } | null> {
  const holders = await db
    .selectFrom('usuarios')
    .select(['id_usuario', 'cpf_situacao', 'cpf_definido_em', 'cpf_comprovado_por'])
    .where('cpf_busca', '=', cpfBusca)
    .where('removido_em', 'is', null)
    .execute();
  const proven = holders.find((h) => h.cpf_situacao === 'comprovado');
  if (proven) return { id_usuario: proven.id_usuario, via: proven.cpf_comprovado_por ?? 'foto' };
  if (holders.length !== 1) return null;
  const [only] = holders;
  if (only!.cpf_situacao !== 'declarado' || !only!.cpf_definido_em) return null;
  if (carenciaAte(only!.cpf_definido_em, carenciaDias) > at) return null;
  return { id_usuario: only!.id_usuario, via: 'declarado' };
}

/** What a person's account holds of a CPF now (for a change of it). */
export interface HeldCpf {
  cpf_busca: string | null;
  cpf_situacao: '' | 'declarado' | 'comprovado';
  cpf_definido_em: string | null;
}

/**
 * Issue 52: may a person replace the CPF they hold (`held`) by `busca` (null: remove it)?
 * The same CPF again is no change. A proven CPF is theirs for good (409). A declared CPF may
 * be removed at any time; a CPF is set at most once every {@link CPF_TROCA_DIAS} days, counted
 * from when the last one was set or removed (409), so removing and typing another is one
 * change; setting the first CPF is no change. Answers whether it changes.
 */
export function checkCpfChange(held: HeldCpf, busca: string | null, at: string): boolean {
  if (busca === held.cpf_busca) return false;
  if (held.cpf_situacao === 'comprovado') throw new HttpError(409, MSG.cpfComprovadoFixo);
  // Removing one's declared CPF is always allowed; the next one counts from the removal.
  if (busca === null) return true;
  if (held.cpf_definido_em && Date.parse(held.cpf_definido_em) + CPF_TROCA_DIAS * DAY_MS > Date.parse(at))
    throw new HttpError(409, MSG.cpfTrocaRecente);
  return true;
}

/**
 * The columns a person's own change of CPF writes: a typed CPF is declared as of `at`; a removal
 * keeps `cpf_definido_em` (now), so that removing and typing another is still one change.
 */
export const declaredCpf = (cpf: { busca: string; cifrado: string } | null, at: string) => ({
  cpf_busca: cpf?.busca ?? null,
  cpf_cifrado: cpf?.cifrado ?? null,
  cpf_situacao: cpf ? ('declarado' as const) : ('' as const),
  cpf_definido_em: at,
  cpf_comprovado_por: null,
});

/** What proving a CPF changed besides the account that proved it. */
export interface Proven {
  /** Accounts whose declaration of that CPF was removed. */
  declaracoesRemovidas: number[];
  /** The account a gov.br proof took the CPF from (it held it by a photo proof), if any. */
  tomadoDe: number | null;
}

/**
 * In `trx`: account `idUsuario` holds the CPF (`cpfBusca`, `cpfCifrado`) as proven by `via`.
 * Another account's proof of it refuses (409), unless it is a photo proof and this is gov.br.
 */
async function markProven(
  trx: Kysely<Database>,
  a: { idUsuario: number; cpfBusca: string; cpfCifrado: string; via: ComprovadoPor; at: string },
): Promise<Proven> {
  const holders = await trx
    .selectFrom('usuarios')
    .select(['id_usuario', 'cpf_situacao', 'cpf_comprovado_por'])
    .where('cpf_busca', '=', a.cpfBusca)
    .execute();
  let tomadoDe: number | null = null;
  const proven = holders.find((h) => h.cpf_situacao === 'comprovado' && h.id_usuario !== a.idUsuario);
  if (proven) {
    if (!(a.via === 'govbr' && proven.cpf_comprovado_por === 'foto')) throw new HttpError(409, MSG.cpfEmUso);
    tomadoDe = proven.id_usuario;
  }
  const others = holders.filter((h) => h.id_usuario !== a.idUsuario).map((h) => h.id_usuario);
  if (others.length > 0) {
    await trx
      .updateTable('usuarios')
      .set({
        cpf_busca: null,
        cpf_cifrado: null,
        cpf_situacao: '',
        cpf_definido_em: null,
        cpf_comprovado_por: null,
        atualizado_em: a.at,
      })
      .where('id_usuario', 'in', others)
      .execute();
  }
  const mine = holders.find((h) => h.id_usuario === a.idUsuario);
  // A gov.br proof of one's own photo-proven CPF upgrades it; nothing downgrades it.
  const via = mine?.cpf_comprovado_por === 'govbr' ? 'govbr' : a.via;
  await trx
    .updateTable('usuarios')
    .set({
      cpf_busca: a.cpfBusca,
      cpf_cifrado: a.cpfCifrado,
      cpf_situacao: 'comprovado',
      cpf_comprovado_por: via,
      ...(mine ? {} : { cpf_definido_em: a.at }),
      atualizado_em: a.at,
    })
    .where('id_usuario', '=', a.idUsuario)
    .execute();
  return { declaracoesRemovidas: others.filter((id) => id !== tomadoDe), tomadoDe };
}

/** What reversing the credits a photo proof made (sales module) did. */
export interface PhotoCreditsReversed {
  /** Sales given back to waiting for the CPF (their coupons voided, their points taken back). */
  estornadas: number[];
  /** Sales left with the account: a coupon of theirs is drawn or in an apuração's frozen file. */
  mantidas: number[];
}

/** What `proveCpf` needs: the database, the crediting of a CPF's waiting sales, the reversal. */
export interface ProveCpfDeps {
  db: Kysely<Database>;
  creditCpf: (idUsuario: number, cpfBusca: string, ip: string) => Promise<unknown>;
  /**
   * In `trx`: the sales credited to `fromUser` under a photo proof go back to waiting for the
   * CPF (`cpfBusca`), all but those whose coupons are drawn or frozen (sales/cpf-credit.ts).
   */
  reversePhotoCredits: (
    trx: Kysely<Database>,
    a: { fromUser: number; toUser: number; cpfBusca: string; at: string; ip: string },
  ) => Promise<PhotoCreditsReversed>;
}

/**
 * Issue 52: account `idUsuario` proves a CPF by `via`, in a transaction of its own (`markProven`),
 * with everything that follows a proof: each other account's declaration of it removed, with an
 * audit entry and a notification; a photo proof that gov.br outranked loses the CPF and the
 * credits made under it (those of drawn or frozen coupons stay), audited and told. Then the CPF's
 * waiting sales (the reversed ones too) are credited to the new holder before this answers.
 * The one entry point for gov.br and for an admin's approval of a photo proof.
 */
export async function proveCpf(
  deps: ProveCpfDeps,
  a: { idUsuario: number; cpfBusca: string; cpfCifrado: string; via: ComprovadoPor; ip: string; at: string },
): Promise<Proven> {
  const proven = await transaction(deps.db, async (trx) => {
    const p = await markProven(trx, a);
    for (const id of p.declaracoesRemovidas) {
      await recordAudit(trx, {
        id_usuario: a.idUsuario,
        acao: 'remover_declaracao_cpf',
        entidade: 'usuario',
        id_entidade: id,
        antes: { cpf_situacao: 'declarado' },
        depois: { cpf_situacao: '', comprovado_por: a.via, id_usuario_comprovou: a.idUsuario },
        ip: a.ip,
      });
      await notifyPerson(trx, id, { title: TITULO_CPF_REMOVIDO, body: TEXTO_CPF_REMOVIDO });
    }
    if (p.tomadoDe !== null) {
      const r = await deps.reversePhotoCredits(trx, {
        fromUser: p.tomadoDe,
        toUser: a.idUsuario,
        cpfBusca: a.cpfBusca,
        at: a.at,
        ip: a.ip,
      });
      await recordAudit(trx, {
        id_usuario: a.idUsuario,
        acao: 'transferir_cpf',
        entidade: 'usuario',
        id_entidade: p.tomadoDe,
        antes: { cpf_situacao: 'comprovado', comprovado_por: 'foto' },
        depois: {
          cpf_situacao: '',
          id_usuario_comprovou: a.idUsuario,
          comprovado_por: 'govbr',
          vendas_estornadas: r.estornadas,
          vendas_mantidas: r.mantidas,
        },
        ip: a.ip,
      });
      await notifyPerson(trx, p.tomadoDe, {
        title: TITULO_CPF_TRANSFERIDO,
        body: textoCpfTransferido({ estornadas: r.estornadas.length, mantidas: r.mantidas.length }),
      });
    }
    return p;
  });
  await deps.creditCpf(a.idUsuario, a.cpfBusca, a.ip);
  return proven;
}
