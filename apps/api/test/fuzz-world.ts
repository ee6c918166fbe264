import type { FastifyInstance } from 'fastify';
import { agendamento } from './apuracao-helpers.js';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/types.js';
import { PLAUSIBLE, type Hints } from './fuzz-arbitraries.js';
import {
  bearer,
  createCampaign,
  createCategory,
  createCity,
  createEntity,
  createNotice,
  createPromotion,
  createSeller,
  createShop,
  day,
  insertConsumers,
  sessionFor,
} from './factories.js';
import type { TestApp } from './helper.js';

/**
 * What the fuzz test (fuzz.test.ts) runs against: a fingerprint of the whole database, to
 * tell whether a refused request wrote anything, and the world each route is fuzzed in, with
 * the known values that make valid-shaped requests name real records.
 */

// ── Database fingerprint ──────────────────────────────────────────────────────────────────

/**
 * What a write changes, per table: row count, highest id, latest update, and the columns that
 * routes update without an `atualizado_em`. Typed by the table list, so a new table must be
 * added here. Left out on purpose: `usuarios.visto_em` (every authenticated call may stamp it,
 * at most once a minute, to feed the dashboard's "online" count — a read that writes, by
 * design) and nothing else.
 */
const FINGERPRINT: { [T in keyof Database]: string[] } = {
  cidades: ['count(*)', 'max(cod_cidade)'],
  usuarios: [
    'count(*)',
    'max(id_usuario)',
    'max(atualizado_em)',
    'count(removido_em)',
    'sum(parceiro + admin + superadmin)',
    'count(cpf_busca)',
    'max(cpf_busca)',
  ],
  sessoes: ['count(*)', 'max(id_sessao)'],
  categorias: ['count(*)', 'max(id_categoria)'],
  estabelecimentos: ['count(*)', 'max(id_estabelecimento)', 'max(atualizado_em)', 'sum(qtd_avaliacao)'],
  vendedores: ['count(*)', 'max(id_vendedor)', 'max(nome_vendedor)'],
  usuario_estabelecimentos: ['count(*)', 'sum(id_estabelecimento)'],
  campanhas: ['count(*)', 'max(id_campanha)', 'max(atualizado_em)', 'sum(proximo_cupom)'],
  campanha_estabelecimentos: ['count(*)', 'sum(fator_cashback_e4 + fator_sorteio_e4)'],
  vendas: ['count(*)', 'max(id_venda)', 'max(atualizado_em)', 'count(excluida_em)', 'count(id_usuario)'],
  saldos: ['count(*)', 'sum(cupons)'],
  cupons: ['count(*)', 'max(id_cupom)', 'count(anulado_em)', 'count(sorteado_em)'],
  totais_vendas: ['count(*)', 'sum(vendas)', 'sum(centavos)', 'sum(cupons)'],
  totais_vendas_dia: ['count(*)', 'sum(vendas)', 'sum(centavos)', 'sum(cupons)'],
  sorteios: ['count(*)', 'max(id)'],
  contemplados: [
    'count(*)',
    'max(id_sorteado)',
    'max(atualizado_em)',
    'count(anulado_em)',
    'count(entregue_em)',
  ],
  contemplado_fotos: ['count(*)', 'max(id)'],
  apuracoes: [
    'count(*)',
    'max(id_apuracao)',
    'count(apurada_em)',
    'max(data_concurso)',
    'count(suspensa_em)',
    'max(instante_concurso)',
  ],
  apuracao_fora: ['count(*)', 'sum(numero)'],
  apuracao_reagendamentos: ['count(*)', 'max(id)'],
  apuracao_lancamentos: ['count(*)', 'max(id)'],
  sorteio_aberturas: ['count(*)', 'max(id_abertura)', 'count(id_registro)'],
  apuracao_publicacoes: ['count(*)', 'max(id)'],
  apuracao_suplentes: ['count(*)', 'max(id)', 'count(resolvido_em)'],
  contestacoes: ['count(*)', 'max(id_contestacao)', 'count(decidida_em)', 'max(decidida_em)'],
  estabelecimento_cnpjs: ['count(*)', 'max(cnpj)', 'sum(id_estabelecimento)'],
  recibos: ['count(*)', 'max(id_recibo)', 'max(atualizado_em)'],
  // Issue 53: who tried a key is kept even when the key is refused (409: already used, another's).
  recibo_tentativas: [],
  cpf_comprovacoes: [
    'count(*)',
    'max(id_comprovacao)',
    'count(decidido_em)',
    'max(decidido_em)',
    'count(fotos_removidas_em)',
  ],
  entidades: ['count(*)', 'max(id_entidade)', 'max(atualizado_em)'],
  doacoes: ['count(*)', 'max(criado_em)'],
  escolhas_entidade: ['count(*)', 'max(id)'],
  exportacoes: ['count(*)', 'max(id_exportacao)', 'sum(linhas)'],
  avaliacoes: ['count(*)', 'max(id_avaliacao)', 'count(aprovado_em)', 'max(den_resposta)'],
  avisos: ['count(*)', 'max(id_aviso)', 'max(atualizado_em)'],
  promocoes: ['count(*)', 'max(id_promocao)', 'max(atualizado_em)'],
  turismo: ['count(*)', 'max(id_turismo)', 'max(atualizado_em)'],
  notificacoes: ['count(*)', 'max(id_notificacao)'],
  usuario_notificacoes: ['count(*)', 'max(id_message)', 'count(lida_em)'],
  push_assinaturas: ['count(*)', 'max(id)', 'max(atualizado_em)'],
  codigos: ['count(*)', 'max(id)', 'count(usado_em)'],
  auditoria: ['count(*)', 'max(id)'],
  // Not `usada_em`: a key's use stamps it at most once a minute, like `visto_em`.
  chaves_api: ['count(*)', 'max(id_chave)', 'count(revogada_em)'],
  webhooks: ['count(*)', 'max(id_webhook)', 'count(removido_em)'],
  webhook_entregas: ['count(*)', 'max(id_entrega)'],
  govbr_fluxos: ['count(*)', 'max(expira_em)'],
  govbr_pendencias: ['count(*)', 'max(expira_em)'],
  govbr_vinculos: ['count(*)', 'max(id_usuario)'],
  auditoria_autores: ['count(*)', 'sum(id_usuario)'],
  limites_tentativas: [],
  // Issue 52: a login refused for want of a challenge redeems (deletes) the one it carried.
  desafios_login: [],
  // Issue 52: held only while an import runs; empty between requests.
  importacoes_em_curso: ['count(*)'],
  notificacao_envios: ['count(*)', 'sum(id_assinatura)'],
  // The queue itself: a success enqueues, and runs its jobs before the fingerprint is taken
  // (`quietFingerprint`); SQLite's table only (PostgreSQL's queue is pg-boss's schema).
  tarefas: [],
  configuracoes: ['count(*)', 'max(valor)'],
  // Issue 54: backup runs and their lease; no route writes them.
  backups: ['count(*)', 'max(id_backup)'],
  travas: ['count(*)'],
};

