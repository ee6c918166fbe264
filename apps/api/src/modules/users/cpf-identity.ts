import type { Kysely } from 'kysely';
import { MSG } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import { transaction } from '../../db/index.js';

/**
 * Issue 52: a CPF is declared (typed by a person) or proven (gov.br at the minimum level, or a
 * photo proof a city admin approved). Only a proven CPF is unique; proving a CPF removes the
 * other accounts' declarations of it, and gov.br outranks a photo.
 */

export type ComprovadoPor = 'govbr' | 'foto';

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
export async function markProven(
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

/** What `proveCpf` needs: the database and the crediting of a CPF's waiting sales. */
export interface ProveCpfDeps {
  db: Kysely<Database>;
  creditCpf: (idUsuario: number, cpfBusca: string, ip: string) => Promise<unknown>;
}

/**
 * Issue 52: account `idUsuario` proves a CPF by `via`, in a transaction of its own (`markProven`),
 * then everything that follows a proof: the CPF's waiting sales are credited before this answers.
 * The one entry point for gov.br and for an admin's approval of a photo proof.
 */
export async function proveCpf(
  deps: ProveCpfDeps,
  a: { idUsuario: number; cpfBusca: string; cpfCifrado: string; via: ComprovadoPor; ip: string; at: string },
): Promise<Proven> {
  const proven = await transaction(deps.db, (trx) => markProven(trx, a));
  await deps.creditCpf(a.idUsuario, a.cpfBusca, a.ip);
  return proven;
}
