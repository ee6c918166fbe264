import sharp from 'sharp';
import { MSG, MSG_ADMIN, MSG_CONTA, MSG_ENTIDADE } from '@praca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  countRows,
  createCampaign,
  createCity,
  createEntity,
  createSellingShop,
  createUser,
  LOGIN_PATHS,
  day,
  newCnpj,
  sessionFor,
} from './factories.js';
import { createTestApp, type TestApp } from './helper.js';
import { codeFrom, startSmtp, type TestSmtp } from './smtp.js';
import { setClock } from '../src/lib/clock.js';
import { clientPasswordHash } from '../src/lib/crypto.js';

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
    // Issue 51: a welcome, not a password-reset e-mail.
    expect(mail.text).toContain('/definirsenha?code=');
    expect(mail.text).not.toContain('redefinir');

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

  describe('the welcome e-mail of a new entity (issue 51)', () => {
    const DAY = 86_400_000;
    const T0 = new Date('2026-12-01T12:00:00.000Z');
    const senha = clientPasswordHash('NovaSenha#2026');
    afterAll(() => setClock(null));

    /** An entity registered at `at`, and the welcome e-mail its account got. */
    async function registered(at: Date = T0) {
      setClock(at);
      const city = await createCity(t.db, { cidade: 'Vila Esperança', uf: 'MG' });
      const admin = await createUser(t.db, { cod_cidade: city.cod_cidade, admin: true });
      const token = await sessionFor(t.db, admin.id_usuario);
      const email = `boasvindas.${Date.now()}.${Math.random().toString(36).slice(2)}@entidade.org`;
      const res = await post('/v1/adm/entidades', token, {
        nome: 'Casa do Caminho',
        cnpj: newCnpj().replace(/\D/g, ''),
        causa: 'Crianças',
        cod_cidade: city.cod_cidade,
        email,
      });
      expect(res.statusCode, res.body).toBe(201);
      await t.app.jobs.idle();
      const mail = await smtp.waitFor(email);
      return { email, mail, code: codeFrom(mail.text, 'definirsenha') };
    }
    const define = (code: string) =>
      post('/v1/usuarios/definirsenha', undefined, { code, senha, senha2: senha });
    const reset = (code: string) =>
      post('/v1/usuarios/redefinirsenha', undefined, { code, senha, senha2: senha });
    const login = (email: string) =>
      t.app.inject({ method: 'POST', url: LOGIN_PATHS.consumidor, payload: { email, senha } });

    it('welcomes the entity by name and city, with a link to set its password valid 7 days', async () => {
      const { mail, code } = await registered();
      expect(mail.subject).toMatch(/boas-vindas/i);
      expect(mail.text.split('\n').find((l) => l.startsWith('Sua entidade'))).toMatch(
        /^Sua entidade foi cadastrada no Praça.*Vila Esperança\/MG.*Casa do Caminho/,
      );
      expect(mail.text).toContain('7 dias');
      expect(mail.text).not.toMatch(/redefinir|ignore este e-mail/i);
      expect(mail.html).toContain(`/definirsenha?code=${code}`);
    });

    it('is valid at 7 days less a minute, once; then the account logs in with the password', async () => {
      const { email, code } = await registered();
      setClock(new Date(T0.getTime() + 7 * DAY - 60_000));
      const res = await define(code);
      expect(res.statusCode, res.body).toBe(202);
      expect((await login(email)).statusCode).toBe(200);
      const again = await define(code);
      expect(again.statusCode).toBe(400);
      expect(again.json().erro).toBe(MSG_CONTA.codigoUsado);
    });

    it('is refused after 7 days', async () => {
      const { code } = await registered();
      setClock(new Date(T0.getTime() + 7 * DAY + 1));
      const res = await define(code);
      expect(res.statusCode).toBe(400);
      expect(res.json().erro).toBe(MSG_CONTA.codigoExpirado);
    });

    it('dies once the password is set another way (a reset link)', async () => {
      const { email, code } = await registered();
      await post('/v1/usuarios/solicitatrocasenha', undefined, { email });
      await t.app.jobs.idle();
      const resetCode = codeFrom((await smtp.waitFor(email)).text, 'redefinirsenha');
      expect((await reset(resetCode)).statusCode).toBe(202);
      const res = await define(code);
      expect(res.statusCode).toBe(400);
      expect(res.json().erro).toBe(MSG_CONTA.codigoUsado);
    });

    it('a welcome code is no reset code, and a reset code no welcome code', async () => {
      const { email, code } = await registered();
      const asReset = await reset(code);
      expect(asReset.statusCode).toBe(400);
      expect(asReset.json().erro).toBe(MSG_CONTA.codigoInvalido);
      await post('/v1/usuarios/solicitatrocasenha', undefined, { email });
      await t.app.jobs.idle();
      const resetCode = codeFrom((await smtp.waitFor(email)).text, 'redefinirsenha');
      const asWelcome = await define(resetCode);
      expect(asWelcome.statusCode).toBe(400);
      expect(asWelcome.json().erro).toBe(MSG_CONTA.codigoInvalido);
      // Neither attempt used the welcome code up.
      expect((await define(code)).statusCode).toBe(202);
    });
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

    // Issue 51: the resident's coupon answers say which coupons went to the entity.
    const doadoPara = async (token: string) => {
      const cupons = await t.app.inject({
        method: 'GET',
        url: `/v1/usuarios/cupons?cod_cidade=${s.city.cod_cidade}`,
        headers: bearer(token),
      });
      expect(cupons.statusCode, cupons.body).toBe(200);
      const numeros = await t.app.inject({
        method: 'GET',
        url: '/v1/usuarios/numeros',
        headers: bearer(token),
      });
      expect(numeros.statusCode, numeros.body).toBe(200);
      return {
        cupons: (cupons.json() as { cupons: { doado_para: string | null }[] }[])[0]!.cupons.map(
          (c) => c.doado_para,
        ),
        numeros: (numeros.json() as { numeros: { doado_para: string | null }[] }[])[0]!.numeros.map(
          (n) => n.doado_para,
        ),
      };
    };
    const everything = Array<string>(5).fill('Abrigo Esperança');
    expect(await doadoPara(anaToken)).toEqual({ cupons: everything, numeros: everything });
    // Bruno's 2 coupons from before 'futuros' stay his (null); the one after is the entity's.
    const brunos = [null, null, 'Abrigo Esperança'];
    expect(await doadoPara(brunoToken)).toEqual({ cupons: brunos, numeros: brunos });
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

  describe('the admin lists and edits its city’s entities', () => {
    const patch = (id: number | string, token: string | undefined, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/adm/entidades/${id}`,
        headers: token ? bearer(token) : {},
        payload,
      });
    const stored = (id: number) =>
      t.db.selectFrom('entidades').selectAll().where('id_entidade', '=', id).executeTakeFirstOrThrow();
    const auditOf = (id: number) =>
      t.db
        .selectFrom('auditoria')
        .select(['acao', 'id_usuario', 'antes', 'depois'])
        .where('entidade', '=', 'entidade')
        .where('id_entidade', '=', String(id))
        .where('acao', '=', 'alterar')
        .orderBy('id')
        .execute();
    const adminOf = async (cod_cidade: number) =>
      sessionFor(t.db, (await createUser(t.db, { cod_cidade, admin: true })).id_usuario);

    it('lists the city’s entities with their account’s e-mail, only to the city’s admins', async () => {
      const city = await createCity(t.db);
      const other = await createCity(t.db);
      const b = await createEntity(t.db, city.cod_cidade, 'Bem Viver');
      const a = await createEntity(t.db, city.cod_cidade, 'Amparo');
      await createEntity(t.db, other.cod_cidade, 'De Fora');
      const token = await adminOf(city.cod_cidade);
      const list = (query: string, who: string | undefined) =>
        t.app.inject({ url: `/v1/adm/entidades${query}`, headers: who ? bearer(who) : {} });
      for (const query of ['', `?cod_cidade=${city.cod_cidade}`]) {
        const res = await list(query, token);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual([
          expect.objectContaining({
            id_entidade: a.id_entidade,
            nome: 'Amparo',
            cod_cidade: city.cod_cidade,
            email: a.account.email,
          }),
          expect.objectContaining({ id_entidade: b.id_entidade, nome: 'Bem Viver', email: b.account.email }),
        ]);
      }
      expect((await list(`?cod_cidade=${other.cod_cidade}`, token)).statusCode).toBe(403);
      const consumer = await createUser(t.db, { cod_cidade: city.cod_cidade });
      expect((await list('', await sessionFor(t.db, consumer.id_usuario))).statusCode).toBe(403);
      expect((await list('', undefined)).statusCode).toBe(401);
    });

    it('changes the fields sent, audited with the values before and after; the public list shows them', async () => {
      const city = await createCity(t.db);
      const entity = await createEntity(t.db, city.cod_cidade, 'Casa Aberta');
      const admin = await createUser(t.db, { cod_cidade: city.cod_cidade, admin: true });
      const token = await sessionFor(t.db, admin.id_usuario);
      const before = await stored(entity.id_entidade);

      // The logo goes up to the image service like any admin picture, and the PATCH stores its path.
      const png = (
        await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2e86c1' } })
          .png()
          .toBuffer()
      ).toString('base64');
      const upload = await post('/img/imglog/post_img.php', token, {
        nomearq: 'logo.png',
        conteudo: png,
        largura: 128,
        altura: 128,
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const { caminho, url } = upload.json<{ caminho: string; url: string }>();

      const res = await patch(entity.id_entidade, token, {
        causa: '  Moradores de rua ',
        logo: url,
        contato: '(13) 99999-0000',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id_entidade: entity.id_entidade,
        cod_cidade: city.cod_cidade,
        nome: 'Casa Aberta',
        cnpj: before.cnpj,
        causa: 'Moradores de rua',
        logo: caminho,
        contato: '(13) 99999-0000',
        email: entity.account.email,
      });
      const after = await stored(entity.id_entidade);
      expect(after).toMatchObject({ causa: 'Moradores de rua', logo: caminho, nome: 'Casa Aberta' });
      expect(after.atualizado_em > before.atualizado_em).toBe(true);

      const [entry] = await auditOf(entity.id_entidade);
      expect(entry.id_usuario).toBe(admin.id_usuario);
      expect(JSON.parse(entry.antes!)).toMatchObject({ causa: before.causa, logo: '', contato: '' });
      expect(JSON.parse(entry.depois!)).toMatchObject({
        causa: 'Moradores de rua',
        logo: caminho,
        contato: '(13) 99999-0000',
      });

      const pub = await t.app.inject({ url: `/v1/entidades?cod_cidade=${city.cod_cidade}` });
      expect(pub.json()).toEqual([
        expect.objectContaining({
          id_entidade: entity.id_entidade,
          causa: 'Moradores de rua',
          logo: caminho,
        }),
      ]);

      // A new name and CNPJ (digits only: stored formatted); the entity's account takes the name.
      const cnpj = newCnpj();
      const renamed = await patch(entity.id_entidade, token, {
        nome: 'Casa Aberta Santos',
        cnpj: cnpj.replace(/\D/g, ''),
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(await stored(entity.id_entidade)).toMatchObject({
        nome: 'Casa Aberta Santos',
        cnpj,
        causa: 'Moradores de rua',
      });
      const account = await t.db
        .selectFrom('usuarios')
        .select('nome')
        .where('id_usuario', '=', entity.account.id_usuario)
        .executeTakeFirstOrThrow();
      expect(account.nome).toBe('Casa Aberta Santos');
      // Its own CNPJ again is no conflict; removing the logo stores ''.
      const same = await patch(entity.id_entidade, token, { cnpj, logo: '' });
      expect(same.statusCode, same.body).toBe(200);
      expect((await stored(entity.id_entidade)).logo).toBe('');
      expect(await auditOf(entity.id_entidade)).toHaveLength(3);

      // The super-admin edits any city's entity.
      const superadmin = await createUser(t.db, { superadmin: true, admin: true });
      const bySuper = await patch(entity.id_entidade, await sessionFor(t.db, superadmin.id_usuario), {
        causa: 'População em situação de rua',
      });
      expect(bySuper.statusCode, bySuper.body).toBe(200);
    });

    it('refuses bad input 400, another city’s admin 403, an unknown entity 404 and a CNPJ in use 409, changing nothing', async () => {
      const city = await createCity(t.db);
      const other = await createCity(t.db);
      const entity = await createEntity(t.db, city.cod_cidade);
      const sibling = await createEntity(t.db, city.cod_cidade);
      const elsewhere = await createEntity(t.db, other.cod_cidade);
      const token = await adminOf(city.cod_cidade);
      const before = await stored(entity.id_entidade);
      const audits = await countRows(t.db, 'auditoria');

      for (const [body, message] of [
        [{ cnpj: '11.111.111/1111-11' }, MSG_ADMIN.cnpjInvalido],
        [{ cnpj: '' }, MSG_ADMIN.cnpjInvalido],
        [{ nome: '  ' }, MSG_ENTIDADE.nomeObrigatorio],
        [{ causa: '' }, MSG_ENTIDADE.causaObrigatoria],
        [{ causa: 'x'.repeat(201) }, 'Use no máximo 200 caracteres'],
        [{ contato: 'x'.repeat(201) }, MSG_ENTIDADE.contatoLongo],
        [{ logo: '/etc/passwd' }, MSG_ADMIN.caminhoImagemInvalido],
        [{ logo: 'javascript:alert(1)' }, MSG_ADMIN.caminhoImagemInvalido],
        [{}, MSG_ENTIDADE.nadaAlterar],
      ] as const) {
        const res = await patch(entity.id_entidade, token, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().erro, JSON.stringify(body)).toContain(message);
      }
      expect((await patch('abc', token, { causa: 'Idosos' })).statusCode).toBe(400);

      const forbidden = await patch(elsewhere.id_entidade, token, { causa: 'Idosos' });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().erro).toBe(MSG_ADMIN.outraCidade);
      const unknown = await patch(99_999_999, token, { causa: 'Idosos' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().erro).toBe(MSG_ENTIDADE.entidadeNaoEncontrada);
      const consumer = await createUser(t.db, { cod_cidade: city.cod_cidade });
      expect(
        (await patch(entity.id_entidade, await sessionFor(t.db, consumer.id_usuario), { causa: 'x' }))
          .statusCode,
      ).toBe(403);
      expect((await patch(entity.id_entidade, undefined, { causa: 'x' })).statusCode).toBe(401);

      const siblingCnpj = (await stored(sibling.id_entidade)).cnpj;
      const taken = await patch(entity.id_entidade, token, { cnpj: siblingCnpj, causa: 'Idosos' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().erro).toBe(MSG_ENTIDADE.cnpjEmUso);
      // Another city's entity may have the same CNPJ as one of this city (the rule is per city).
      const farCnpj = (await stored(elsewhere.id_entidade)).cnpj;
      expect((await patch(sibling.id_entidade, token, { cnpj: farCnpj })).statusCode).toBe(200);

      expect(await stored(entity.id_entidade)).toEqual(before);
      expect(await countRows(t.db, 'auditoria')).toBe(audits + 1);
    });
  });
});
