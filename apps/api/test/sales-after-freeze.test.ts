import { MSG_VENDA } from '@praca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/lib/clock.js';
import { useTestApp } from './helper.js';
import {
  bearer,
  createCampaign,
  createCity,
  createShop,
  createUser,
  day,
  insertConsumers,
  sessionFor,
} from './factories.js';

/**
 * Issue 49, "one ticket, one chance at a time", the sales part: scheduling an apuração freezes
 * the campaign's coupons up to `maior_numero` into its ticket file, and sales go on, also on the
 * freeze's day and dated before it (within the retroactive window): their coupons are numbered
 * above the file's, so they join the campaign's next apuração. A sale with a coupon in the file
 * can be neither edited nor deleted by its shop (409), and the partner's list says which
 * (`congelada`); a resident's accepted complaint still voids one (its tickets stay in the
 * file) or registers one (with new coupons).
 */
const t = useTestApp();

type Who = 'partner' | 'admin' | 'resident';
const w = {} as {
  cod_cidade: number;
  resident: number;
  people: number[];
  admin: number;
  tokens: Record<Who, string>;
};

/** A shop of its own (a complaint finds the shop's campaign of the day) in a campaign of its own. */
async function world() {
  const shop = (await createShop(t.db, { cod_cidade: w.cod_cidade })).id_estabelecimento;
  const { id_campanha } = await createCampaign(t.db, {
    cod_cidade: w.cod_cidade,
    // R$ 100 is one coupon.
    lojas: [{ id_estabelecimento: shop, fator_sorteio: 0.01, fator_cashback: 0 }],
  });
  const partner = await createUser(t.db, {
    cod_cidade: w.cod_cidade,
    parceiro: true,
    estabelecimentos: [shop],
  });
  return { shop, id_campanha, token: await sessionFor(t.db, partner.id_usuario) };
}
type World = Awaited<ReturnType<typeof world>>;

let numero = 0;
interface Criada {
  venda: { id_venda: number };
  cupons: { id_sorteio: number }[];
}
const sell = (wd: World, o: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/parceiro/vendas',
    headers: bearer(wd.token),
    payload: {
      id_campanha: wd.id_campanha,
      id_estabelecimento: wd.shop,
      id_usuario: w.resident,
      dat_venda: day(0),
      numero_venda: `AF-${++numero}`,
      valor_venda: 100,
      id_vendedor: 99,
      ...o,
    },
  });
async function sold(wd: World, o: Record<string, unknown> = {}): Promise<Criada> {
  const res = await sell(wd, o);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Criada>();
}
const edit = (wd: World, idVenda: number, o: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: `/v1/parceiro/vendas/${idVenda}`,
    headers: bearer(wd.token),
    payload: {
      id_campanha: wd.id_campanha,
      id_estabelecimento: wd.shop,
      id_usuario: w.resident,
      dat_venda: day(0),
      numero_venda: `AF-${++numero}`,
      valor_venda: 200,
      id_vendedor: 99,
      ...o,
    },
  });
const remove = (wd: World, idVenda: number) =>
  t.app.inject({ method: 'DELETE', url: `/v1/parceiro/vendas/${idVenda}`, headers: bearer(wd.token) });

/**
 * Schedules an apuração of the campaign as the freezing request does (modules/apuracoes): its
 * file holds every coupon numbered up to the highest current one, but the voided ones, which
 * go into `apuracao_fora`; frozen now.
 */
async function freeze(idCampanha: number) {
  const coupons = await t.db
    .selectFrom('cupons')
    .select(['numero', 'anulado_em'])
    .where('id_campanha', '=', idCampanha)
    .execute();
  const maior_numero = Math.max(0, ...coupons.map((k) => Number(k.numero)));
  const fora = coupons.filter((k) => k.anulado_em !== null).map((k) => Number(k.numero));
  const { id_apuracao } = await t.db
    .insertInto('apuracoes')
    .values({
      id_campanha: idCampanha,
      concurso: 6100 + ++numero,
      data_concurso: day(3),
      instante_concurso: `${day(3)}T22:00:00.000Z`,
      qtd_premios: 1,
      mloja: 'S',
      musuario: 'S',
      status: 'agendada',
      hash_bilhetes: 'ab'.repeat(32),
      qtd_bilhetes: coupons.length - fora.length,
      maior_numero,
      arquivo: 'x',
      congelado_em: nowIso(),
    })
    .returning('id_apuracao')
    .executeTakeFirstOrThrow();
  for (const n of fora) await t.db.insertInto('apuracao_fora').values({ id_apuracao, numero: n }).execute();
  return { id_apuracao, maior_numero };
}

const couponsOf = (idVenda: number) =>
  t.db
    .selectFrom('cupons')
    .select(['numero', 'anulado_em'])
    .where('id_venda', '=', idVenda)
    .orderBy('numero')
    .execute();

