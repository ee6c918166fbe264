import { TITULO_COMPRAS_DO_CPF, textoComprasDoCpf } from '@praca/contract';
import { transaction } from '../../db/index.js';
import { nowIso } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { notifyPerson } from '../notifications/service.js';
import * as users from '../users/service.js';
import * as cpfRepo from './cpf-repository.js';
import type { SalesDeps } from './deps.js';
import { giveSale } from './give.js';
import * as repo from './repository.js';

/** What crediting a CPF's waiting sales did (issue 40). */
export interface CpfCredit {
  creditadas: number;
  cupons: number;
  /** Sales that could not be credited: their campaign ended, or a rule of the sale refused it. */
  expiradas: number;
}

/**
 * Issue 40: a person confirmed a CPF (at sign-up or in the profile): every sale waiting for it
 * is credited to them, each in its own transaction under the rules of a claim (`giveSale`);
 * one that breaks a rule lapses. The conditional update credits a sale once, whoever races
 * for it.
 */
async function creditPendingByCpf(
  deps: Pick<SalesDeps, 'db' | 'dialect'>,
  idUsuario: number,
  cpfBusca: string,
  ip: string,
): Promise<CpfCredit> {
  const result: CpfCredit = { creditadas: 0, cupons: 0, expiradas: 0 };
  for (const { id_venda } of await cpfRepo.pendingOfCpf(deps.db, cpfBusca)) {
    const at = nowIso();
    try {
      const issued = await transaction(deps.db, async (trx) => {
        const sale = await repo.lockSale(trx, deps.dialect, id_venda);
        if (!sale || sale.excluida_em !== null || sale.id_usuario !== null) return null;
        const ledger = await giveSale(trx, {
          dialect: deps.dialect,
          sale,
          idUsuario,
          at,
          ip,
          acao: 'creditar_cpf',
          take: (t) => cpfRepo.creditSale(t, sale.id_venda, cpfBusca, idUsuario, at),
        });
        return ledger ? ledger.emitidos.length : null;
      });
      if (issued !== null) {
        result.creditadas += 1;
        result.cupons += issued;
      }
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // A rule refused it: the sale waits no more (its campaign ended, a limit was reached…).
      await cpfRepo.lapseSale(deps.db, id_venda, at);
      result.expiradas += 1;
    }
  }
  return result;
}

/** Issue 40: credits a CPF's waiting sales (`creditPendingByCpf`) and tells the person. */
export async function creditAndTell(
  deps: Pick<SalesDeps, 'db' | 'dialect'>,
  idUsuario: number,
  cpfBusca: string,
  ip: string,
): Promise<CpfCredit> {
  const r = await creditPendingByCpf(deps, idUsuario, cpfBusca, ip);
  if (r.creditadas + r.expiradas > 0)
    await notifyPerson(deps.db, idUsuario, { title: TITULO_COMPRAS_DO_CPF, body: textoComprasDoCpf(r) });
  return r;
}

/** Issue 52: the job that credits a sale given by CPF behind its answer. */
export const CPF_CREDIT_JOB = 'venda-cpf-creditar';

export interface CpfCreditJob {
  id_venda: number;
  /** The address the sale came from (the audit entries of the crediting). */
  ip: string;
}

/**
 * Issue 52: a sale given by CPF was answered alike whatever the CPF is; now, behind the answer,
 * the account the CPF may credit (`users.cpfOwner`) takes it with the CPF's other waiting sales
 * (`creditAndTell`). A sale no longer waiting (credited, voided, lapsed) or a CPF no account
 * may take leaves nothing to do: the sale waits. Safe to run again (a sale is credited once).
 */
export async function creditSaleOfCpf(
  deps: Pick<SalesDeps, 'db' | 'dialect'>,
  job: CpfCreditJob,
): Promise<void> {
  const busca = await cpfRepo.cpfOfWaitingSale(deps.db, job.id_venda);
  if (busca === null) return;
  const owner = await users.cpfOwner(deps.db, busca);
  if (owner === null) return;
  await creditAndTell(deps, owner, busca, job.ip);
}