const fingerprintQuery = sql.raw<Record<string, unknown>>(
  'select ' +
    Object.entries(FINGERPRINT)
      .flatMap(([table, exprs]) => exprs.map((e, i) => `(select ${e} from ${table}) as ${table}_${i}`))
      .join(', '),
);

export async function fingerprint(db: Kysely<Database>): Promise<Record<string, string>> {
  const { rows } = await fingerprintQuery.execute(db);
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, v === null ? 'null' : String(v)]));
}

/**
 * The fingerprint once background work has finished. Some successes go on writing after the
 * answer, by design: a password-reset request answers 202 at once and looks the person up,
 * stores the code and sends the e-mail afterwards (so its timing reveals nobody). Taken after
 * a success, so that such a write is never blamed on the next, refused, request. The app's
 * own count of that work says when it is done; waiting for the database to look still for
 * 15 ms did not, on a loaded machine.
 */
export async function quietFingerprint(
  app: FastifyInstance,
  db: Kysely<Database>,
): Promise<Record<string, string>> {
  await app.jobs.idle();
  return fingerprint(db);
}

// ── The world each route is fuzzed in ─────────────────────────────────────────────────────

export interface World {
  cod_cidade: number;
  other_city: number;
  shop: number;
  other_shop: number;
  consumer: { id: number; email: string; token: string };
  partner: { id: number; token: string };
  seller: number;
  campaign: number;
  sale: number;
  draw: number;
  winner: number;
  /** A scheduled apuração of the campaign (today's contest), frozen after the draw. */
  apuracao: number;
  notice: number;
  promotion: number;
  tourism: number;
  review: number;
  message: number;
  category: number;
  /** A social entity of the city (issue 40). */
  entity: number;
  /** The super-admin who fuzzes the admin routes (made once per file, not per world). */
  superadmin: Person;
}