/** What an apuração's file is made of: its row and its left-out numbers. */
async function fileOf(idApuracao: number) {
  const a = await t.db
    .selectFrom('apuracoes')
    .select(['maior_numero', 'qtd_bilhetes', 'hash_bilhetes', 'arquivo', 'congelado_em'])
    .where('id_apuracao', '=', idApuracao)
    .executeTakeFirstOrThrow();
  const fora = await t.db
    .selectFrom('apuracao_fora')
    .select('numero')
    .where('id_apuracao', '=', idApuracao)
    .orderBy('numero')
    .execute();
  return { ...a, fora: fora.map((f) => Number(f.numero)) };
}

beforeAll(async () => {
  w.cod_cidade = (await createCity(t.db)).cod_cidade;
  const [resident, ...people] = await insertConsumers(t.db, {
    cod_cidade: w.cod_cidade,
    nomes: ['Rosa Congelada', 'Ana Lote', 'Bia Lote', 'Caio Lote', 'Davi Lote'],
  });
  w.resident = resident!;
  w.people = people;
  const admin = await createUser(t.db, { cod_cidade: w.cod_cidade, admin: true });
  w.admin = admin.id_usuario;
  w.tokens = {
    partner: '',
    admin: await sessionFor(t.db, admin.id_usuario),
    resident: await sessionFor(t.db, resident!),
  };
});

describe('sales after a freeze', () => {
  it('takes a sale dated today (the freeze day) and one dated yesterday: 201, numbered above the file', async () => {
    const wd = await world();
    await sold(wd, { valor_venda: 300 });
    const { maior_numero } = await freeze(wd.id_campanha);
    expect(maior_numero).toBe(3);
    for (const dat_venda of [day(0), day(-1)]) {
      const res = await sell(wd, { dat_venda, valor_venda: 200 });
      expect(res.statusCode, res.body).toBe(201);
      const numbers = res.json<Criada>().cupons.map((k) => k.id_sorteio);
      expect(numbers).toHaveLength(2);
      for (const n of numbers) expect(n).toBeGreaterThan(maior_numero);
    }
  });

  it('still refuses a date past the retroactive window', async () => {
    const wd = await world();
    await sold(wd);
    await freeze(wd.id_campanha);
    const res = await sell(wd, { dat_venda: day(-(t.config.VENDA_RETROATIVA_DIAS + 1)) });
    expect(res.statusCode).toBe(400);
  });

  it('parallel sales (batched in one statement on PostgreSQL, group commit on SQLite) go on too', async () => {
    const wd = await world();
    await sold(wd, { valor_venda: 100 });
    const { maior_numero } = await freeze(wd.id_campanha);
    const answers = await Promise.all(
      w.people.flatMap((id_usuario) =>
        [day(0), day(-1)].map((dat_venda) => sell(wd, { id_usuario, dat_venda, valor_venda: 100 })),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 201));
    const numbers = answers.flatMap((r) => r.json<Criada>().cupons.map((k) => k.id_sorteio));
    expect(numbers).toHaveLength(w.people.length * 2);
    expect(Math.min(...numbers)).toBe(maior_numero + 1);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('a campaign with limits (its sales in a transaction of their own) and a QR sale claimed after the freeze', async () => {
    const wd = await world();
    await t.db
      .updateTable('campanhas')
      .set({ limite_vendas_dia_loja: 5 })
      .where('id_campanha', '=', wd.id_campanha)
      .execute();
    await sold(wd);
    const pending = await sell(wd, { id_usuario: 0, qrcode: true, dat_venda: day(-1) });
    expect(pending.statusCode, pending.body).toBe(201);
    const { maior_numero } = await freeze(wd.id_campanha);
    const limited = await sold(wd, { dat_venda: day(-1) });
    expect(limited.cupons.map((k) => k.id_sorteio > maior_numero)).toEqual([true]);
    const claim = await t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/vendas/resgatar',
      headers: bearer(w.tokens.resident),
      payload: { codigo: pending.json<{ codigo: string }>().codigo },
    });
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json<Criada>().cupons.map((k) => k.id_sorteio > maior_numero)).toEqual([true]);
  });
});

