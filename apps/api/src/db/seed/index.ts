import { sql, type InsertObject, type Kysely } from 'kysely';
import { AUDITORES_KEY, REFERENCIA_KEY } from '../../modules/apuracoes/settings.js';
import { writeBatchSale } from '../../modules/sales/service.js';
import { couponsTable } from '../../modules/coupons/queries.js';
import { PROGRAMME_TIME_ZONE, cnpjDaChave } from '@praca/contract';
import { clientPasswordHash, hashPassword } from '../../lib/crypto.js';
import type { Store } from '../../lib/storage.js';
import type { Database } from '../types.js';
import { CIDADES_DEMO, DEMO_PASSWORD, type CidadeNo } from './data.js';
import { writeDemoImages } from './images.js';
import { buildPlan, type DemoPlan } from './plan.js';
import { dayIn } from './util.js';
import { transaction } from '../index.js';

export { DEMO_PASSWORD } from './data.js';
/**
 * The demo's Loteria Federal calendar anchor (a Saturday contest; a city copies its own from
 * Caixa's published calendar into LOTERIA_FEDERAL_REFERENCIA) and its apurações' auditor.
 */
const DEMO_LOTERIA_REFERENCIA = '6000:2025-09-20';
const DEMO_AUDITOR = 'auditoria@praca.demo';

/** `configuracoes.chave` of the row written in the seed's own transaction. */
export const SEED_MARKER = 'seed';
const SEED_VERSION = 1;

export interface SeedOptions {
  /**
   * Where the pictures go (`images/…`, served under /img/; the database stores paths relative
   * to `images/`): the app's store (lib/storage.ts), so DATA_DIR, a shared directory or S3.
   */
  store: Store;
  log?: (msg: string) => void;
  /** The clock, for tests; campaign and content dates are relative to this day in São Paulo. */
  now?: Date;
}

type Db = Kysely<Database>;
/** A transaction of `transaction(db, fn)`: a Kysely like any other. */
type Trx = Kysely<Database>;

class NotEmpty extends Error {}

async function hasMarker(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('configuracoes')
    .select('chave')
    .where('chave', '=', SEED_MARKER)
    .executeTakeFirst();
  return !!row;
}

