import { backfillSql } from '../../../apps/api/src/db/migrations/2026-11-27T1000-totais-do-painel.js';
import { backfillDaySql } from '../../../apps/api/src/db/migrations/2026-11-28T0913-painel-por-dia.js';
import type { Store, TableSpec } from './store.js';
import type { BenchDialect, Scale } from '../summary.js';

// --- table layouts (explicit ids everywhere: rows refer to each other without round trips) ---

export const T = {
  cidades: {
    name: 'cidades',
    cols: [
      ['cod_cidade', 'int'],
      ['cidade', 'text'],
      ['uf', 'text'],
    ],
  },
  categorias: {
    name: 'categorias',
    cols: [
      ['id_categoria', 'int'],
      ['categoria', 'text'],
    ],
  },
  usuarios: {
    name: 'usuarios',
    cols: [
      ['id_usuario', 'int'],
      ['nome', 'text'],
      ['email', 'text'],
      ['senha_hash', 'text'],
      ['whatsup', 'text'],
      ['endereco', 'text'],
      ['numero', 'text'],
      ['complemento', 'text'],
      ['bairro', 'text'],
      ['cidade', 'text'],
      ['uf', 'text'],
      ['cep', 'text'],
      ['cod_cidade', 'int'],
      ['parceiro', 'int'],
      ['admin', 'int'],
      ['superadmin', 'int'],
      ['visto_em', 'text'],
      ['criado_em', 'text'],
      ['atualizado_em', 'text'],
    ],
  },
  estabelecimentos: {
    name: 'estabelecimentos',
    cols: [
      ['id_estabelecimento', 'int'],
      ['nome', 'text'],
      ['endereco', 'text'],
      ['complemento', 'text'],
      ['bairro', 'text'],
      ['cidade', 'text'],
      ['cep', 'text'],
      ['uf', 'text'],
      ['cod_cidade', 'int'],
      ['telefone', 'text'],
      ['whatsup', 'text'],
      ['url_foto', 'text'],
      ['url_logo', 'text'],
      ['site', 'text'],
      ['soma_estrelas', 'int'],
      ['qtd_avaliacao', 'int'],
      ['id_categoria', 'int'],
      ['ind_ativo', 'text'],
      ['vl_min_pedido_centavos', 'int'],
      ['vl_taxa_entrega_centavos', 'int'],
      ['ies_campanha', 'text'],
      ['id_campanha_def', 'int'],
      ['cnpj', 'text'],
      ['latitude', 'float8'],
      ['longitude', 'float8'],
      ['criado_em', 'text'],
      ['atualizado_em', 'text'],
    ],
  },
  vendedores: {
    name: 'vendedores',
    cols: [
      ['id_vendedor', 'int'],
      ['id_estabelecimento', 'int'],
      ['nome_vendedor', 'text'],
    ],
  },
  usuario_estabelecimentos: {
    name: 'usuario_estabelecimentos',
    cols: [
      ['id_usuario', 'int'],
      ['id_estabelecimento', 'int'],
    ],
  },
  campanhas: {
    name: 'campanhas',
    cols: [
      ['id_campanha', 'int'],
      ['den_campanha', 'text'],
      ['banner', 'text'],
      ['validade_ini', 'text'],
      ['validade_fim', 'text'],
      ['link', 'text'],
      ['cod_cidade', 'int'],
      ['proximo_cupom', 'bigint'],
      ['criado_em', 'text'],
      ['atualizado_em', 'text'],
    ],
  },
  campanha_estabelecimentos: {
    name: 'campanha_estabelecimentos',
    cols: [
      ['id_campanha', 'int'],
      ['id_estabelecimento', 'int'],
      ['fator_cashback_e4', 'int'],
      ['fator_sorteio_e4', 'int'],
    ],
  },
  vendas: {
    name: 'vendas',
    cols: [
      ['id_venda', 'int'],
      ['id_campanha', 'int'],
      ['id_estabelecimento', 'int'],
      ['id_usuario', 'int'],
      ['id_vendedor', 'int'],
      ['dat_venda', 'text'],
      ['numero_venda', 'text'],
      ['valor_centavos', 'int'],
      ['pontos_e6', 'bigint'],
      ['cashback_e6', 'bigint'],
      ['criado_por', 'int'],
      ['criado_em', 'text'],
      ['atualizado_em', 'text'],
    ],
  },
  cupons: {
    name: 'cupons',
    cols: [
      ['id_cupom', 'int'],
      ['id_campanha', 'int'],
      ['numero', 'bigint'],
      ['id_usuario', 'int'],
      ['id_venda', 'int'],
      ['id_estabelecimento', 'int'],
      ['dat_emissao', 'text'],
    ],
  },
  saldos: {
    name: 'saldos',
    cols: [
      ['id_usuario', 'int'],
      ['id_campanha', 'int'],
      ['pontos_e6', 'bigint'],
      ['cupons', 'int'],
    ],
  },
  avaliacoes: {
    name: 'avaliacoes',
    cols: [
      ['id_avaliacao', 'int'],
      ['id_estabelecimento', 'int'],
      ['id_usuario', 'int'],
      ['nro_estrelas', 'int'],
      ['den_avaliacao', 'text'],
      ['den_resposta', 'text'],
      ['aprovado', 'text'],
      ['datahora', 'text'],
      ['aprovado_em', 'text'],
      ['aprovado_por', 'int'],
    ],
  },
  auditoria: {
    name: 'auditoria',
    cols: [
      ['id', 'int'],
      ['id_usuario', 'int'],
      ['acao', 'text'],
      ['entidade', 'text'],
      ['id_entidade', 'text'],
      ['depois', 'text'],
      ['ip', 'text'],
      ['cod_cidade', 'int'],
      ['criado_em', 'text'],
    ],
  },
  avisos: {
    name: 'avisos',
    cols: [
      ['id_aviso', 'int'],
      ['cod_cidade', 'int'],
      ['type', 'text'],
      ['title', 'text'],
      ['body', 'text'],
      ['image', 'text'],
      ['validade', 'text'],
      ['criado_em', 'text'],
      ['atualizado_em', 'text'],
    ],
  },
  promocoes: {
    name: 'promocoes',
    cols: [
      ['id_promocao', 'int'],
      ['id_estabelecimento', 'int'],
      ['dat_inicio', 'text'],
      ['dat_final', 'text'],
      ['plano_dias', 'int'],
      ['ies_pago', 'text'],
      ['imagem', 'text'],
      ['linkproduto', 'text'],
      ['val_desconto_e4', 'bigint'],
      ['porc_desconto_e4', 'int'],
      ['val_minimo_centavos', 'int'],
      ['cod_produto', 'text'],
      ['regra', 'text'],
      ['criado_em', 'text'],
      ['atualizado_em', 'text'],
    ],
  },
  turismo: {
    name: 'turismo',
    cols: [
      ['id_turismo', 'int'],
      ['cod_cidade', 'int'],
      ['tipo', 'int'],
      ['descricao', 'text'],
      ['url_foto', 'text'],
      ['url_site', 'text'],
      ['ind_ativo', 'text'],
      ['latitude', 'float8'],
      ['longitude', 'float8'],
      ['validade_ate', 'text'],
      ['criado_em', 'text'],
      ['atualizado_em', 'text'],
    ],
  },
  notificacoes: {
    name: 'notificacoes',
    cols: [
      ['id_notificacao', 'int'],
      ['cod_cidade', 'int'],
      ['destino', 'text'],
      ['type', 'text'],
      ['title', 'text'],
      ['body', 'text'],
      ['image', 'text'],
      ['enviado_por', 'int'],
      ['qtd_enviadas', 'int'],
      ['qtd_falhas', 'int'],
      ['criado_em', 'text'],
    ],
  },
  usuario_notificacoes: {
    name: 'usuario_notificacoes',
    cols: [
      ['id_message', 'int'],
      ['id_usuario', 'int'],
      ['id_notificacao', 'int'],
      ['type', 'text'],
      ['title', 'text'],
      ['body', 'text'],
      ['image', 'text'],
      ['dat_recece', 'text'],
      ['lida_em', 'text'],
    ],
  },
  push_assinaturas: {
    name: 'push_assinaturas',
    cols: [
      ['id', 'int'],
      ['id_usuario', 'int'],
      ['endpoint', 'text'],
      ['p256dh', 'text'],
      ['auth', 'text'],
      ['ies_promocao', 'text'],
      ['ies_live', 'text'],
      ['ies_sorteio', 'text'],
      ['device', 'text'],
      ['os_version', 'text'],
      ['ip', 'text'],
      ['criado_em', 'text'],
      ['atualizado_em', 'text'],
    ],
  },
  contemplados: {
    name: 'contemplados',
    cols: [
      ['id_sorteado', 'int'],
      ['id_campanha', 'int'],
      ['id_cupom', 'int'],
      ['id_usuario', 'int'],
      ['id_estabelecimento', 'int'],
      ['id_venda', 'int'],
      ['id_vendedor', 'int'],
      ['nome_vendedor', 'text'],
      ['nome_sorteado', 'text'],
      ['data_sorteio', 'text'],
      ['criado_em', 'text'],
      ['atualizado_em', 'text'],
    ],
  },
  sorteios: {
    name: 'sorteios',
    cols: [
      ['id', 'int'],
      ['id_campanha', 'int'],
      ['id_cupom', 'int'],
      ['id_sorteado', 'int'],
      ['semente', 'text'],
      ['hash_lista', 'text'],
      ['qtd_elegiveis', 'bigint'],
      ['posicao', 'bigint'],
      ['mloja', 'text'],
      ['musuario', 'text'],
      ['criado_por', 'int'],
      ['criado_em', 'text'],
    ],
  },
  configuracoes: {
    name: 'configuracoes',
    cols: [
      ['chave', 'text'],
      ['valor', 'text'],
    ],
  },
} as const satisfies Record<string, TableSpec>;