export interface Person {
  id: number;
  email: string;
  token: string;
}

/**
 * A fresh city with one of everything, so that each route's path ids point at real records
 * and what one route's fuzzing changed (a shop deleted, a campaign moved) never starves the
 * next. Users are inserted without a password hash and get sessions straight from the store.
 */
export async function makeWorld(t: Pick<TestApp, 'app' | 'db'>, superadmin: Person): Promise<World> {
  const db = t.db;
  const city = await createCity(db);
  const other = await createCity(db);
  const category = (await createCategory(db)).id_categoria;
  const shop = await createShop(db, { cod_cidade: city.cod_cidade });
  const otherShop = await createShop(db, { cod_cidade: other.cod_cidade });
  const [consumerId, partnerId] = await insertConsumers(db, {
    cod_cidade: city.cod_cidade,
    nomes: ['Consumidora Fuzz da Silva', 'Parceiro Fuzz'],
  });
  await db.updateTable('usuarios').set({ parceiro: 1 }).where('id_usuario', '=', partnerId).execute();
  await db
    .insertInto('usuario_estabelecimentos')
    .values({ id_usuario: partnerId, id_estabelecimento: shop.id_estabelecimento })
    .execute();
  const consumerEmail = (
    await db
      .selectFrom('usuarios')
      .select('email')
      .where('id_usuario', '=', consumerId)
      .executeTakeFirstOrThrow()
  ).email as string;
  const seller = (await createSeller(db, { id_estabelecimento: shop.id_estabelecimento })).id_vendedor;
  const { id_campanha } = await createCampaign(db, {
    cod_cidade: city.cod_cidade,
    lojas: [{ id_estabelecimento: shop.id_estabelecimento, fator_sorteio: 0.01 }],
  });
  const partnerToken = await sessionFor(db, partnerId);
  const sold = await t.app.inject({
    method: 'POST',
    url: '/v1/parceiro/vendas',
    headers: bearer(partnerToken),
    payload: {
      id_campanha,
      id_estabelecimento: shop.id_estabelecimento,
      id_usuario: consumerId,
      dat_venda: day(-1),
      numero_venda: `F${Date.now()}`,
      valor_venda: 350,
      id_vendedor: seller,
    },
  });
  expect(sold.statusCode, sold.body).toBe(201);
  const drawn = await t.app.inject({
    url: `/v1/adm/sorteio/${id_campanha}?cod_cidade=${city.cod_cidade}&mloja=N&musuario=N`,
    headers: bearer(superadmin.token),
  });
  expect(drawn.statusCode, drawn.body).toBe(200);
  const { id_registro, idsorteado } = drawn.json<{ id_registro: number; idsorteado: number }>();
  const scheduled = await t.app.inject({
    method: 'POST',
    url: '/v1/adm/apuracoes',
    headers: bearer(superadmin.token),
    payload: agendamento(id_campanha),
  });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  const now = new Date().toISOString();
  const tourism = await db
    .insertInto('turismo')
    .values({
      cod_cidade: city.cod_cidade,
      tipo: 0,
      descricao: 'Praça central',
      url_foto: '',
      url_site: '',
      ind_ativo: 'S',
      latitude: null,
      longitude: null,
      validade_ate: day(30),
      atualizado_em: now,
    })
    .returning('id_turismo')
    .executeTakeFirstOrThrow();
  const review = await db
    .insertInto('avaliacoes')
    .values({
      id_estabelecimento: shop.id_estabelecimento,
      id_usuario: consumerId,
      nro_estrelas: 4,
      den_avaliacao: 'Bom atendimento',
      den_resposta: '',
      aprovado: 'N',
      datahora: now,
      aprovado_em: null,
      aprovado_por: null,
    })
    .returning('id_avaliacao')
    .executeTakeFirstOrThrow();
  const message = await db
    .insertInto('usuario_notificacoes')
    .values({
      id_usuario: consumerId,
      id_notificacao: null,
      type: 'M',
      title: 'Olá',
      body: 'Mensagem',
      image: '',
      dat_recece: now,
      lida_em: null,
    })
    .returning('id_message')
    .executeTakeFirstOrThrow();
  return {
    cod_cidade: city.cod_cidade,
    other_city: other.cod_cidade,
    shop: shop.id_estabelecimento,
    other_shop: otherShop.id_estabelecimento,
    consumer: { id: consumerId, email: consumerEmail, token: await sessionFor(db, consumerId) },
    partner: { id: partnerId, token: partnerToken },
    seller,
    campaign: id_campanha,
    sale: sold.json<{ id_venda: number }>().id_venda,
    draw: id_registro,
    winner: idsorteado,
    apuracao: scheduled.json<{ id_apuracao: number }>().id_apuracao,
    notice: (await createNotice(db, { cod_cidade: city.cod_cidade })).id_aviso,
    promotion: (await createPromotion(db, { id_estabelecimento: shop.id_estabelecimento })).id_promocao,
    tourism: tourism.id_turismo,
    review: review.id_avaliacao,
    message: message.id_message,
    category,
    entity: (await createEntity(db, city.cod_cidade)).id_entidade,
    superadmin,
  };
}

