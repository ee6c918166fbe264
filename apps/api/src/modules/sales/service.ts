/**
 * The sales module's face (issue 50): what other modules and the routes call. Each job lives
 * in a file of its own:
 * - record.ts       a new sale (`recordSale`, `recordSaleIn`), the one decision point of its writes
 * - change.ts       a stored sale edited or voided (`editSale`, `voidSale`, `voidSaleIn`;
 *                   issue 53: `voidSaleOfCancelledReceipt`, a receipt SEFAZ cancelled)
 * - claim.ts        a pending sale claimed with its hand-over code (`claimSale`)
 * - cpf-credit.ts   the sales waiting for a CPF credited to its account (issue 40); issue 52: the
 *                   waiting period's job, a refusal kept, the reversal of a photo proof's credits
 * - give.ts         a pending sale given to a person (the claim's and the CPF's common rules)
 * - receipt.ts      issue 53: a sale confirmed by the resident's fiscal receipt, or donated by it
 * - batch.ts        many sales at once, derived in memory (the demo seed, the benchmark's generator)
 * - entry.ts        what the audit log and webhooks are told of a sale
 * - rules.ts        the checks: day, recipient, self-dealing, the campaign's limits
 * - resolve.ts      a request resolved into a sale's values, and how a sale is told
 * - answer.ts       what a write answers; hand-over.ts the hand-over code; reads.ts the lists
 * - sale-writer.ts  PostgreSQL's one-statement writer with its batching (repository layer)
 * - repository.ts, cpf-repository.ts  the SQL of sales (coupons' questions: coupons/sale-queries.ts)
 */
export type { SalesDeps } from './deps.js';
export { recordSale, recordSaleIn, writeBatchSale } from './record.js';
export { editSale, voidSale, voidSaleIn, voidSaleOfCancelledReceipt } from './change.js';
export { claimSale } from './claim.js';
export {
  CPF_CARENCIA_JOB,
  CPF_CREDIT_JOB,
  creditAndTell,
  creditMatured,
  creditSaleOfCpf,
  reversePhotoCredits,
  type CpfCreditJob,
} from './cpf-credit.js';
export { handOverAgain } from './hand-over.js';
export { confirmByReceipt, giveToEntity } from './receipt.js';
export { campaignsOfShop, getOne, list, shopSalesFilter } from './reads.js';
export { isDuplicateNumber } from './rules.js';
export { createSaleWriter } from './sale-writer.js';