export type TableName = keyof typeof T;

/** Identity columns given explicit values (PostgreSQL sequences are moved past them). */
export const ID_COLUMNS: [TableName, string][] = [
  ['categorias', 'id_categoria'],
  ['usuarios', 'id_usuario'],
  ['estabelecimentos', 'id_estabelecimento'],
  ['vendedores', 'id_vendedor'],
  ['campanhas', 'id_campanha'],
  ['vendas', 'id_venda'],
  ['cupons', 'id_cupom'],
  ['avaliacoes', 'id_avaliacao'],
  ['avisos', 'id_aviso'],
  ['promocoes', 'id_promocao'],
  ['turismo', 'id_turismo'],
  ['notificacoes', 'id_notificacao'],
  ['usuario_notificacoes', 'id_message'],
  ['push_assinaturas', 'id'],
  ['contemplados', 'id_sorteado'],
  ['sorteios', 'id'],
  ['auditoria', 'id'],
];

/** Tables loaded without their secondary indexes (rebuilt afterwards), where that is done. */
export const BIG_TABLES: TableName[] = ['usuarios', 'vendas', 'cupons', 'saldos', 'auditoria'];

/**
 * Whether the big tables load without their secondary indexes, rebuilt once the rows are in
 * (decision 027). SQLite's CREATE INDEX packs every leaf full (99.8 %), and the first insert
 * into a full leaf splits it: the sales benchmark's group commits wrote 108 pages each to the WAL
 * on such a file, against 83 on one whose indexes grew by inserts in time order, as a city's do
 * (89 % full). PostgreSQL's CREATE INDEX leaves a tenth of each leaf free (fillfactor 90) already.
 * So on SQLite the indexes stay in place while the rows load, except at state scale, which only
 * the draw (a read) uses and where that would take several times longer.
 */