describe('a sale with coupons in a frozen file', () => {
  it('is neither edited nor deleted (409); a sale made after the freeze is edited (200)', async () => {
    const wd = await world();
    const before = await sold(wd, { valor_venda: 200 });
    const { id_apuracao } = await freeze(wd.id_campanha);
    const after = await sold(wd, { valor_venda: 100 });
    const file = await fileOf(id_apuracao);

    for (const res of [await edit(wd, before.venda.id_venda), await remove(wd, before.venda.id_venda)]) {
      expect([res.statusCode, res.json()]).toEqual([409, { erro: MSG_VENDA.bilhetesCongelados }]);
    }
    expect((await couponsOf(before.venda.id_venda)).map((k) => k.anulado_em)).toEqual([null, null]);

    const edited = await edit(wd, after.venda.id_venda, { valor_venda: 300, dat_venda: day(-1) });
    expect(edited.statusCode, edited.body).toBe(200);
    const numbers = (await couponsOf(after.venda.id_venda)).filter((k) => k.anulado_em === null);
    expect(numbers).toHaveLength(3);
    for (const k of numbers) expect(Number(k.numero)).toBeGreaterThan(file.maior_numero);
    expect(await fileOf(id_apuracao)).toEqual(file);
  });

  it('the partner’s list says which sales are congeladas', async () => {
    const wd = await world();
    const frozen = await sold(wd, { valor_venda: 100 });
    const noCoupon = await sold(wd, { valor_venda: 10 });
    await freeze(wd.id_campanha);
    const later = await sold(wd, { valor_venda: 100 });
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/parceiro/vendas?id_estabelecimento=${wd.shop}&id_campanha=${wd.id_campanha}`,
      headers: bearer(wd.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const flags = Object.fromEntries(
      res.json<{ id_venda: number; congelada: boolean }[]>().map((v) => [v.id_venda, v.congelada]),
    );
    expect(flags).toEqual({
      [frozen.venda.id_venda]: true,
      [noCoupon.venda.id_venda]: false,
      [later.venda.id_venda]: false,
    });
  });
});

describe('complaints decided after a freeze', () => {
  const decide = (id: number, decisao: 'aceita' | 'recusada', motivo: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/adm/contestacoes/${id}/decisao`,
      headers: bearer(w.tokens.admin),
      payload: { decisao, motivo },
    });
  async function fileContestacao(payload: object): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/contestacoes',
      headers: bearer(w.tokens.resident),
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id_contestacao: number }>().id_contestacao;
  }
  const balance = async (idCampanha: number) =>
    Number(
      (
        await t.db
          .selectFrom('saldos')
          .select('pontos_e6')
          .where('id_usuario', '=', w.resident)
          .where('id_campanha', '=', idCampanha)
          .executeTakeFirst()
      )?.pontos_e6 ?? 0,
    );

  it("'não reconheço' accepted voids a frozen sale and its coupons; the file and apuracao_fora stay as they were", async () => {
    const wd = await world();
    const sale = await sold(wd, { valor_venda: 200, dat_venda: day(-1) });
    const { id_apuracao } = await freeze(wd.id_campanha);
    const file = await fileOf(id_apuracao);
    expect(file.fora).toEqual([]);
    const id = await fileContestacao({ tipo: 'nao_reconheco', id_venda: sale.venda.id_venda });

    const res = await decide(id, 'aceita', 'Compra não reconhecida');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'aceita', id_venda: sale.venda.id_venda });
    const venda = await t.db
      .selectFrom('vendas')
      .select('excluida_em')
      .where('id_venda', '=', sale.venda.id_venda)
      .executeTakeFirstOrThrow();
    expect(venda.excluida_em).not.toBeNull();
    const coupons = await couponsOf(sale.venda.id_venda);
    expect(coupons).toHaveLength(2);
    for (const k of coupons) expect(k.anulado_em).not.toBeNull();
    expect(await balance(wd.id_campanha)).toBe(0);
    // Nothing leaves a frozen file.
    expect(await fileOf(id_apuracao)).toEqual(file);
  });

  it("'não registrada' accepted after a freeze registers the sale with new coupons above the file", async () => {
    const wd = await world();
    await sold(wd, { valor_venda: 100, id_usuario: w.people[0] });
    const { id_apuracao, maior_numero } = await freeze(wd.id_campanha);
    const file = await fileOf(id_apuracao);
    const id = await fileContestacao({
      tipo: 'nao_registrada',
      id_estabelecimento: wd.shop,
      dat_venda: day(-1),
      valor_venda: 200,
      numero_venda: `NR-AF-${++numero}`,
    });

    const res = await decide(id, 'aceita', 'Nota fiscal confere');
    expect(res.statusCode, res.body).toBe(200);
    const idVenda = res.json<{ id_venda: number | null }>().id_venda;
    expect(idVenda).not.toBeNull();
    const coupons = await couponsOf(idVenda!);
    expect(coupons).toHaveLength(2);
    for (const k of coupons) {
      expect(k.anulado_em).toBeNull();
      expect(Number(k.numero)).toBeGreaterThan(maior_numero);
    }
    expect(await balance(wd.id_campanha)).toBe(2_000_000);
    expect(await fileOf(id_apuracao)).toEqual(file);
  });
});
