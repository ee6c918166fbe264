import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database } from './types.js';
import * as m0001 from './migrations/2026-11-22T0800-modelo-inicial.js';
import * as m0002 from './migrations/2026-11-23T0900-livro-de-vendas.js';
import * as mSorteios from './migrations/2026-11-24T1000-sorteios.js';
import * as mNotificacoes from './migrations/2026-11-26T0800-notificacoes-por-usuario.js';
import * as mSorteioRapido from './migrations/2026-11-27T0900-sorteio-rapido.js';
import * as mTotaisDoPainel from './migrations/2026-11-27T1000-totais-do-painel.js';
import * as mUsuariosVivos from './migrations/2026-11-27T1100-usuarios-vivos.js';
import * as mVendasPorAutor from './migrations/2026-11-27T1200-vendas-por-autor.js';
import * as mAuditoriaPorCidade from './migrations/2026-11-28T0900-auditoria-por-cidade.js';
import * as mApuracoes from './migrations/2026-11-28T0901-apuracoes.js';
import * as mLimitesDeTentativas from './migrations/2026-11-28T0902-limites-de-tentativas.js';
import * as mLimitesDaCampanha from './migrations/2026-11-28T0903-limites-da-campanha.js';
import * as mContestacoes from './migrations/2026-11-28T0904-contestacoes.js';
import * as mBuscaDeEstabelecimentos from './migrations/2026-11-28T0905-busca-de-estabelecimentos.js';
import * as mTarefasEEnvios from './migrations/2026-11-28T0906-tarefas-e-envios.js';
import * as mLimitesDeTentativasSemWal from './migrations/2026-11-28T0907-limites-de-tentativas-sem-wal.js';
import * as mVendaNumaIda from './migrations/2026-11-28T0908-venda-numa-ida.js';
import * as mVendasEmConjunto from './migrations/2026-11-28T0909-vendas-em-conjunto.js';
import * as mChavesEWebhooks from './migrations/2026-11-28T0910-chaves-e-webhooks.js';
import * as mCpfDoMorador from './migrations/2026-11-28T0911-cpf-do-morador.js';
import * as mEntidadesSociais from './migrations/2026-11-28T0912-entidades-sociais.js';
import * as mPainelPorDia from './migrations/2026-11-28T0913-painel-por-dia.js';
import * as mCongelamentoEmTarefa from './migrations/2026-11-28T0914-congelamento-em-tarefa.js';
import * as mExportacoes from './migrations/2026-11-28T0915-exportacoes.js';
import * as mVendaPorCpf from './migrations/2026-11-28T0916-venda-por-cpf.js';
import * as mEntidadeEscolhida from './migrations/2026-11-28T0917-entidade-escolhida.js';
import * as mBuscaPorCidade from './migrations/2026-11-28T0918-busca-por-cidade.js';
import * as mApuracoesJustas from './migrations/2026-11-28T1631-apuracoes-justas.js';
import * as mAberturasDeSorteio from './migrations/2026-11-28T1634-aberturas-de-sorteio.js';
import * as mRegraDosCuponsVersionada from './migrations/2026-11-28T1950-regra-dos-cupons-versionada.js';
import * as mCodigoDeBoasVindas from './migrations/2026-11-29T0218-codigo-de-boas-vindas.js';
import * as mCpfDeclaradoOuComprovado from './migrations/2026-11-29T0518-cpf-declarado-ou-comprovado.js';
import * as mComprovacoesDeCpf from './migrations/2026-11-29T0522-comprovacoes-de-cpf.js';
import * as mDesafiosDeLogin from './migrations/2026-11-29T0522-desafios-de-login.js';
import * as mGovbrEntrar from './migrations/2026-11-29T0522-govbr-entrar.js';
import * as mVendaCpfMotivoEVia from './migrations/2026-11-29T0522-venda-cpf-motivo-e-via.js';
import * as mImportacaoEmCurso from './migrations/2026-11-29T0529-importacao-em-curso.js';
import * as mRecibosNfce from './migrations/2026-11-29T0900-recibos-nfce.js';
import * as mBackupsETravas from './migrations/2026-11-29T0908-backups-e-travas.js';
import * as mEntregasComFalha from './migrations/2026-11-29T0921-entregas-com-falha.js';