export const rebuildsIndexes = (dialect: BenchDialect, scale: Scale): boolean =>
  dialect === 'postgres' || scale === 'state';

/**
 * Sets aside the triggers of `vendas` and `cupons` (the dashboard totals', migration
 * totais-do-painel) while they load: batches of coupons may land before their sale's batch, and
 * a trigger per row would cost minutes. Answers how to put them back exactly as the migration
 * made them (read from the database), after `totais_vendas` is filled by the migration's own
 * backfill.
 */
export async function setAsideTotalsTriggers(store: Store): Promise<() => Promise<void>> {
  const pg = store.dialect === 'postgres';
  const triggers = pg
    ? await store.query<{ name: string; tbl: string; def: string }>(
        `select tgname as name, tgrelid::regclass::text as tbl, pg_get_triggerdef(oid) as def
         from pg_trigger where not tgisinternal and tgrelid in ('vendas'::regclass, 'cupons'::regclass)`,
      )
    : await store.query<{ name: string; tbl: string; def: string }>(
        `select name, tbl_name as tbl, sql as def from sqlite_master
         where type = 'trigger' and tbl_name in ('vendas', 'cupons')`,
      );
  for (const t of triggers) await store.exec(`drop trigger "${t.name}"${pg ? ` on "${t.tbl}"` : ''}`);
  await store.exec('delete from totais_vendas');
  await store.exec('delete from totais_vendas_dia');
  return async () => {
    await store.exec(backfillSql(pg));
    await store.exec(backfillDaySql(pg));
    for (const t of triggers) await store.exec(t.def);
  };
}
