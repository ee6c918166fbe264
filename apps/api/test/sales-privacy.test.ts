import { MSG, MSG_VENDA, formatCpf, maskCpf } from '@praca/contract';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_PASSWORD,
  bearer,
  countRows,
  createCity,
  createSellingShop,
  createShop,
  createUser,
  insertConsumers,
  newCpf,
  sessionFor,
} from './factories.js';
import { useTestApp, type TestApp } from './helper.js';

/**
 * Issue 52, "the sale path answers alike for every CPF": a partner or its API key learns nothing
 * through a sale that it could not learn at the counter. A sale by CPF answers the same whatever
 * the CPF is; a sale by id reaches only the residents of the partner's cities; recipients are
 * shown as the customer search shows them, never with a balance; and every look-up of a person
 * through sales counts against the partner's search limits, per minute and per day.
 */

type Shop = Awaited<ReturnType<typeof createSellingShop>>;

const helpers = (t: TestApp) => {
  let n = 0;
  const post = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/v1/parceiro/vendas', headers: bearer(token), payload });
  const byCpf = (s: Shop, cpf: string, token = s.token) => {
    const { id_usuario: _none, ...body } = s.sale(`CPF-${++n}`, -1, 300);
    return post(token, { ...body, cpf });
  };
  const byId = (s: Shop, id_usuario: number, token = s.token) =>
    post(token, s.sale(`ID-${++n}`, id_usuario, 300));
  const register = (cod_cidade: number, cpf: string, nome = 'Pessoa Com Cpf') =>
    t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/registro',
      payload: { nome, email: `p.${++n}.${Date.now()}@exemplo.com`, senha: CLIENT_PASSWORD, cod_cidade, cpf },
    });
  const keyOf = async (s: Shop) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/parceiro/chaves',
      headers: bearer(s.token),
      payload: { nome: `Caixa ${++n}`, id_estabelecimento: s.shop.id_estabelecimento },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ chave: string }>().chave;
  };
  return { post, byCpf, byId, register, keyOf };
};