/** Real content that is not ours: users, shops or campaigns. Cities and categories do not count. */
async function hasContent(db: Db): Promise<boolean> {
  for (const table of ['usuarios', 'estabelecimentos', 'campanhas'] as const) {
    const row = await db
      .selectFrom(table)
      .select(sql<number>`1`.as('x'))
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/**
 * Loads the demo programme (README "Demo logins") into an empty database, in one transaction,
 * and returns true. Returns false and loads nothing when the demo is already there (marker row
 * `configuracoes.seed`) or when the database already holds users, shops or campaigns.
 * Images are drawn into the store first; pictures already there are kept.
 */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<boolean> {
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const now = opts.now ?? new Date();
  const today = dayIn(PROGRAMME_TIME_ZONE, now);

  if (await hasMarker(db)) {
    // Redraw any picture lost with a wiped image folder; cheap when they are all there. The
    // plan is rebuilt for today, but image names and contents do not depend on the date.
    try {
      const written = await writeDemoImages(opts.store, buildPlan(today).images);
      log(`dados de demonstração já carregados${written ? ` (${written} imagens refeitas)` : ''}`);
    } catch (err) {
      // Never keep the server from starting over a demo picture.
      log(`dados de demonstração já carregados; imagens não refeitas: ${String(err)}`);
    }
    return false;
  }
  if (await hasContent(db)) {
    log('o banco já tem usuários, estabelecimentos ou campanhas: dados de demonstração não carregados');
    return false;
  }

  const plan = buildPlan(today);
  const written = await writeDemoImages(opts.store, plan.images);
  const senhaHash = await hashPassword(clientPasswordHash(DEMO_PASSWORD));

  try {
    const loaded = await transaction(db, async (trx) => {
      // Claim first: a second seeder running at the same moment finds the row and stops.
      const claimed = await trx
        .insertInto('configuracoes')
        .values({
          chave: SEED_MARKER,
          valor: JSON.stringify({ versao: SEED_VERSION, carregado_em: now.toISOString(), dia: today }),
        })
        .onConflict((oc) => oc.column('chave').doNothing())
        .returning('chave')
        .executeTakeFirst();
      if (!claimed) return false;
      if (await hasContent(trx)) throw new NotEmpty();
      await insertPlan(trx, plan, senhaHash, now.toISOString());
      // Issue 49: the demo's calendar anchor and auditor, unless the environment names its own.
      await trx
        .insertInto('configuracoes')
        .values([
          { chave: REFERENCIA_KEY, valor: DEMO_LOTERIA_REFERENCIA },
          { chave: AUDITORES_KEY, valor: DEMO_AUDITOR },
        ])
        .onConflict((oc) => oc.column('chave').doNothing())
        .execute();
      return true;
    });
    if (!loaded) {
      log('dados de demonstração já carregados');
      return false;
    }
  } catch (err) {
    if (err instanceof NotEmpty) {
      log('o banco já tem usuários, estabelecimentos ou campanhas: dados de demonstração não carregados');
      return false;
    }
    throw err;
  }

  log(
    `dados de demonstração carregados em ${Date.now() - started} ms: ${plan.lojas.length} estabelecimentos, ` +
      `${plan.usuarios.length} usuários, ${plan.campanhas.length} campanhas, ${plan.vendas.length} vendas, ` +
      `${plan.cupons.length} cupons, ${written} imagens novas (senha de todos: ${DEMO_PASSWORD})`,
  );
  return true;
}

/** A multi-row insert for tables whose generated ids nobody needs back (no-op when empty). */
async function batch<T extends keyof Database & string>(
  trx: Trx,
  table: T,
  rows: InsertObject<Database, T>[],
): Promise<void> {
  if (rows.length) await trx.insertInto(table).values(rows).execute();
}

function need<K, V>(map: Map<K, V>, key: K, what: string): V {
  const v = map.get(key);
  if (v === undefined) throw new Error(`seed: ${what} sem id: ${String(key)}`);
  return v;
}

/**
 * Turns the plan's keys into generated ids. Rows whose ids are needed later are inserted one
 * by one with RETURNING (PostgreSQL identity and SQLite autoincrement alike); the rest in batches.
 */
async function insertPlan(trx: Trx, plan: DemoPlan, senhaHash: string, agora: string): Promise<void> {
  await trx
    .insertInto('cidades')
    .values(plan.cidades)
    .onConflict((oc) => oc.column('cod_cidade').doNothing())
    .execute();

  await trx
    .insertInto('categorias')
    .values(plan.categorias.map((categoria) => ({ categoria })))
    .onConflict((oc) => oc.column('categoria').doNothing())
    .execute();
  const categorias = new Map(
    (
      await trx
        .selectFrom('categorias')
        .select(['id_categoria', 'categoria'])
        .where('categoria', 'in', plan.categorias)
        .execute()
    ).map((c) => [c.categoria, c.id_categoria]),
  );

  const usuarios = new Map<string, number>();
  for (const u of plan.usuarios) {
    const row = await trx
      .insertInto('usuarios')
      .values({
        nome: u.nome,
        email: u.email.toLowerCase(),
        senha_hash: senhaHash,
        whatsup: u.whatsup,
        endereco: u.endereco,
        numero: u.numero,
        complemento: u.complemento ?? '',
        bairro: u.bairro,
        cidade: u.cidadeNome,
        uf: u.uf,
        cep: u.cep,
        cod_cidade: u.cod_cidade,
        parceiro: u.parceiro ? 1 : 0,
        admin: u.admin ? 1 : 0,
        superadmin: u.superadmin ? 1 : 0,
        visto_em: u.visto_em,
        criado_em: u.criado_em,
        atualizado_em: u.criado_em,
      })
      .returning('id_usuario')
      .executeTakeFirstOrThrow();
    usuarios.set(u.key, row.id_usuario);
  }
  const usuario = (key: string) => need(usuarios, key, 'usuário');
  const usuarioOuNulo = (key: string | null) => (key === null ? null : usuario(key));

  const campanhas = new Map<string, number>();
  for (const c of plan.campanhas) {
    const row = await trx
      .insertInto('campanhas')
      .values({
        den_campanha: c.den_campanha,
        banner: c.banner,
        validade_ini: c.validade_ini,
        validade_fim: c.validade_fim,
        link: c.link,
        cod_cidade: CIDADES_DEMO[c.cidade].cod_cidade,
        proximo_cupom: c.proximo_cupom,
        criado_em: c.criado_em,
        atualizado_em: c.criado_em,
      })
      .returning('id_campanha')
      .executeTakeFirstOrThrow();
    campanhas.set(c.key, row.id_campanha);
  }
  const campanha = (key: string) => need(campanhas, key, 'campanha');

  const lojas = new Map<string, number>();
  for (const l of plan.lojas) {
    const row = await trx
      .insertInto('estabelecimentos')
      .values({
        nome: l.nome,
        endereco: l.endereco,
        complemento: l.complemento ?? '',
        bairro: l.bairro.replace(/ \(.*\)$/, ''),
        cidade: l.cidade,
        cep: l.cep,
        uf: l.uf,
        cod_cidade: l.cod_cidade,
        telefone: l.telefone,
        whatsup: l.whatsup,
        url_foto: l.url_foto,
        url_logo: l.url_logo,
        site: l.site,
        soma_estrelas: l.soma_estrelas,
        qtd_avaliacao: l.qtd_avaliacao,
        id_categoria: need(categorias, l.categoria, 'categoria'),
        id_cupom: null,
        ind_ativo: l.ativo === false ? 'N' : 'S',
        vl_min_pedido_centavos: l.pedidoMinCentavos ?? 0,
        vl_taxa_entrega_centavos: l.taxaEntregaCentavos ?? 0,
        ies_campanha: l.campanhaAtual ? 'S' : 'N',
        id_campanha_def: l.campanhaAtual ? campanha(l.campanhaAtual) : null,
        cnpj: l.cnpj,
        latitude: l.latitude,
        longitude: l.longitude,
        criado_em: l.criado_em,
        atualizado_em: l.criado_em,
      })
      .returning('id_estabelecimento')
      .executeTakeFirstOrThrow();
    lojas.set(l.key, row.id_estabelecimento);
  }
  const loja = (key: string) => need(lojas, key, 'estabelecimento');
  // Issue 53: each shop's CNPJ is the first of its list (the receipts' keys name it).
  await batch(
    trx,
    'estabelecimento_cnpjs',
    plan.lojas
      .filter((l) => l.cnpj !== '')
      .map((l) => ({ cnpj: cnpjDaChave(l.cnpj), id_estabelecimento: loja(l.key), criado_em: l.criado_em })),
  );

  const vendedores = new Map<string, number>();
  for (const l of plan.lojas) {
    for (const nome_vendedor of l.vendedores ?? []) {
      const row = await trx
        .insertInto('vendedores')
        .values({ id_estabelecimento: loja(l.key), nome_vendedor })
        .returning('id_vendedor')
        .executeTakeFirstOrThrow();
      vendedores.set(`${l.key}|${nome_vendedor}`, row.id_vendedor);
    }
  }
  const vendedor = (lojaKey: string, nome: string | null) =>
    nome === null ? null : need(vendedores, `${lojaKey}|${nome}`, 'vendedor');

  await batch(
    trx,
    'usuario_estabelecimentos',
    plan.usuarios.flatMap((u) =>
      (u.lojas ?? []).map((l) => ({ id_usuario: usuario(u.key), id_estabelecimento: loja(l) })),
    ),
  );

  await batch(
    trx,
    'campanha_estabelecimentos',
    plan.campanhas.flatMap((c) =>
      c.participantes.map((p) => ({
        id_campanha: campanha(c.key),
        id_estabelecimento: loja(p.loja),
        fator_cashback_e4: p.fator_cashback_e4,
        fator_sorteio_e4: p.fator_sorteio_e4,
      })),
    ),
  );

  const vendas: number[] = [];
  // The sales as the sales module's batch form derived them (plan.ts), through its writer.
  for (const v of plan.vendas) {
    const id = await writeBatchSale(trx, {
      id_campanha: campanha(v.campanha),
      id_estabelecimento: loja(v.loja),
      id_usuario: usuario(v.usuario),
      id_vendedor: vendedor(v.loja, v.vendedor),
      dat_venda: v.dat_venda,
      numero_venda: v.numero_venda,
      valor_centavos: v.valor_centavos,
      pontos_e6: v.pontos_e6,
      cashback_e6: v.cashback_e6,
      criado_por: usuarioOuNulo(v.criadoPor),
      at: v.criado_em,
    });
    vendas.push(id);
  }

  await batch(
    trx,
    'saldos',
    plan.saldos.map((s) => ({
      id_usuario: usuario(s.usuario),
      id_campanha: campanha(s.campanha),
      pontos_e6: s.pontos_e6,
      cupons: s.cupons,
    })),
  );

  await batch(
    trx,
    couponsTable(),
    plan.cupons.map((c) => ({
      id_campanha: campanha(c.campanha),
      numero: c.numero,
      id_usuario: usuario(c.usuario),
      id_venda: vendas[c.venda],
      id_estabelecimento: loja(c.loja),
      dat_emissao: c.dat_emissao,
      anulado_em: null,
      sorteado_em: c.sorteado_em,
    })),
  );

  for (const w of plan.contemplados) {
    const cupom = await trx
      .selectFrom(couponsTable())
      .select('id_cupom')
      .where('id_campanha', '=', campanha(w.campanha))
      .where('numero', '=', w.cupom)
      .executeTakeFirstOrThrow();
    const { id_sorteado } = await trx
      .insertInto('contemplados')
      .values({
        id_campanha: campanha(w.campanha),
        id_cupom: cupom.id_cupom,
        id_usuario: usuario(w.usuario),
        id_estabelecimento: loja(w.loja),
        id_venda: vendas[w.venda],
        id_vendedor: vendedor(w.loja, w.vendedor),
        nome_vendedor: w.vendedor ?? '',
        nome_sorteado: w.nome_sorteado,
        data_sorteio: w.data_sorteio,
        criado_em: w.instante,
        atualizado_em: w.instante,
      })
      .returning('id_sorteado')
      .executeTakeFirstOrThrow();
    await batch(
      trx,
      'contemplado_fotos',
      w.fotos.map((url_foto, ordem) => ({ id_sorteado, url_foto, ordem })),
    );
    await trx
      .insertInto('sorteios')
      .values({
        id_campanha: campanha(w.campanha),
        id_cupom: cupom.id_cupom,
        id_sorteado,
        semente: null,
        hash_lista: null,
        qtd_elegiveis: w.qtd_elegiveis,
        posicao: w.posicao,
        mloja: 'S',
        musuario: 'S',
        criado_por: usuario(w.criadoPor),
        criado_em: w.instante,
      })
      .execute();
  }

  await batch(
    trx,
    'avaliacoes',
    plan.avaliacoes.map((a) => ({
      id_estabelecimento: loja(a.loja),
      id_usuario: usuario(a.usuario),
      nro_estrelas: a.nro_estrelas,
      den_avaliacao: a.den_avaliacao,
      den_resposta: a.den_resposta,
      aprovado: a.aprovado,
      datahora: a.datahora,
      aprovado_em: a.aprovado_em,
      aprovado_por: usuarioOuNulo(a.aprovadoPor),
    })),
  );

  const cod = (n: CidadeNo) => CIDADES_DEMO[n].cod_cidade;
  await batch(
    trx,
    'avisos',
    plan.avisos.map((a) => ({
      cod_cidade: cod(a.cidade),
      type: 'M',
      title: a.title,
      body: a.body,
      image: a.image,
      validade: a.validade,
      criado_em: a.criado_em,
      atualizado_em: a.criado_em,
    })),
  );

  await batch(
    trx,
    'promocoes',
    plan.promocoes.map((p) => ({
      id_estabelecimento: loja(p.loja),
      dat_inicio: p.dat_inicio,
      dat_final: p.dat_final,
      plano_dias: p.plano_dias,
      ies_pago: p.ies_pago,
      imagem: p.imagem,
      linkproduto: p.linkproduto,
      val_desconto_e4: p.val_desconto_e4,
      porc_desconto_e4: p.porc_desconto_e4,
      val_minimo_centavos: p.val_minimo_centavos,
      cod_produto: p.cod_produto,
      regra: p.regra,
      criado_em: p.criado_em,
      atualizado_em: p.criado_em,
    })),
  );

  await batch(
    trx,
    'turismo',
    plan.turismo.map((t) => ({
      cod_cidade: cod(t.cidade),
      tipo: t.tipo,
      descricao: t.descricao,
      url_foto: t.url_foto,
      url_site: t.url_site,
      ind_ativo: t.ind_ativo,
      latitude: t.latitude,
      longitude: t.longitude,
      validade_ate: t.validade_ate,
      criado_em: agora,
      atualizado_em: agora,
    })),
  );

  for (const n of plan.notificacoes) {
    const { id_notificacao } = await trx
      .insertInto('notificacoes')
      .values({
        cod_cidade: cod(n.cidade),
        destino: 'N',
        type: 'M',
        title: n.title,
        body: n.body,
        image: n.image,
        enviado_por: usuario(n.enviadoPor),
        qtd_enviadas: n.destinatarios.length,
        qtd_falhas: 0,
        criado_em: n.criado_em,
      })
      .returning('id_notificacao')
      .executeTakeFirstOrThrow();
    await batch(
      trx,
      'usuario_notificacoes',
      n.destinatarios.map((d) => ({
        id_usuario: usuario(d.usuario),
        id_notificacao,
        type: 'N',
        title: n.title,
        body: n.body,
        image: n.image,
        dat_recece: n.criado_em,
        lida_em: d.lida_em,
      })),
    );
  }
  await batch(
    trx,
    'usuario_notificacoes',
    plan.usuarioNotificacoes.map((n) => ({
      id_usuario: usuario(n.usuario),
      id_notificacao: null,
      type: 'N',
      title: n.title,
      body: n.body,
      image: n.image,
      dat_recece: n.dat_recece,
      lida_em: n.lida_em,
    })),
  );

  const cidadeDaLoja = new Map(plan.lojas.map((l) => [l.key, l.cod_cidade]));
  await batch(
    trx,
    'contestacoes',
    plan.contestacoes.map((c) => ({
      tipo: c.tipo,
      status: 'aberta',
      id_usuario: usuario(c.usuario),
      cod_cidade: cidadeDaLoja.get(c.loja)!,
      id_estabelecimento: loja(c.loja),
      id_venda: c.venda === null ? null : vendas[c.venda],
      dat_venda: c.dat_venda,
      valor_centavos: c.valor_centavos,
      numero_venda: c.numero_venda,
      imagem: null,
      criada_em: c.criada_em,
      historico: JSON.stringify([{ em: c.criada_em, status: 'aberta', motivo: null }]),
    })),
  );
}
