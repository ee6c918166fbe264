import { MSG, MSG_ADMIN, MSG_ENTIDADE } from '@praca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  countRows,
  createCampaign,
  createCity,
  createEntity,
  createSellingShop,
  createUser,
  day,
  newCnpj,
  sessionFor,
} from './factories.js';
import { createTestApp, type TestApp } from './helper.js';
import { startSmtp, type TestSmtp } from './smtp.js';

describe('social entities and gifts of coupons (issue 40)', () => {
  const t = {} as TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    Object.assign(t, await createTestApp({ SMTP_URL: smtp.url }));
  });
  afterAll(async () => {
    await t.close?.();
    await smtp?.close();
  });

  const post = (url: string, token: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });

  it('an admin registers an entity of its city with its account, audited; the account gets the e-mail to set its password', async () => {
    const city = await createCity(t.db);
    const admin = await createUser(t.db, { cod_cidade: city.cod_cidade, admin: true });
    const token = await sessionFor(t.db, admin.id_usuario);
    const email = `lar.${Date.now()}@entidade.org`;
    const cnpj = newCnpj();
    const body = {
      nome: 'Lar dos Idosos',
      cnpj: cnpj.replace(/\D/g, ''),
      causa: 'Idosos',
      cod_cidade: city.cod_cidade,
      email,
    };
    const res = await post('/v1/adm/entidades', token, body);
    expect(res.statusCode, res.body).toBe(201);
    const { id_entidade } = res.json();
    const row = await t.db
      .selectFrom('entidades')
      .selectAll()
      .where('id_entidade', '=', id_entidade)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ nome: 'Lar dos Idosos', cnpj, causa: 'Idosos', cod_cidade: city.cod_cidade });
    const account = await t.db
      .selectFrom('usuarios')
      .selectAll()
      .where('id_usuario', '=', row.id_usuario)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      email,
      nome: 'Lar dos Idosos',
      senha_hash: null,
      parceiro: 0,
      admin: 0,
      superadmin: 0,
    });
    const audit = await t.db
      .selectFrom('auditoria')
      .select(['acao', 'entidade', 'id_entidade'])
      .where('entidade', '=', 'entidade')
      .where('id_entidade', '=', String(id_entidade))
      .execute();
    expect(audit).toEqual([{ acao: 'criar', entidade: 'entidade', id_entidade: String(id_entidade) }]);
    await t.app.jobs.idle();
    const mail = await smtp.waitFor(email);
    expect(mail.text).toContain('redefinirsenha');

    // The same CNPJ in the city, or the e-mail again: 409 and nothing stored.
    const before = await countRows(t.db, 'entidades');
    const users = await countRows(t.db, 'usuarios');
    const again = await post('/v1/adm/entidades', token, { ...body, email: `outro.${email}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().erro).toBe(MSG_ENTIDADE.cnpjEmUso);
    const sameMail = await post('/v1/adm/entidades', token, { ...body, cnpj: newCnpj() });
    expect(sameMail.statusCode).toBe(409);
    expect(sameMail.json().erro).toBe(MSG.emailEmUso);
    expect(await countRows(t.db, 'entidades')).toBe(before);
    expect(await countRows(t.db, 'usuarios')).toBe(users);
  });

  it('refuses bad input with 400 and another city with 403, storing nothing', async () => {
    const city = await createCity(t.db);
    const other = await createCity(t.db);
    const admin = await createUser(t.db, { cod_cidade: city.cod_cidade, admin: true });
    const token = await sessionFor(t.db, admin.id_usuario);
    const ok = {
      nome: 'Casa',
      cnpj: newCnpj(),
      causa: 'Crianças',
      cod_cidade: city.cod_cidade,
      email: `c.${Date.now()}@x.org`,
    };
    const before = await countRows(t.db, 'entidades');
    for (const [over, message] of [
      [{ cnpj: '11.111.111/1111-11' }, MSG_ADMIN.cnpjInvalido],
      [{ cnpj: '' }, MSG_ADMIN.cnpjInvalido],
      [{ nome: '  ' }, MSG_ENTIDADE.nomeObrigatorio],
      [{ causa: '' }, MSG_ENTIDADE.causaObrigatoria],
      [{ email: 'nao-e-email' }, MSG_ENTIDADE.emailInvalido],
    ] as const) {
      const res = await post('/v1/adm/entidades', token, { ...ok, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().erro).toContain(message);
    }
    expect((await post('/v1/adm/entidades', token, { ...ok, cod_cidade: other.cod_cidade })).statusCode).toBe(
      403,
    );
    expect(await countRows(t.db, 'entidades')).toBe(before);
  });

  it("a resident gives 'todos' or 'futuros'; the public list counts exactly the coupons the entity holds", async () => {
    const s = await createSellingShop(t.db, ['Ana', 'Bruno']);
    const [ana, bruno] = s.people;
    const entity = await createEntity(t.db, s.city.cod_cidade, 'Abrigo Esperança');
    const sell = async (numero: string, id_usuario: number, valor: number) => {
      const res = await post('/v1/parceiro/vendas/', s.token, s.sale(numero, id_usuario, valor));
      expect(res.statusCode, res.body).toBe(201);
    };
    // Ana: 3 coupons before her gift of everything, 2 after. Bruno: 2 before 'futuros', 1 after.
    await sell('E1', ana, 300);
    await sell('E2', bruno, 200);
    const anaToken = await sessionFor(t.db, ana);
    const brunoToken = await sessionFor(t.db, bruno);
    const gift = await post('/v1/usuarios/doacoes', anaToken, {
      id_campanha: s.id_campanha,
      id_entidade: entity.id_entidade,
      modo: 'todos',
    });
    expect(gift.statusCode, gift.body).toBe(201);
    expect(gift.json()).toMatchObject({
      id_entidade: entity.id_entidade,
      nome_entidade: 'Abrigo Esperança',
      modo: 'todos',
      cupons: 3,
    });
    const later = await post('/v1/usuarios/doacoes', brunoToken, {
      id_campanha: s.id_campanha,
      id_entidade: entity.id_entidade,
      modo: 'futuros',
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().cupons).toBe(0);
    await sell('E3', ana, 200);
    await sell('E4', bruno, 100);

    const list = await t.app.inject({ method: 'GET', url: `/v1/entidades?cod_cidade=${s.city.cod_cidade}` });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id_entidade: entity.id_entidade,
        nome: 'Abrigo Esperança',
        cupons: 6,
        campanhas: [{ id_campanha: s.id_campanha, den_campanha: expect.any(String), cupons: 6 }],
        premios: [],
      }),
    ]);
    // The ledger did not move: each earner's balance still counts every coupon they earned.
    const balances = await t.db
      .selectFrom('saldos')
      .select(['id_usuario', 'cupons'])
      .where('id_campanha', '=', s.id_campanha)
      .orderBy('id_usuario')
      .execute();
    expect(balances.map((b) => Number(b.cupons))).toEqual([5, 3]);
    // Each resident reads their own gift.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/v1/usuarios/doacoes',
      headers: bearer(brunoToken),
    });
    expect(mine.json()).toEqual([
      expect.objectContaining({ id_campanha: s.id_campanha, modo: 'futuros', cupons: 1 }),
    ]);
    // The entity's account reads what it holds.
    const own = await t.app.inject({
      method: 'GET',
      url: '/v1/entidades/minha',
      headers: bearer(await sessionFor(t.db, entity.account.id_usuario)),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id_entidade: entity.id_entidade, cupons: 6 });
  });

  it('a gift is final, within the campaign’s city, while it runs; an entity gives nothing', async () => {
    const s = await createSellingShop(t.db, ['Carla']);
    const [carla] = s.people;
    const token = await sessionFor(t.db, carla);
    const entity = await createEntity(t.db, s.city.cod_cidade);
    const far = await createEntity(t.db, (await createCity(t.db)).cod_cidade);
    const ended = await createCampaign(t.db, {
      cod_cidade: s.city.cod_cidade,
      validade_ini: day(-30),
      validade_fim: day(-1),
      lojas: [{ id_estabelecimento: s.shop.id_estabelecimento }],
    });
    const give = (over: Record<string, unknown>, who = token) =>
      post('/v1/usuarios/doacoes', who, {
        id_campanha: s.id_campanha,
        id_entidade: entity.id_entidade,
        modo: 'todos',
        ...over,
      });
    const before = await countRows(t.db, 'doacoes');
    expect((await give({ modo: 'metade' })).statusCode).toBe(400);
    expect((await give({ id_entidade: 999999 })).statusCode).toBe(404);
    expect((await give({ id_campanha: 999999 })).statusCode).toBe(404);
    const otherCity = await give({ id_entidade: far.id_entidade });
    expect(otherCity.statusCode).toBe(400);
    expect(otherCity.json().erro).toBe(MSG_ENTIDADE.outraCidade);
    const late = await give({ id_campanha: ended.id_campanha });
    expect(late.statusCode).toBe(409);
    expect(late.json().erro).toBe(MSG_ENTIDADE.campanhaEncerrada);
    const byEntity = await give({}, await sessionFor(t.db, entity.account.id_usuario));
    expect(byEntity.statusCode).toBe(403);
    expect((await post('/v1/usuarios/doacoes', undefined, {})).statusCode).toBe(401);
    expect(await countRows(t.db, 'doacoes')).toBe(before);

    // Two gifts at once: one wins, the other is 409.
    const both = await Promise.all([give({}), give({ modo: 'futuros' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await give({})).json().erro).toBe(MSG_ENTIDADE.doacaoJaFeita);
    expect(await countRows(t.db, 'doacoes')).toBe(before + 1);
  });
});
