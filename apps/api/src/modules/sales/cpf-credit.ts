import { TITULO_COMPRAS_DO_CPF, textoComprasDoCpf } from '@praca/contract';
import type { Kysely } from 'kysely';
import { transaction, type Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import * as coupons from '../coupons/service.js';
import { notifyPerson } from '../notifications/service.js';
import {
  CPF_CARENCIA_DIAS_PADRAO,
  creditableHolder,
  type PhotoCreditsReversed,
} from '../users/cpf-identity.js';
import * as cpfRepo from './cpf-repository.js';
import type { SalesDeps } from './deps.js';
import { giveSale } from './give.js';
import * as repo from './repository.js';

/** What crediting a CPF's waiting sales did (issue 40). */
export interface CpfCredit {
  creditadas: number;
  cupons: number;
  /**
   * Sales a rule refused this time (their campaign ended, a limit was reached…). Issue 52: they
   * keep waiting with the reason (`vendas.cpf_motivo`); a refusal already told is not counted.
   */
  expiradas: number;
}

/** What crediting needs: the database, and the waiting period of a declared CPF. */
export type CpfCreditDeps = Pick<SalesDeps, 'db' | 'dialect'> & Partial<Pick<SalesDeps, 'cpfCarenciaDias'>>;

const DAY_MS = 86_400_000;
const carenciaOf = (deps: CpfCreditDeps) => deps.cpfCarenciaDias ?? CPF_CARENCIA_DIAS_PADRAO;

/**
 * Issue 40: every sale waiting for a CPF is credited to `idUsuario`, each in its own transaction
 * under the rules of a claim (`giveSale`). Issue 52: only while that account is the CPF's
 * creditable holder (a proof, or a declaration alone for the waiting period), checked in each
 * sale's transaction; one a rule refuses keeps waiting with its reason. The conditional update
 * credits a sale once, whoever races for it.
 */
async function creditPendingByCpf(
  deps: CpfCreditDeps,
  idUsuario: number,
  cpfBusca: string,
  ip: string,
): Promise<CpfCredit> {
  const result: CpfCredit = { creditadas: 0, cupons: 0, expiradas: 0 };
  for (const { id_venda } of await cpfRepo.pendingOfCpf(deps.db, cpfBusca)) {
    const at = nowIso();
    try {
      const issued = await transaction(deps.db, async (trx) => {
        const holder = await creditableHolder(trx, cpfBusca, carenciaOf(deps), at);
        if (holder?.id_usuario !== idUsuario) return 'nao_credita' as const;
        const sale = await repo.lockSale(trx, deps.dialect, id_venda);
        if (!sale || sale.excluida_em !== null || sale.id_usuario !== null) return null;
        const ledger = await giveSale(trx, {
          dialect: deps.dialect,
          sale,
          idUsuario,
          at,
          ip,
          acao: 'creditar_cpf',
          take: (t) => cpfRepo.creditSale(t, sale.id_venda, cpfBusca, idUsuario, holder.via, at),
        });
        return ledger ? ledger.emitidos.length : null;
      });
      if (issued === 'nao_credita') break;
      if (issued !== null) {
        result.creditadas += 1;
        result.cupons += issued;
      }
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // Issue 52: a rule refused it; it keeps waiting, with the reason the admins see.
      if (await cpfRepo.refuseSale(deps.db, id_venda, err.erro, at)) result.expiradas += 1;
    }
  }
  return result;
}

/**
 * Issue 40: credits a CPF's waiting sales (`creditPendingByCpf`) and tells the person. Issue 52:
 * to `idUsuario` only if the CPF's sales are creditable to that account now; otherwise nothing.
 */
export async function creditAndTell(
  deps: CpfCreditDeps,
  idUsuario: number,
  cpfBusca: string,
  ip: string,
): Promise<CpfCredit> {
  const r = await creditPendingByCpf(deps, idUsuario, cpfBusca, ip);
  if (r.creditadas + r.expiradas > 0)
    await notifyPerson(deps.db, idUsuario, { title: TITULO_COMPRAS_DO_CPF, body: textoComprasDoCpf(r) });
  return r;
}

/** The periodic job that credits the CPFs whose waiting period ended (`creditMatured`). */
export const CPF_CARENCIA_JOB = 'cpf.carencia';
/** How many CPFs one run of the job credits; the next run goes on. */
const MATURED_PER_RUN = 200;

/**
 * Issue 52, the job {@link CPF_CARENCIA_JOB}: the waiting sales of every CPF that has an account
 * to credit them now (a declaration alone whose waiting period ended, or a proof) are credited,
 * without anyone acting. A refused sale keeps its reason and is not looked at again here (a
 * proof or a new declaration of its CPF tries it again). Re-running it credits nothing twice.
 */
export async function creditMatured(deps: CpfCreditDeps): Promise<number> {
  const at = nowIso();
  // The cut-off: declared at or before it, the waiting period is over.
  const cutoff = new Date(Date.parse(at) - carenciaOf(deps) * DAY_MS).toISOString();
  let credited = 0;
  for (const { cpf_busca, id_usuario } of await cpfRepo.maturedCpfs(deps.db, cutoff, MATURED_PER_RUN)) {
    credited += (await creditAndTell(deps, id_usuario, cpf_busca, '')).creditadas;
  }
  return credited;
}

/**
 * Issue 52, in `trx`: gov.br took a CPF from an account that held it by a photo proof. The sales
 * credited to it under that proof go back to waiting for the CPF: their points leave the
 * balance (coupons voided, as a void does) and they are credited to the new holder after the
 * proof. Those with a drawn coupon or one in an apuração's frozen ticket file stay, and so does
 * one whose reversal would void a drawn coupon (the ledger voids the newest first). Audited.
 */
export async function reversePhotoCredits(
  trx: Kysely<Database>,
  dialect: Dialect,
  a: { fromUser: number; toUser: number; cpfBusca: string; at: string; ip: string },
): Promise<PhotoCreditsReversed> {
  const out: PhotoCreditsReversed = { estornadas: [], mantidas: [] };
  for (const { id_venda } of await cpfRepo.photoCreditsOf(trx, a.fromUser)) {
    const sale = await repo.lockSale(trx, dialect, id_venda);
    if (!sale || sale.excluida_em !== null || sale.id_usuario !== a.fromUser) continue;
    const key = { id_usuario: a.fromUser, id_campanha: sale.id_campanha };
    // The ledger voids a balance's newest coupons: a drawn one among them keeps the credit too.
    if (
      (await coupons.saleHasDrawnCoupon(trx, id_venda)) ||
      (await coupons.hasFrozenCoupon(trx, id_venda)) ||
      (await coupons.takingWouldVoidDrawn(trx, key, -Number(sale.pontos_e6)))
    ) {
      await cpfRepo.keepCredit(trx, id_venda);
      out.mantidas.push(id_venda);
      continue;
    }
    const ledger = await coupons.applyMoves(
      trx,
      [{ ...key, delta_e6: -Number(sale.pontos_e6) }],
      { id_venda, id_estabelecimento: sale.id_estabelecimento },
      a.at,
    );
    // The row after the ledger (change.ts explains the order).
    await cpfRepo.uncreditSale(trx, id_venda, a.cpfBusca, a.at);
    await recordAudit(trx, {
      id_usuario: a.toUser,
      acao: 'estornar_credito_cpf',
      entidade: 'venda',
      id_entidade: id_venda,
      antes: { id_usuario: a.fromUser, cpf_creditada_via: 'foto' },
      depois: { pendente: true, cupons_anulados: ledger.anulados },
      ip: a.ip,
    });
    out.estornadas.push(id_venda);
  }
  return out;
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
 * the account the CPF may credit (`creditableHolder`) takes it with the CPF's other waiting sales
 * (`creditAndTell`). A sale no longer waiting (credited, voided, lapsed) or a CPF no account
 * may take leaves nothing to do: the sale waits. Safe to run again (a sale is credited once).
 */
export async function creditSaleOfCpf(deps: CpfCreditDeps, job: CpfCreditJob): Promise<void> {
  const busca = await cpfRepo.cpfOfWaitingSale(deps.db, job.id_venda);
  if (busca === null) return;
  const holder = await creditableHolder(deps.db, busca, carenciaOf(deps), nowIso());
  if (!holder) return;
  await creditAndTell(deps, holder.id_usuario, busca, job.ip);
}