describe('what a sale tells a partner (issue 52)', () => {
  const t = useTestApp();
  const h = helpers(t);

  it('a sale by CPF answers the same for a CPF with an account here or elsewhere or none, by session or key', async () => {
    const s = await createSellingShop(t.db, []);
    const key = await h.keyOf(s);
    const far = await createCity(t.db);
    const here = newCpf();
    const there = newCpf();
    expect((await h.register(s.city.cod_cidade, here, 'Residente Daqui')).statusCode).toBe(201);
    expect((await h.register(far.cod_cidade, there, 'Residente Dali')).statusCode).toBe(201);
    const answers = [];
    for (const token of [s.token, key])
      for (const cpf of [here, formatCpf(there), newCpf()]) {
        const res = await h.byCpf(s, cpf, token);
        expect(res.statusCode, res.body).toBe(201);
        answers.push({ res, cpf });
      }
    for (const { res, cpf } of answers) {
      expect(res.json()).toEqual({ id_venda: expect.any(Number), cpf: maskCpf(cpf) });
      expect(res.body).not.toMatch(/Residente|pendente|saldo|cupons|id_usuario/);
    }
    // Written alike too: every one waits for its CPF until the job behind the answer runs.
    const ids = answers.map((a) => a.res.json().id_venda as number);
    const rows = await t.db
      .selectFrom('vendas')
      .select(['id_usuario', 'cpf_mascara'])
      .where('id_venda', 'in', ids)
      .execute();
    expect(rows.every((r) => r.cpf_mascara !== null)).toBe(true);
    await t.app.jobs.idle();
  });

  it('a sale by id reaches only residents of the partner’s cities: 404 as an unknown person, nothing written', async () => {
    const s = await createSellingShop(t.db, ['Morador Daqui']);
    const far = await createCity(t.db);
    const [stranger] = await insertConsumers(t.db, { cod_cidade: far.cod_cidade, nomes: ['Morador Dali'] });
    const sales = await countRows(t.db, 'vendas');
    const coupons = await countRows(t.db, 'cupons');
    for (const token of [s.token, await h.keyOf(s)]) {
      const res = await h.byId(s, stranger!, token);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ erro: MSG_VENDA.destinatarioNaoEncontrado });
      // The same answer as an id nobody has.
      const unknown = await h.byId(s, 987_654_321, token);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toBe(res.body);
    }
    expect(await countRows(t.db, 'vendas')).toBe(sales);
    expect(await countRows(t.db, 'cupons')).toBe(coupons);
    // Nor can an edit move a sale to them.
    const own = await h.byId(s, s.people[0]!);
    expect(own.statusCode, own.body).toBe(201);
    const id = own.json().venda.id_venda;
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/v1/parceiro/vendas/${id}`,
      headers: bearer(s.token),
      payload: s.sale('EDIT-1', stranger!, 300),
    });
    expect(moved.statusCode).toBe(404);
    expect(moved.json()).toEqual({ erro: MSG_VENDA.destinatarioNaoEncontrado });
    // A partner with a shop in that city too reaches them from any of its shops.
    const farShop = await createShop(t.db, { cod_cidade: far.cod_cidade });
    const both = await createUser(t.db, {
      cod_cidade: s.city.cod_cidade,
      parceiro: true,
      estabelecimentos: [s.shop.id_estabelecimento, farShop.id_estabelecimento],
    });
    const res = await h.byId(s, stranger!, await sessionFor(t.db, both.id_usuario));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('partners see recipients as the search shows them, never a balance; admins see what they saw', async () => {
    const s = await createSellingShop(t.db, ['Maria da Silva Santos', 'Xuxa', 'Conta Da Entidade']);
    const [maria, xuxa, conta] = s.people as [number, number, number];
    await t.db
      .insertInto('entidades')
      .values({
        cod_cidade: s.city.cod_cidade,
        nome: 'Associação Amparo',
        cnpj: '11.222.333/0001-81',
        causa: 'amparo',
        id_usuario: conta,
        criado_em: new Date().toISOString(),
        atualizado_em: new Date().toISOString(),
      })
      .execute();
    const key = await h.keyOf(s);
    const shown: Record<number, string> = {
      [maria]: 'Maria S.',
      [xuxa]: 'Xuxa',
      [conta]: 'Associação Amparo',
    };
    const ids: number[] = [];
    for (const [person, name] of Object.entries(shown)) {
      for (const token of [s.token, key]) {
        const res = await h.byId(s, Number(person), token);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().venda.nomeusuarios).toBe(name);
        expect(res.json()).not.toHaveProperty('saldo');
        ids.push(res.json().venda.id_venda);
        const one = await t.app.inject({
          url: `/v1/parceiro/vendas/${s.shop.id_estabelecimento}/${res.json().venda.id_venda}`,
          headers: bearer(token),
        });
        expect(one.json().nomeusuarios).toBe(name);
      }
    }
    for (const token of [s.token, key]) {
      const list = await t.app.inject({
        url: `/v1/parceiro/vendas?id_estabelecimento=${s.shop.id_estabelecimento}&limite=100`,
        headers: bearer(token),
      });
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain('Silva');
      expect(list.body).not.toContain('Conta Da Entidade');
      for (const v of list.json<{ id_usuario: number; nomeusuarios: string }[]>())
        expect(v.nomeusuarios).toBe(shown[v.id_usuario]);
    }
    // The admin of the city keeps the whole name.
    const admin = await createUser(t.db, { cod_cidade: s.city.cod_cidade, admin: true });
    const asAdmin = await t.app.inject({
      url: `/v1/parceiro/vendas/${s.shop.id_estabelecimento}/${ids[0]}`,
      headers: bearer(await sessionFor(t.db, admin.id_usuario)),
    });
    expect(asAdmin.json().nomeusuarios).toBe('Maria da Silva Santos');
  });
});

describe('look-ups of people through sales count against the partner’s search limits (issue 52)', () => {
  const t = useTestApp({ BUSCA_CLIENTE_RATE_MAX: '5', BUSCA_CLIENTE_DIA_MAX: '1000' });
  const h = helpers(t);

  it('searches, sales by id and by CPF, by session or by any key, share one count per partner; a QR sale is no look-up', async () => {
    const s = await createSellingShop(t.db, ['Cliente Um']);
    const [k1, k2] = [await h.keyOf(s), await h.keyOf(s)];
    const search = await t.app.inject({
      url: '/v1/parceiro/usuarios?nome=cliente',
      headers: bearer(s.token),
    });
    expect(search.statusCode).toBe(200);
    expect((await h.byId(s, s.people[0]!, k1)).statusCode).toBe(201);
    expect((await h.byCpf(s, newCpf(), k2)).statusCode).toBe(201);
    expect((await h.byId(s, s.people[0]!)).statusCode).toBe(201);
    expect((await h.byCpf(s, newCpf(), k1)).statusCode).toBe(201);
    const sales = await countRows(t.db, 'vendas');
    for (const over of [
      await h.byCpf(s, newCpf(), k2),
      await h.byId(s, s.people[0]!),
      await t.app.inject({ url: '/v1/parceiro/usuarios?nome=cliente', headers: bearer(s.token) }),
    ]) {
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ erro: MSG.muitasTentativas });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await countRows(t.db, 'vendas')).toBe(sales);
    // A sale handed over by QR code names nobody: not counted.
    const { id_usuario: _none, ...qr } = s.sale('QR-1', -1, 10);
    expect((await h.post(k1, { ...qr, qrcode: true })).statusCode).toBe(201);
    // Another partner has its own count.
    const other = await createSellingShop(t.db, []);
    expect((await h.byCpf(other, newCpf())).statusCode).toBe(201);
  });

  it('parallel sales cannot pass the limit', async () => {
    const s = await createSellingShop(t.db, ['Cliente Dois']);
    const key = await h.keyOf(s);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        i % 2 ? h.byCpf(s, newCpf(), i % 4 === 1 ? key : s.token) : h.byId(s, s.people[0]!, key),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(11);
    const written = await t.db
      .selectFrom('vendas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id_estabelecimento', '=', s.shop.id_estabelecimento)
      .executeTakeFirstOrThrow();
    expect(Number(written.n)).toBe(5);
  });
});

describe('the daily cap of look-ups, BUSCA_CLIENTE_DIA_MAX (issue 52)', () => {
  const t = useTestApp({ BUSCA_CLIENTE_RATE_MAX: '1000', BUSCA_CLIENTE_DIA_MAX: '4' });
  const h = helpers(t);

  it('refuses the look-ups of the day past the cap with 429 and its own text, in parallel too', async () => {
    const s = await createSellingShop(t.db, ['Cliente Tres']);
    const key = await h.keyOf(s);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? h.byCpf(s, newCpf(), key) : h.byId(s, s.people[0]!))),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(4);
    for (const r of answers.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(429);
      expect(r.json()).toEqual({ erro: MSG_VENDA.limiteBuscasDia });
    }
    const search = await t.app.inject({
      url: '/v1/parceiro/usuarios?nome=cliente',
      headers: bearer(s.token),
    });
    expect(search.statusCode).toBe(429);
  });
});
