import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cnpjDaChave,
  formatCouponCode,
  isValidCnpj,
  PROGRAMME_TIME_ZONE,
  PROMOTION_PLANS,
} from '@praca/contract';
import { createDb, type Db } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { Database } from '../src/db/types.js';
import { DEMO_PASSWORD, SEED_MARKER, seedDemo } from '../src/db/seed/index.js';
import { addDays, dayIn } from '../src/db/seed/util.js';
import { clientPasswordHash, verifyPassword } from '../src/lib/crypto.js';
import { LocalStore } from '../src/lib/storage.js';

/**
 * The demo seed on a fresh database of each dialect. Under the API vitest config each project
 * sets TEST_DIALECT and this file checks that dialect; run alone without it, it checks SQLite
 * and, when it answers, PostgreSQL.
 */
const PG_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const dialects = process.env.TEST_DIALECT
  ? [process.env.TEST_DIALECT]
  : ['sqlite', ...((await postgresAnswers()) || process.env.CI === 'true' ? ['postgres'] : [])];

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface Fresh {
  db: Db;
  dir: string;
  imagesDir: string;
  store: LocalStore;
  dispose(): Promise<void>;
}

async function freshDb(dialect: string): Promise<Fresh> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-seed-'));
  let drop = async () => {};
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    const name = `praca_seed_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = () => adminQuery(`drop database if exists ${name} with (force)`);
  }
  const db = createDb({ databaseUrl, dataDir: dir, poolSize: 4 });
  await migrateToLatest(db.db);
  return {
    db,
    dir,
    imagesDir: path.join(dir, 'images'),
    store: new LocalStore(dir),
    async dispose() {
      await db.close();
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const TABLES: (keyof Database)[] = [
  'cidades',
  'usuarios',
  'sessoes',
  'categorias',
  'estabelecimentos',
  'vendedores',
  'usuario_estabelecimentos',
  'campanhas',
  'campanha_estabelecimentos',
  'vendas',
  'saldos',
  'cupons',
  'sorteios',
  'contemplados',
  'contemplado_fotos',
  'avaliacoes',
  'avisos',
  'promocoes',
  'turismo',
  'notificacoes',
  'usuario_notificacoes',
  'push_assinaturas',
  'codigos',
  'auditoria',
  'configuracoes',
];

async function rowCounts(f: Fresh): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const r = await f.db.db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}

const E6 = 1_000_000;

for (const dialect of dialects) {
  describe(`demo seed (${dialect})`, () => {
    let f: Fresh;
    let firstRun: boolean;
    let firstMs: number;
    const logs: string[] = [];
    const today = dayIn(PROGRAMME_TIME_ZONE, new Date());

    beforeAll(async () => {
      f = await freshDb(dialect);
      const t = Date.now();
      firstRun = await seedDemo(f.db.db, { store: f.store, log: (m) => logs.push(m) });
      firstMs = Date.now() - t;
    });
    afterAll(async () => {
      await f?.dispose();
    });

    const db = () => f.db.db;
    const cidade1 = async () =>
      (
        await db()
          .selectFrom('usuarios')
          .select('cod_cidade')
          .where('email', '=', 'consumidor@praca.demo')
          .executeTakeFirstOrThrow()
      ).cod_cidade;

    it('loads on an empty database, quickly, and leaves its marker', async () => {
      expect(firstRun).toBe(true);
      // The brief asks for < 3 s on SQLite; some slack for a busy machine running suites in parallel.
      expect(firstMs).toBeLessThan(dialect === 'sqlite' ? 6000 : 15000);
      expect(logs.join('\n')).toMatch(/carregados/);
      const marker = await db()
        .selectFrom('configuracoes')
        .selectAll()
        .where('chave', '=', SEED_MARKER)
        .execute();
      expect(marker).toHaveLength(1);
    });

    it('has the four demo logins with the right roles and the password demo1234', async () => {
      const rows = await db()
        .selectFrom('usuarios')
        .select(['email', 'nome', 'senha_hash', 'parceiro', 'admin', 'superadmin', 'cod_cidade', 'whatsup'])
        .where('email', 'in', [
          'consumidor@praca.demo',
          'parceiro@praca.demo',
          'admin@praca.demo',
          'super@praca.demo',
        ])
        .orderBy('email')
        .execute();
      const flags = Object.fromEntries(
        rows.map((r) => [r.email, [Number(r.parceiro), Number(r.admin), Number(r.superadmin)]]),
      );
      expect(flags).toEqual({
        'admin@praca.demo': [0, 1, 0],
        'consumidor@praca.demo': [0, 0, 0],
        'parceiro@praca.demo': [1, 0, 0],
        'super@praca.demo': [0, 1, 1],
      });
      const c1 = await cidade1();
      for (const r of rows) {
        expect(r.cod_cidade).toBe(c1);
        expect(await verifyPassword(r.senha_hash, clientPasswordHash(DEMO_PASSWORD))).toBe(true);
      }
      expect(await verifyPassword(rows[0].senha_hash, clientPasswordHash('outra-senha'))).toBe(false);
      const consumidor = rows.find((r) => r.email === 'consumidor@praca.demo');
      expect(consumidor?.nome).toBe('Maria Consumidora da Silva');
      expect(consumidor?.whatsup).toMatch(/^\d{11}$/);
      const all = await db().selectFrom('usuarios').select('email').execute();
      expect(all.length).toBeGreaterThanOrEqual(14);
      for (const u of all) expect(u.email).toBe(u.email?.toLowerCase());
      // The admin is not limited to shops.
      const adminLinks = await db()
        .selectFrom('usuario_estabelecimentos as ue')
        .innerJoin('usuarios as u', 'u.id_usuario', 'ue.id_usuario')
        .select('ue.id_estabelecimento')
        .where('u.email', '=', 'admin@praca.demo')
        .execute();
      expect(adminLinks).toEqual([]);
    });

    it('links the partner to two active shops of the first city, both in the running campaign', async () => {
      const c1 = await cidade1();
      const shops = await db()
        .selectFrom('usuario_estabelecimentos as ue')
        .innerJoin('usuarios as u', 'u.id_usuario', 'ue.id_usuario')
        .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'ue.id_estabelecimento')
        .select(['e.id_estabelecimento', 'e.cod_cidade', 'e.ind_ativo', 'e.ies_campanha'])
        .where('u.email', '=', 'parceiro@praca.demo')
        .orderBy('e.id_estabelecimento')
        .execute();
      expect(shops).toHaveLength(2);
      for (const s of shops) expect([s.cod_cidade, s.ind_ativo, s.ies_campanha]).toEqual([c1, 'S', 'S']);
      // On a fresh database the partner's shops are the first two rows.
      expect(shops.map((s) => s.id_estabelecimento)).toEqual([1, 2]);
    });

    it('has at least 20 shops in the first city with valid CNPJ, CEP, phones and coordinates', async () => {
      const c1 = await cidade1();
      const shops = await db().selectFrom('estabelecimentos').selectAll().execute();
      const city1 = shops.filter((s) => s.cod_cidade === c1);
      expect(city1.length).toBeGreaterThanOrEqual(20);
      expect(city1.filter((s) => s.ind_ativo === 'S').length).toBeGreaterThanOrEqual(20);
      expect(shops.filter((s) => s.cod_cidade !== c1).length).toBeGreaterThanOrEqual(3);
      const centre = { lat: -23.96, lng: -46.33 };
      for (const s of city1) {
        expect(isValidCnpj(s.cnpj), `${s.nome} ${s.cnpj}`).toBe(true);
        expect(s.cep).toMatch(/^\d{5}-\d{3}$/);
        expect(s.telefone).toMatch(/^(\d{10,11})?$/);
        expect(s.whatsup).toMatch(/^(\d{10,11})?$/);
        expect(s.telefone || s.whatsup).not.toBe('');
        expect(Math.abs((s.latitude ?? 0) - centre.lat)).toBeLessThan(0.06);
        expect(Math.abs((s.longitude ?? 0) - centre.lng)).toBeLessThan(0.06);
        expect(s.url_foto).toMatch(/^imgest\/.+\.png$/);
        expect(s.url_logo).toMatch(/^imglog\/.+\.png$/);
        expect(s.id_categoria).not.toBeNull();
      }
      // The shop card shows one number when equal, both when different, or whichever exists.
      expect(city1.some((s) => s.telefone && s.telefone === s.whatsup)).toBe(true);
      expect(city1.some((s) => s.telefone && s.whatsup && s.telefone !== s.whatsup)).toBe(true);
      expect(city1.some((s) => s.telefone && !s.whatsup)).toBe(true);
      expect(city1.some((s) => !s.telefone && s.whatsup)).toBe(true);
      expect(city1.some((s) => s.site)).toBe(true);
      expect(city1.some((s) => !s.site)).toBe(true);
      const categorias = await db().selectFrom('categorias').select('categoria').execute();
      expect(categorias.map((c) => c.categoria)).toEqual(
        expect.arrayContaining([
          'Alimentação',
          'Vestuário',
          'Farmácia',
          'Serviços',
          'Beleza',
          'Pet',
          'Eletrônicos',
        ]),
      );
      const cidades = await db().selectFrom('cidades').selectAll().execute();
      expect(cidades.length).toBeGreaterThanOrEqual(4);
      const sellers = await db().selectFrom('vendedores').select('id_estabelecimento').distinct().execute();
      expect(sellers.length).toBeGreaterThanOrEqual(5);
      // Issue 53: each shop's CNPJ heads its CNPJ list (the receipts' keys name it).
      const lists = await db()
        .selectFrom('estabelecimento_cnpjs')
        .select(['cnpj', 'id_estabelecimento'])
        .execute();
      expect(lists.map((l) => [l.id_estabelecimento, l.cnpj]).sort()).toEqual(
        shops
          .filter((s) => s.cnpj !== '')
          .map((s) => [s.id_estabelecimento, cnpjDaChave(s.cnpj)])
          .sort(),
      );
    });

    it('has a running campaign in the first city, a past one with winners, and one in the second city', async () => {
      const c1 = await cidade1();
      const campanhas = await db().selectFrom('campanhas').selectAll().execute();
      const running = campanhas.filter((c) => c.validade_ini <= today && today <= c.validade_fim);
      expect(running.filter((c) => c.cod_cidade === c1)).toHaveLength(1);
      expect(running.filter((c) => c.cod_cidade !== c1).length).toBeGreaterThanOrEqual(1);
      const past = campanhas.filter((c) => c.cod_cidade === c1 && c.validade_fim < today);
      expect(past).toHaveLength(1);
      for (const c of campanhas) expect(c.banner).toMatch(/^imgban\/.+\.png$/);

      const winners = await db().selectFrom('contemplados').selectAll().execute();
      expect(winners.length).toBeGreaterThanOrEqual(1);
      for (const w of winners) {
        expect(w.id_campanha).toBe(past[0].id_campanha);
        expect(w.data_sorteio > past[0].validade_fim && w.data_sorteio < today).toBe(true);
        const cupom = await db()
          .selectFrom('cupons')
          .selectAll()
          .where('id_cupom', '=', w.id_cupom ?? -1)
          .executeTakeFirstOrThrow();
        expect([cupom.id_campanha, cupom.id_usuario, cupom.id_venda, cupom.id_estabelecimento]).toEqual([
          w.id_campanha,
          w.id_usuario,
          w.id_venda,
          w.id_estabelecimento,
        ]);
        expect(cupom.sorteado_em).not.toBeNull();
        const user = await db()
          .selectFrom('usuarios')
          .select('nome')
          .where('id_usuario', '=', w.id_usuario ?? -1)
          .executeTakeFirstOrThrow();
        expect(w.nome_sorteado).toBe(user.nome);
        const seller = await db()
          .selectFrom('vendedores')
          .select(['nome_vendedor', 'id_estabelecimento'])
          .where('id_vendedor', '=', w.id_vendedor ?? -1)
          .executeTakeFirstOrThrow();
        expect(seller).toEqual({ nome_vendedor: w.nome_vendedor, id_estabelecimento: w.id_estabelecimento });
        const fotos = await db()
          .selectFrom('contemplado_fotos')
          .selectAll()
          .where('id_sorteado', '=', w.id_sorteado)
          .execute();
        expect(fotos).toHaveLength(2);
        const draws = await db()
          .selectFrom('sorteios')
          .selectAll()
          .where('id_sorteado', '=', w.id_sorteado)
          .execute();
        expect(draws).toHaveLength(1);
        expect(draws[0].id_cupom).toBe(w.id_cupom);
        expect(draws[0].posicao).toBeGreaterThanOrEqual(1);
        expect(draws[0].posicao).toBeLessThanOrEqual(draws[0].qtd_elegiveis);
      }
      const drawn = await db()
        .selectFrom('cupons')
        .select('id_cupom')
        .where('sorteado_em', 'is not', null)
        .execute();
      expect(drawn).toHaveLength(winners.length);
    });

    it('keeps sales, balances and coupons consistent with the campaign factors (domain §4)', async () => {
      const campanhas = await db().selectFrom('campanhas').selectAll().execute();
      const fatores = await db().selectFrom('campanha_estabelecimentos').selectAll().execute();
      const vendas = await db().selectFrom('vendas').selectAll().execute();
      const saldos = await db().selectFrom('saldos').selectAll().execute();
      const cupons = await db().selectFrom('cupons').selectAll().orderBy('id_cupom').execute();
      expect(vendas.length).toBeGreaterThanOrEqual(30);

      const vendaPorId = new Map(vendas.map((v) => [v.id_venda, v]));
      for (const v of vendas) {
        const fator = fatores.find(
          (x) => x.id_campanha === v.id_campanha && x.id_estabelecimento === v.id_estabelecimento,
        );
        expect(fator, `venda ${v.id_venda} de loja não participante`).toBeDefined();
        expect(v.pontos_e6).toBe(v.valor_centavos * (fator?.fator_sorteio_e4 ?? NaN));
        expect(v.cashback_e6).toBe(v.valor_centavos * (fator?.fator_cashback_e4 ?? NaN));
        expect(v.valor_centavos).toBeGreaterThan(0);
        expect(v.valor_centavos).toBeLessThanOrEqual(5_000_000);
        const c = campanhas.find((x) => x.id_campanha === v.id_campanha);
        expect(
          c && v.dat_venda >= c.validade_ini && v.dat_venda <= c.validade_fim && v.dat_venda <= today,
        ).toBe(true);
        expect(v.numero_venda.trim()).not.toBe('');
      }
      // Every (user, campaign) with sales has a balance: points summed, one coupon per whole point.
      const pares = new Set(vendas.map((v) => `${v.id_usuario}|${v.id_campanha}`));
      expect(saldos).toHaveLength(pares.size);
      for (const s of saldos) {
        const soma = vendas
          .filter((v) => v.id_usuario === s.id_usuario && v.id_campanha === s.id_campanha)
          .reduce((acc, v) => acc + v.pontos_e6, 0);
        const meus = cupons.filter((c) => c.id_usuario === s.id_usuario && c.id_campanha === s.id_campanha);
        expect(s.pontos_e6).toBe(soma);
        expect(s.cupons).toBe(Math.floor(soma / E6));
        expect(meus).toHaveLength(s.cupons);
      }
      for (const c of campanhas) {
        const nums = cupons
          .filter((x) => x.id_campanha === c.id_campanha)
          .map((x) => x.numero)
          .sort((a, b) => a - b);
        expect(nums).toEqual(nums.map((_, i) => i + 1));
        expect(c.proximo_cupom).toBe(nums.length + 1);
      }
      for (const cupom of cupons) {
        const v = vendaPorId.get(cupom.id_venda);
        expect([v?.id_usuario, v?.id_campanha, v?.id_estabelecimento]).toEqual([
          cupom.id_usuario,
          cupom.id_campanha,
          cupom.id_estabelecimento,
        ]);
        expect(cupom.anulado_em).toBeNull();
      }
      // Issue order: within a campaign, a later number never comes from an earlier sale.
      for (const c of campanhas) {
        const mine = cupons
          .filter((x) => x.id_campanha === c.id_campanha)
          .sort((a, b) => a.numero - b.numero);
        for (let i = 1; i < mine.length; i++)
          expect(mine[i].dat_emissao >= mine[i - 1].dat_emissao).toBe(true);
      }
    });

    it('gives the demo consumer 3 coupons and 0.45 towards the next in the running campaign', async () => {
      const c1 = await cidade1();
      const rows = await db()
        .selectFrom('saldos as s')
        .innerJoin('usuarios as u', 'u.id_usuario', 's.id_usuario')
        .innerJoin('campanhas as c', 'c.id_campanha', 's.id_campanha')
        .select(['s.pontos_e6', 's.cupons', 'c.validade_ini', 'c.validade_fim', 'c.cod_cidade'])
        .where('u.email', '=', 'consumidor@praca.demo')
        .execute();
      expect(rows).toHaveLength(1);
      const [s] = rows;
      expect(s.cod_cidade).toBe(c1);
      expect(s.validade_ini <= today && today <= s.validade_fim).toBe(true);
      expect(s.cupons).toBe(3);
      expect(s.pontos_e6 % E6).toBe(450_000);
      const notes = await db()
        .selectFrom('usuario_notificacoes as n')
        .innerJoin('usuarios as u', 'u.id_usuario', 'n.id_usuario')
        .select(['n.title', 'n.body', 'n.lida_em'])
        .where('u.email', '=', 'consumidor@praca.demo')
        .execute();
      expect(notes.length).toBeGreaterThanOrEqual(2);
      expect(notes.some((n) => n.lida_em === null)).toBe(true);
      // The coupon notification names the newest coupon as every screen does: série-número.
      const newest = await db()
        .selectFrom('cupons as k')
        .innerJoin('usuarios as u', 'u.id_usuario', 'k.id_usuario')
        .select((eb) => eb.fn.max('k.numero').as('numero'))
        .where('u.email', '=', 'consumidor@praca.demo')
        .executeTakeFirstOrThrow();
      const won = notes.find((n) => n.title === 'Você ganhou um cupom!');
      expect(won?.body).toContain(`completou o cupom ${formatCouponCode(Number(newest.numero))} da campanha`);
      expect(won?.body).not.toContain('nº');
    });

    it('keeps each shop rating equal to its approved reviews, with pending ones on the partner shops', async () => {
      const shops = await db().selectFrom('estabelecimentos').selectAll().execute();
      const reviews = await db().selectFrom('avaliacoes').selectAll().execute();
      for (const s of shops) {
        const ok = reviews.filter((r) => r.id_estabelecimento === s.id_estabelecimento && r.aprovado === 'S');
        expect([s.soma_estrelas, s.qtd_avaliacao], s.nome).toEqual([
          ok.reduce((a, r) => a + r.nro_estrelas, 0),
          ok.length,
        ]);
      }
      const approved = reviews.filter((r) => r.aprovado === 'S');
      expect(new Set(approved.map((r) => r.id_usuario)).size).toBeGreaterThanOrEqual(5);
      expect(approved.some((r) => r.den_resposta)).toBe(true);
      for (const r of approved) expect(r.aprovado_em).not.toBeNull();
      const pending = reviews.filter((r) => r.aprovado === 'N');
      expect(pending.length).toBeGreaterThanOrEqual(1);
      const partnerShops = await db()
        .selectFrom('usuario_estabelecimentos as ue')
        .innerJoin('usuarios as u', 'u.id_usuario', 'ue.id_usuario')
        .select('ue.id_estabelecimento')
        .where('u.email', '=', 'parceiro@praca.demo')
        .execute();
      const ids = partnerShops.map((p) => p.id_estabelecimento);
      for (const r of pending) expect(ids).toContain(r.id_estabelecimento);
    });

    it('has current and expired notices, promotions and tourism items in the first city', async () => {
      const c1 = await cidade1();
      const avisos = await db().selectFrom('avisos').selectAll().where('cod_cidade', '=', c1).execute();
      const valid = avisos.filter((a) => a.validade >= today);
      expect(valid).toHaveLength(2);
      expect(avisos.filter((a) => a.validade < today)).toHaveLength(1);
      for (const a of valid) {
        expect(a.body).toContain('\n');
        expect(a.body).toMatch(/<b>/);
        expect(a.body).not.toMatch(/<script|on\w+=/i);
      }

      const promos = await db()
        .selectFrom('promocoes as p')
        .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'p.id_estabelecimento')
        .select(['p.dat_inicio', 'p.dat_final', 'p.plano_dias', 'p.ies_pago', 'p.imagem', 'e.cod_cidade'])
        .execute();
      const plans = PROMOTION_PLANS.map((p) => p.dias as number);
      for (const p of promos) {
        expect(plans).toContain(p.plano_dias);
        expect(p.dat_final).toBe(addDays(p.dat_inicio, p.plano_dias - 1));
        expect(p.imagem).toMatch(/^imgprom\/.+\.png$/);
      }
      const city = promos.filter((p) => p.cod_cidade === c1);
      const showing = city.filter((p) => p.ies_pago === 'S' && p.dat_inicio <= today && today <= p.dat_final);
      expect(showing.length).toBeGreaterThanOrEqual(4);
      expect(city.some((p) => p.ies_pago === 'N')).toBe(true);
      expect(city.some((p) => p.dat_final < today)).toBe(true);

      const tur = await db().selectFrom('turismo').selectAll().where('cod_cidade', '=', c1).execute();
      const visible = tur.filter(
        (t) => t.ind_ativo === 'S' && (t.validade_ate === null || t.validade_ate >= today),
      );
      expect(new Set(visible.map((t) => t.tipo))).toEqual(new Set([0, 1, 2, 3, 4]));
      expect(visible.some((t) => t.validade_ate !== null)).toBe(true);
      expect(tur.some((t) => t.ind_ativo === 'N')).toBe(true);
      for (const t of tur) {
        expect(t.url_foto).toMatch(/^imgtur\/.+\.png$/);
        expect(t.url_site).toMatch(/^https:\/\//);
        expect(t.latitude).not.toBeNull();
      }
    });

    it('leaves two open complaints in the first city: one uncredited purchase, one unrecognised sale', async () => {
      const c1 = await cidade1();
      const rows = await db()
        .selectFrom('contestacoes as k')
        .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'k.id_estabelecimento')
        .leftJoin('vendas as v', 'v.id_venda', 'k.id_venda')
        .select([
          'k.tipo',
          'k.status',
          'k.cod_cidade',
          'e.cod_cidade as cidade_loja',
          'k.id_usuario',
          'k.dat_venda',
        ])
        .select(['v.id_usuario as dono_venda', 'v.dat_venda as dia_venda', 'v.excluida_em'])
        .orderBy('k.id_contestacao')
        .execute();
      expect(rows.map((r) => [r.tipo, r.status, r.cod_cidade])).toEqual([
        ['nao_registrada', 'aberta', c1],
        ['nao_reconheco', 'aberta', c1],
      ]);
      for (const r of rows) {
        expect(r.cod_cidade).toBe(r.cidade_loja);
        expect(r.dat_venda <= today).toBe(true);
      }
      // The disputed sale is the complainant's own, live, and the complaint copies its day.
      expect(rows[1]).toMatchObject({
        dono_venda: rows[1]!.id_usuario,
        dia_venda: rows[1]!.dat_venda,
        excluida_em: null,
      });
    });

    it('writes every referenced image as a PNG of the size for its use', async () => {
      const paths = [
        ...(await db().selectFrom('estabelecimentos').select(['url_foto as p']).execute()),
        ...(await db().selectFrom('estabelecimentos').select(['url_logo as p']).execute()),
        ...(await db().selectFrom('campanhas').select(['banner as p']).execute()),
        ...(await db().selectFrom('promocoes').select(['imagem as p']).execute()),
        ...(await db().selectFrom('turismo').select(['url_foto as p']).execute()),
        ...(await db().selectFrom('avisos').select(['image as p']).execute()),
        ...(await db().selectFrom('contemplado_fotos').select(['url_foto as p']).execute()),
        ...(await db().selectFrom('notificacoes').select(['image as p']).execute()),
      ]
        .map((r) => r.p)
        .filter(Boolean);
      expect(paths.length).toBeGreaterThan(80);
      const expected: Record<string, [number, number]> = {
        imgest: [300, 150],
        imglog: [100, 100],
        imgprom: [512, 512],
        imgtur: [640, 480],
        users: [512, 512],
      };
      for (const p of new Set(paths)) {
        expect(p).not.toMatch(/^\/|\.\./);
        const meta = await sharp(path.join(f.imagesDir, p)).metadata();
        expect(meta.format, p).toBe('png');
        const size = expected[p.split('/')[0]];
        if (size) expect([meta.width, meta.height], p).toEqual(size);
      }
      const banner = await db().selectFrom('campanhas').select('banner').executeTakeFirstOrThrow();
      const meta = await sharp(path.join(f.imagesDir, banner.banner)).metadata();
      expect([meta.width, meta.height]).toEqual([1024, 400]);
    });

    it('loads nothing on a second run and keeps the images', async () => {
      const before = await rowCounts(f);
      const logo = path.join(f.imagesDir, 'imglog');
      const file = path.join(logo, fs.readdirSync(logo)[0]);
      const mtime = fs.statSync(file).mtimeMs;
      expect(await seedDemo(f.db.db, { store: f.store })).toBe(false);
      expect(await rowCounts(f)).toEqual(before);
      expect(fs.statSync(file).mtimeMs).toBe(mtime);
      // A wiped image folder is redrawn, still without touching the database.
      fs.rmSync(file);
      expect(await seedDemo(f.db.db, { store: f.store })).toBe(false);
      expect(fs.existsSync(file)).toBe(true);
      expect(await rowCounts(f)).toEqual(before);
    });
  });

  describe(`demo seed on a database with content (${dialect})`, () => {
    let f: Fresh;
    beforeAll(async () => {
      f = await freshDb(dialect);
    });
    afterAll(async () => {
      await f?.dispose();
    });

    it('refuses to mix the demo into real data', async () => {
      await f.db.db
        .insertInto('cidades')
        .values({ cod_cidade: 3548500, cidade: 'Santos', uf: 'SP' })
        .execute();
      await f.db.db
        .insertInto('usuarios')
        .values({
          nome: 'Pessoa Real',
          email: 'real@exemplo.com.br',
          whatsup: '',
          endereco: '',
          numero: '',
          complemento: '',
          bairro: '',
          cidade: 'Santos',
          uf: 'SP',
          cep: '',
          cod_cidade: 3548500,
          atualizado_em: new Date().toISOString(),
        })
        .execute();
      const before = await rowCounts(f);
      const logs: string[] = [];
      expect(await seedDemo(f.db.db, { store: f.store, log: (m) => logs.push(m) })).toBe(false);
      expect(await rowCounts(f)).toEqual(before);
      expect(fs.existsSync(f.imagesDir)).toBe(false);
      expect(logs.join('\n')).toMatch(/não carregados/);
    });
  });
}