/** Known values per field name, so that valid-shaped requests often name real records. */
export function hintsFor(w: World, path: string): Hints {
  const { superadmin } = w;
  const byName: Record<string, readonly (string | number)[]> = {
    cod_cidade: [w.cod_cidade, w.other_city],
    codcidade: [w.cod_cidade, w.other_city],
    id_estabelecimento: [w.shop, w.other_shop],
    id_campanha: [w.campaign],
    id_usuario: [w.consumer.id, w.partner.id, superadmin.id],
    userId: [w.consumer.id, w.partner.id, superadmin.id],
    id_vendedor: [99, w.seller],
    id_venda: [w.sale],
    id_avaliacao: [w.review],
    id_sorteado: [w.winner],
    idsorteado: [w.winner],
    id_registro: [w.draw],
    id_apuracao: [w.apuracao],
    serie_numero: ['000-00000', '000-00002', '0-1'],
    id_message: [w.message],
    id_aviso: [w.notice],
    id_promocao: [w.promotion],
    id_turismo: [w.tourism],
    id_categoria: [w.category],
    id_entidade: [w.entity],
    email: [w.consumer.email, superadmin.email],
    id_sorteio: [1, 2, 3],
    nome: ['Consumidora', 'Fuzz'],
    dir: ['imgban', 'imgest', 'imglog', 'users', 'imgprom', 'imgtur'],
  };
  const idByPath: [RegExp, number[]][] = [
    [/estabelecimentos/, [w.shop, w.other_shop]],
    [/campanhas/, [w.campaign]],
    [/avisos/, [w.notice]],
    [/promocoes/, [w.promotion]],
    [/turismo/, [w.tourism]],
    [/contemplados/, [w.winner]],
    [/entidades/, [w.entity]],
  ];
  return (field) => {
    const known = field === 'id' ? idByPath.find(([re]) => re.test(path))?.[1] : byName[field];
    if (known)
      return PLAUSIBLE[field]
        ? fc.oneof(fc.constantFrom(...known), PLAUSIBLE[field])
        : fc.constantFrom(...known);
    return PLAUSIBLE[field];
  };
}
