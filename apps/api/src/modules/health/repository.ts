import { sql, type Kysely } from 'kysely';
import { pendingMigrations as pending } from '../../db/migrate.js';
import type { Database } from '../../db/types.js';
import type { ImportKind } from '../imports/kind.js';
import { liveSale, salesTable } from '../sales/live.js';

export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The migrations of this build not applied to the database. */
export const pendingMigrations = (db: Kysely<Database>): Promise<string[]> => pending(db);

/** Issue 54, metrics: the business totals, read from the database (a restart resets nothing). */
export interface BusinessTotals {
  /** Sales that count (live, with a recipient), as the admin dashboard counts them. */
  vendas: number;
  /** Coupon numbers issued by every campaign (they are never reused). */
  cupons: number;
  /** Live sales waiting for the account of a CPF. */
  vendasCpfPendentes: number;
  /** Webhook deliveries whose every attempt failed, and those whose last attempt failed. */
  entregasMortas: number;
  entregasFalhando: number;
  apuracoesCongeladas: number;
  apuracoesApuradas: number;
  /** Exports and imports done (their audit entries). */
  exportacoes: number;
  importacoes: number;
}

/** The audit entities an import is recorded under (`ImportKind.entidade`). */
const IMPORT_ENTIDADES: ImportKind<unknown>['entidade'][] = ['estabelecimento', 'turismo'];

const num = (v: unknown) => Number(v ?? 0);

/**
 * The failed webhook deliveries by situation, along their partial index (migration
 * entregas-com-falha): its condition written as the index's, since SQLite uses a partial index
 * only for a query whose condition has the same literals (not bound values).
 */
export const failedDeliveries = (db: Kysely<Database>) =>
  db
    .selectFrom('webhook_entregas')
    .select(['situacao', (eb) => eb.fn.countAll<number>().as('n')])
    .where(sql<boolean>`situacao in ('falhou', 'morta')`)
    .groupBy('situacao');

/**
 * One read of each total, every one cheap at a city's size: the dashboard's running totals and
 * the campaigns' counters instead of the sales and coupons, a partial index for the pending
 * sales and for the failed deliveries, the audit log's index by entity.
 */
export async function businessTotals(db: Kysely<Database>): Promise<BusinessTotals> {
  const [vendas, cupons, pendentes, entregas, apuracoes, auditoria] = await Promise.all([
    db
      .selectFrom('totais_vendas')
      .select((eb) => eb.fn.sum<number>('vendas').as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('campanhas')
      .select(sql<number>`sum(proximo_cupom - 1)`.as('n'))
      .executeTakeFirst(),
    db
      .selectFrom(salesTable())
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cpf_busca', 'is not', null)
      .where(liveSale())
      .executeTakeFirst(),
    failedDeliveries(db).execute(),
    db
      .selectFrom('apuracoes')
      .select([
        sql<number>`sum(case when hash_bilhetes <> '' then 1 else 0 end)`.as('congeladas'),
        sql<number>`sum(case when status = 'apurada' then 1 else 0 end)`.as('apuradas'),
      ])
      .executeTakeFirst(),
    db
      .selectFrom('auditoria')
      .select([
        sql<number>`sum(case when entidade = 'exportacao' and acao = 'exportar' then 1 else 0 end)`.as(
          'exportacoes',
        ),
        sql<number>`sum(case when acao = 'importar' then 1 else 0 end)`.as('importacoes'),
      ])
      .where('entidade', 'in', ['exportacao', ...IMPORT_ENTIDADES])
      .executeTakeFirst(),
  ]);
  const entrega = (s: string) => num(entregas.find((e) => e.situacao === s)?.n);
  return {
    vendas: num(vendas?.n),
    cupons: num(cupons?.n),
    vendasCpfPendentes: num(pendentes?.n),
    entregasMortas: entrega('morta'),
    entregasFalhando: entrega('falhou'),
    apuracoesCongeladas: num(apuracoes?.congeladas),
    apuracoesApuradas: num(apuracoes?.apuradas),
    exportacoes: num(auditoria?.exportacoes),
    importacoes: num(auditoria?.importacoes),
  };
}