/**
 * Migrations are imported statically so the compiled server needs no file scanning. A new one
 * is made with `npm run db:new-migration -- <nome>` (new-migration.ts), which names it with the
 * real time, after every one in migrations.lock, and adds it here.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0800-modelo-inicial': m0001,
  '2026-11-23T0900-livro-de-vendas': m0002,
  '2026-11-24T1000-sorteios': mSorteios,
  '2026-11-26T0800-notificacoes-por-usuario': mNotificacoes,
  '2026-11-27T0900-sorteio-rapido': mSorteioRapido,
  '2026-11-27T1000-totais-do-painel': mTotaisDoPainel,
  '2026-11-27T1100-usuarios-vivos': mUsuariosVivos,
  '2026-11-27T1200-vendas-por-autor': mVendasPorAutor,
  '2026-11-28T0900-auditoria-por-cidade': mAuditoriaPorCidade,
  '2026-11-28T0901-apuracoes': mApuracoes,
  '2026-11-28T0902-limites-de-tentativas': mLimitesDeTentativas,
  '2026-11-28T0903-limites-da-campanha': mLimitesDaCampanha,
  '2026-11-28T0904-contestacoes': mContestacoes,
  '2026-11-28T0905-busca-de-estabelecimentos': mBuscaDeEstabelecimentos,
  '2026-11-28T0906-tarefas-e-envios': mTarefasEEnvios,
  '2026-11-28T0907-limites-de-tentativas-sem-wal': mLimitesDeTentativasSemWal,
  '2026-11-28T0908-venda-numa-ida': mVendaNumaIda,
  '2026-11-28T0909-vendas-em-conjunto': mVendasEmConjunto,
  '2026-11-28T0910-chaves-e-webhooks': mChavesEWebhooks,
  '2026-11-28T0911-cpf-do-morador': mCpfDoMorador,
  '2026-11-28T0912-entidades-sociais': mEntidadesSociais,
  '2026-11-28T0913-painel-por-dia': mPainelPorDia,
  '2026-11-28T0914-congelamento-em-tarefa': mCongelamentoEmTarefa,
  '2026-11-28T0915-exportacoes': mExportacoes,
  '2026-11-28T0916-venda-por-cpf': mVendaPorCpf,
  '2026-11-28T0917-entidade-escolhida': mEntidadeEscolhida,
  '2026-11-28T0918-busca-por-cidade': mBuscaPorCidade,
  '2026-11-28T1631-apuracoes-justas': mApuracoesJustas,
  '2026-11-28T1634-aberturas-de-sorteio': mAberturasDeSorteio,
  '2026-11-28T1950-regra-dos-cupons-versionada': mRegraDosCuponsVersionada,
  '2026-11-29T0218-codigo-de-boas-vindas': mCodigoDeBoasVindas,
  '2026-11-29T0518-cpf-declarado-ou-comprovado': mCpfDeclaradoOuComprovado,
  '2026-11-29T0522-comprovacoes-de-cpf': mComprovacoesDeCpf,
  '2026-11-29T0522-desafios-de-login': mDesafiosDeLogin,
  '2026-11-29T0522-govbr-entrar': mGovbrEntrar,
  '2026-11-29T0522-venda-cpf-motivo-e-via': mVendaCpfMotivoEVia,
  '2026-11-29T0529-importacao-em-curso': mImportacaoEmCurso,
  '2026-11-29T0900-recibos-nfce': mRecibosNfce,
  '2026-11-29T0908-backups-e-travas': mBackupsETravas,
  '2026-11-29T0921-entregas-com-falha': mEntregasComFalha,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Issue 54, readiness: the names of this build's migrations not applied to `db` (nothing written). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const all = await new Migrator({ db, provider }).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
