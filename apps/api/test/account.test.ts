import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import Fastify from 'fastify';
import { EXPORT_SECTIONS, MSG, MSG_CONTA, RESET_CODE_LENGTH } from '@praca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPasswordHash, sha256Hex } from '../src/lib/crypto.js';
import { createMailer, type Mailer, type MailMessage } from '../src/lib/mailer.js';
import { salesOf } from '../src/modules/account/export.js';
import { addToRating } from '../src/modules/establishments/repository.js';
import {
  CLIENT_PASSWORD,
  LOGIN_PATHS,
  bearer,
  createCampaign,
  createCity,
  createShop,
  createUser,
  createWinner,
  day,
  login,
  sessionFor,
} from './factories.js';
import { createTestApp, dialect, queryPlan, type TestApp } from './helper.js';
import { codeFrom, startSmtp, type TestSmtp } from './smtp.js';

const PUBLIC_URL = 'http://praca.test';
const NEW_PASSWORD = clientPasswordHash('nova-senha-456');

let ipSeq = 0;
/** A different caller address per request, so the per-address reset limit stays out of the way. */
const freshIp = () => `10.${dialect === 'sqlite' ? 1 : 2}.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describe('account life cycle (issue 9)', () => {
  const t = {} as TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    Object.assign(
      t,
      await createTestApp({
        SMTP_URL: smtp.url,
        PUBLIC_URL,
        RESET_RATE_MAX_EMAIL: '3',
        RESET_RATE_MAX_IP: '5',
        SENHA_RATE_MAX: '3',
      }),
    );
  });
  afterAll(async () => {
    await t.close?.();
    await smtp?.close();
  });

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const send = (method: 'POST' | 'PATCH', url: string, payload: object, token?: string, ip = '127.0.0.1') =>
    t.app.inject({ method, url, payload, headers: token ? bearer(token) : {}, remoteAddress: ip });
  const requestReset = (email: string, ip = freshIp()) =>
    send('POST', '/v1/usuarios/solicitatrocasenha', { email, telefone: '' }, undefined, ip);
  const redefine = (code: string, senha = NEW_PASSWORD, senha2 = senha) =>
    send('POST', '/v1/usuarios/redefinirsenha', { code, senha, senha2 });
  const removal = (code: string, senha = CLIENT_PASSWORD, senha2 = senha, token?: string) =>
    send('POST', '/v1/usuarios/remocaousuario', { code, senha, senha2 }, token);
  const loginStatus = async (email: string, senha: string) =>
    (await send('POST', LOGIN_PATHS.consumidor, { email, senha })).statusCode;

  /** Asks for a reset and reads the code out of the e-mail (text and HTML carry the same link). */
  async function resetCode(email: string): Promise<string> {
    const res = await requestReset(email);
    expect(res.statusCode, res.body).toBe(202);
    const mail = await smtp.waitFor(email);
    const code = codeFrom(mail.text, 'redefinirsenha');
    expect(codeFrom(mail.html, 'redefinirsenha')).toBe(code);
    return code;
  }

  describe('profile', () => {
    it("GET /v1/usuarios/{id} answers one's own profile as a list; another id is 403; no session 401", async () => {
      const me = await createUser(t.db, { nome: 'Perfil Próprio' });
      const other = await createUser(t.db);
      const token = await sessionFor(t.db, me.id_usuario);

      const res = await get(`/v1/usuarios/${me.id_usuario}`, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([
        { nome: 'Perfil Próprio', email: me.email, whatsup: '', cpf_situacao: '' },
      ]);

      const forbidden = await get(`/v1/usuarios/${other.id_usuario}`, token);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ erro: MSG.semPermissao });

      expect((await get(`/v1/usuarios/${me.id_usuario}`)).statusCode).toBe(401);
      expect((await get('/v1/usuarios/abc', token)).statusCode).toBe(404);
    });

    it('PATCH /v1/usuarios saves name and phone (digits), ignores the e-mail; a bad phone is 400 and stores nothing', async () => {
      const me = await createUser(t.db, { nome: 'Antes Nome' });
      const token = await sessionFor(t.db, me.id_usuario);

      const ok = await send(
        'PATCH',
        '/v1/usuarios',
        { nome: '  Depois Nome ', email: 'outro@exemplo.com', whatsup: '(11) 98765-4321' },
        token,
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({
        nome: 'Depois Nome',
        email: me.email,
        whatsup: '11987654321',
        cpf_situacao: '',
      });

      const bad = await send(
        'PATCH',
        '/v1/usuarios',
        { nome: 'Outro Nome', email: me.email, whatsup: '123' },
        token,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ erro: MSG_CONTA.whatsInvalido });
      expect(bad.json().erro).toBe('numero do WhatApp invalido!');

      const row = await t.db
        .selectFrom('usuarios')
        .select(['nome', 'email', 'whatsup'])
        .where('id_usuario', '=', me.id_usuario)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ nome: 'Depois Nome', email: me.email, whatsup: '11987654321' });

      // A phone left out stays as stored; an empty one clears it.
      const nameOnly = await send('PATCH', '/v1/usuarios', { nome: 'Só o Nome' }, token);
      expect(nameOnly.statusCode, nameOnly.body).toBe(200);
      expect(nameOnly.json()).toEqual({
        nome: 'Só o Nome',
        email: me.email,
        whatsup: '11987654321',
        cpf_situacao: '',
      });
      const cleared = await send('PATCH', '/v1/usuarios', { nome: 'Só o Nome', whatsup: '' }, token);
      expect(cleared.json()).toEqual({ nome: 'Só o Nome', email: me.email, whatsup: '', cpf_situacao: '' });
    });
  });

  describe('password change', () => {
    it('needs the right current password; ends every session, the current one too, and answers a new one', async () => {
      const me = await createUser(t.db);
      const current = await login(t.app, me);
      const other = await login(t.app, me);
      const url = '/v1/adm/usuarios/trocasenha';

      const wrong = await send(
        'POST',
        url,
        { email: me.email, senha: sha256Hex('errada'), novasenha: NEW_PASSWORD },
        current,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ erro: MSG_CONTA.senhaAtualErrada });

      const notMine = await send(
        'POST',
        url,
        { email: 'alguem@exemplo.com', senha: CLIENT_PASSWORD, novasenha: NEW_PASSWORD },
        current,
      );
      expect(notMine.statusCode).toBe(400);
      expect(notMine.json()).toEqual({ erro: MSG_CONTA.emailNaoEhSeu });
      expect(await loginStatus(me.email, CLIENT_PASSWORD)).toBe(200);

      const ok = await send(
        'POST',
        url,
        { email: me.email.toUpperCase(), senha: CLIENT_PASSWORD, novasenha: NEW_PASSWORD },
        current,
      );
      expect(ok.statusCode, ok.body).toBe(200);
      const answer = ok.json<{ ok: true; token: string }>();
      expect(answer).toEqual({ ok: true, token: expect.stringMatching(/^[A-Za-z0-9_-]{43,}$/) });
      expect([current, other]).not.toContain(answer.token);

      // Domain §3: a password change revokes the token; the caller goes on with the new one.
      expect((await get(`/v1/usuarios/${me.id_usuario}`, current)).statusCode).toBe(401);
      expect((await get(`/v1/usuarios/${me.id_usuario}`, other)).statusCode).toBe(401);
      expect((await get(`/v1/usuarios/${me.id_usuario}`, answer.token)).statusCode).toBe(200);
      expect(await loginStatus(me.email, CLIENT_PASSWORD)).toBe(401);
      expect(await loginStatus(me.email, NEW_PASSWORD)).toBe(200);
    });

    it('counts wrong current passwords: past the limit it answers 429', async () => {
      const me = await createUser(t.db);
      const token = await sessionFor(t.db, me.id_usuario);
      const url = '/v1/adm/usuarios/trocasenha';
      for (let i = 0; i < 3; i++) {
        const r = await send(
          'POST',
          url,
          { email: me.email, senha: sha256Hex(`x${i}`), novasenha: NEW_PASSWORD },
          token,
          freshIp(),
        );
        expect(r.statusCode).toBe(400);
      }
      // Counted per person: another address does not help.
      const blocked = await send(
        'POST',
        url,
        { email: me.email, senha: CLIENT_PASSWORD, novasenha: NEW_PASSWORD },
        token,
        freshIp(),
      );
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ erro: MSG.muitasTentativas });
      // Like every 429, it says when to try again (issue 37).
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('refuses a password that is not SHA-256 hex on change, reset and removal (400, Portuguese)', async () => {
      const me = await createUser(t.db);
      const token = await sessionFor(t.db, me.id_usuario);
      for (const bad of ['senha-em-claro', 'a'.repeat(63), 'z'.repeat(64), `${'a'.repeat(64)} `]) {
        const calls = [
          send(
            'POST',
            '/v1/adm/usuarios/trocasenha',
            { email: me.email, senha: bad, novasenha: NEW_PASSWORD },
            token,
          ),
          send(
            'POST',
            '/v1/adm/usuarios/trocasenha',
            { email: me.email, senha: CLIENT_PASSWORD, novasenha: bad },
            token,
          ),
          redefine('x'.repeat(RESET_CODE_LENGTH), bad),
          send(
            'POST',
            '/v1/usuarios/remocaousuario',
            { code: 'x'.repeat(RESET_CODE_LENGTH), senha: bad, senha2: bad },
            token,
          ),
        ];
        for (const res of await Promise.all(calls)) {
          expect(res.statusCode, bad).toBe(400);
          expect(res.json().erro, bad).toBe(MSG.senhaFormato);
        }
      }
      // Nothing changed: the old password still logs in.
      expect(await loginStatus(me.email, CLIENT_PASSWORD)).toBe(200);
    });
  });

  describe('password reset by e-mail', () => {
    it('answers 202 alike for registered and unknown addresses; only the registered one gets mail', async () => {
      const me = await createUser(t.db, { nome: 'Reset <Pessoa> & Cia' });
      const unknown = `ninguem.${Date.now()}@teste.praca`;

      const a = await requestReset(me.email.toUpperCase());
      const b = await requestReset(unknown);
      expect(a.statusCode).toBe(202);
      expect(b.statusCode).toBe(202);
      expect(a.body).toBe(b.body);
      expect(a.json()).toEqual({ ok: true });

      const mail = await smtp.waitFor(me.email);
      expect(mail.subject).toBe('Praça: redefinição de senha');
      expect(mail.from).toBe('nao-responda@praca.local');
      const code = codeFrom(mail.text, 'redefinirsenha');
      expect(code).toHaveLength(RESET_CODE_LENGTH);
      expect(code).toMatch(/^[A-Za-z0-9]{150}$/);
      expect(mail.text).toContain(`${PUBLIC_URL}/redefinirsenha?code=${code}`);
      expect(mail.html).toContain(`href="${PUBLIC_URL}/redefinirsenha?code=${code}"`);
      expect(mail.text).toContain(t.config.SUPPORT_EMAIL);
      expect(mail.text).toContain(t.config.SUPPORT_WHATSAPP);
      expect(mail.html).toContain('Reset &lt;Pessoa&gt; &amp; Cia');
      expect(mail.html).not.toContain('<Pessoa>');

      // Stored hashed, valid 60 minutes.
      const row = await t.db
        .selectFrom('codigos')
        .selectAll()
        .where('id_usuario', '=', me.id_usuario)
        .executeTakeFirstOrThrow();
      expect(row.codigo_hash).toBe(sha256Hex(code));
      expect(row.finalidade).toBe('reset');
      const ttl = Date.parse(row.expira_em) - Date.now();
      expect(ttl).toBeGreaterThan(58 * 60_000);
      expect(ttl).toBeLessThanOrEqual(60 * 60_000);

      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.to(unknown)).toHaveLength(0);
    });

    it("refuses a malformed address with 400 {erro}; a blank one is 'Digite seu email para solicitar uma nova senha'", async () => {
      for (const email of ['sem-arroba', 'a@', 'x'.repeat(250) + '@a.com']) {
        const res = await requestReset(email);
        expect(res.statusCode, email).toBe(400);
        expect(res.json()).toEqual({ erro: MSG_CONTA.emailInvalido });
      }
      for (const email of ['', '   ']) {
        const res = await requestReset(email);
        expect(res.statusCode, email).toBe(400);
        expect(res.json()).toEqual({ erro: 'Digite seu email para solicitar uma nova senha' });
      }
    });

    it('limits requests per address and per caller (429 {erro})', async () => {
      const email = `limite.${Date.now()}@teste.praca`;
      for (let i = 0; i < 3; i++) expect((await requestReset(email)).statusCode).toBe(202);
      const blocked = await requestReset(email);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ erro: MSG.muitasTentativas });

      const ip = '10.99.0.1';
      for (let i = 0; i < 5; i++)
        expect((await requestReset(`ip${i}.${Date.now()}@teste.praca`, ip)).statusCode).toBe(202);
      expect((await requestReset(`ip-ultimo.${Date.now()}@teste.praca`, ip)).statusCode).toBe(429);
    });

    it('the mailed code sets the password once, ends every session; reuse, 149/151 characters, unknown and mismatch fail', async () => {
      const me = await createUser(t.db);
      const s1 = await sessionFor(t.db, me.id_usuario);
      const s2 = await sessionFor(t.db, me.id_usuario);
      const code = await resetCode(me.email);

      const mismatch = await redefine(code, NEW_PASSWORD, sha256Hex('outra'));
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({ erro: 'Senha invalida!', msg: 'Senha invalida!' });

      for (const bad of [code.slice(0, 149), `${code}A`, `${code.slice(0, 149)}!`]) {
        const r = await redefine(bad);
        expect(r.statusCode, bad.length.toString()).toBe(400);
        expect(r.json()).toEqual({ erro: 'Invalido formato!', msg: 'Invalido formato!' });
      }
      // Well formed, but no such code.
      const unknown = await redefine('A'.repeat(150));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ erro: MSG_CONTA.codigoInvalido, msg: MSG_CONTA.codigoInvalido });

      const ok = await redefine(code);
      expect(ok.statusCode, ok.body).toBe(202);
      expect(ok.json()).toEqual({ ok: true });
      for (const s of [s1, s2]) expect((await get(`/v1/usuarios/${me.id_usuario}`, s)).statusCode).toBe(401);
      expect(await loginStatus(me.email, CLIENT_PASSWORD)).toBe(401);
      expect(await loginStatus(me.email, NEW_PASSWORD)).toBe(200);

      const again = await redefine(code, CLIENT_PASSWORD);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ erro: MSG_CONTA.codigoUsado, msg: MSG_CONTA.codigoUsado });
      expect(await loginStatus(me.email, NEW_PASSWORD)).toBe(200);

      const invalid = await redefine('', NEW_PASSWORD);
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().msg).toBe(MSG_CONTA.formatoInvalido);
      const missing = await send('POST', '/v1/usuarios/redefinirsenha', { code });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toHaveProperty('msg');
    });

    it('an expired code, and an older code once a newer one is asked for, answer codigoExpirado', async () => {
      const me = await createUser(t.db);
      const code = await resetCode(me.email);
      await t.db
        .updateTable('codigos')
        .set({ expira_em: new Date(Date.now() - 1000).toISOString() })
        .where('codigo_hash', '=', sha256Hex(code))
        .execute();
      const expired = await redefine(code);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ erro: MSG_CONTA.codigoExpirado, msg: MSG_CONTA.codigoExpirado });

      const older = await resetCode(me.email);
      const newer = await resetCode(me.email);
      expect(newer).not.toBe(older);
      expect((await redefine(older)).json().msg).toBe(MSG_CONTA.codigoExpirado);
      expect((await redefine(newer)).statusCode).toBe(202);
      expect(await loginStatus(me.email, NEW_PASSWORD)).toBe(200);
    });

    it('a reset code does not remove an account, nor a removal code reset a password', async () => {
      const me = await createUser(t.db);
      const code = await resetCode(me.email);
      const r = await removal(code);
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe(MSG_CONTA.codigoInvalido);
      expect((await redefine(code)).statusCode).toBe(202);
    });
  });

  describe('account removal', () => {
    it("the request needs the caller's own e-mail (400), then answers 201 and mails the link", async () => {
      const me = await createUser(t.db);
      const token = await sessionFor(t.db, me.id_usuario);
      const wrong = await send('POST', '/v1/usuarios/solicitaremocao', { email: 'outra@pessoa.com' }, token);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ erro: MSG_CONTA.emailNaoEhSeu });
      expect((await send('POST', '/v1/usuarios/solicitaremocao', { email: me.email })).statusCode).toBe(401);

      const ok = await send('POST', '/v1/usuarios/solicitaremocao', { email: me.email }, token);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json()).toEqual({ ok: true });
      const mail = await smtp.waitFor(me.email);
      expect(mail.subject).toBe('Praça: confirme a remoção do seu cadastro');
      const code = codeFrom(mail.text, 'remocaousuario');
      expect(code).toHaveLength(150);
      expect(mail.html).toContain(`href="${PUBLIC_URL}/remocaousuario?code=${code}"`);
    });

    it('counts wrong passwords at removal: past the limit 429 {erro, msg} with Retry-After', async () => {
      const me = await createUser(t.db);
      const token = await sessionFor(t.db, me.id_usuario);
      expect(
        (await send('POST', '/v1/usuarios/solicitaremocao', { email: me.email }, token)).statusCode,
      ).toBe(201);
      const code = codeFrom((await smtp.waitFor(me.email)).text, 'remocaousuario');
      const ip = freshIp();
      for (let i = 0; i < 3; i++) {
        const r = await send(
          'POST',
          '/v1/usuarios/remocaousuario',
          { code, senha: sha256Hex(`x${i}`), senha2: sha256Hex(`x${i}`) },
          token,
          ip,
        );
        expect(r.statusCode).toBe(400);
      }
      const blocked = await send(
        'POST',
        '/v1/usuarios/remocaousuario',
        { code, senha: CLIENT_PASSWORD, senha2: CLIENT_PASSWORD },
        token,
        ip,
      );
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ erro: MSG.muitasTentativas, msg: MSG.muitasTentativas });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('anonymises the person: no personal value left anywhere, campaign totals unchanged, login fails, the e-mail registers again', async () => {
      // A city, a shop in a campaign, a partner who registers sales.
      const city = await createCity(t.db);
      const shop = await createShop(t.db, { cod_cidade: city.cod_cidade });
      const { id_campanha } = await createCampaign(t.db, {
        cod_cidade: city.cod_cidade,
        lojas: [{ id_estabelecimento: shop.id_estabelecimento, fator_sorteio: 0.01 }],
      });
      const partner = await createUser(t.db, {
        cod_cidade: city.cod_cidade,
        parceiro: true,
        estabelecimentos: [shop.id_estabelecimento],
      });
      const partnerToken = await sessionFor(t.db, partner.id_usuario);

      const p = {
        nome: 'Zuleica Quintanilha Vasconcelos',
        email: `zuleica.quintanilha.${Date.now()}@exemplo.com.br`,
        whatsup: '11976543219',
        endereco: 'Rua das Acácias Floridas',
        numero: '742',
        complemento: 'Bloco Jacarandá 9',
        bairro: 'Vila Esperança Azul',
        cidade: 'Santos',
        uf: 'SP',
        cep: '01310930',
      };
      const reg = await send('POST', '/v1/usuarios/registro', {
        ...p,
        senha: CLIENT_PASSWORD,
        cod_cidade: city.cod_cidade,
      });
      expect(reg.statusCode, reg.body).toBe(201);
      const { id_usuario: id, token } = reg.json<{ id_usuario: number; token: string }>();
      const someoneElse = await createUser(t.db, { cod_cidade: city.cod_cidade });

      const sale = async (idUsuario: number, valor: number, n: string) => {
        const r = await send(
          'POST',
          '/v1/parceiro/vendas',
          {
            id_campanha,
            id_estabelecimento: shop.id_estabelecimento,
            id_usuario: idUsuario,
            dat_venda: day(-1),
            numero_venda: n,
            valor_venda: valor,
            id_vendedor: 99,
          },
          partnerToken,
        );
        expect(r.statusCode, r.body).toBe(201);
      };
      await sale(id, 350, `ZQ-1-${dialect}`);
      await sale(id, 220, `ZQ-2-${dialect}`);
      await sale(someoneElse.id_usuario, 130, `ZQ-3-${dialect}`);

      // Reviews (one approved, counted in the shop's rating), a notification, a push subscription.
      await t.db
        .insertInto('avaliacoes')
        .values({
          id_estabelecimento: shop.id_estabelecimento,
          id_usuario: id,
          nro_estrelas: 5,
          den_avaliacao: `Atendimento ótimo, ${p.nome}`,
          den_resposta: '',
          datahora: new Date().toISOString(),
          aprovado: 'S',
        })
        .execute();
      await addToRating(t.db, shop.id_estabelecimento, 5, 1);
      await t.db
        .insertInto('avaliacoes')
        .values({
          id_estabelecimento: shop.id_estabelecimento,
          id_usuario: someoneElse.id_usuario,
          nro_estrelas: 3,
          den_avaliacao: 'Ok',
          den_resposta: '',
          datahora: new Date().toISOString(),
          aprovado: 'S',
        })
        .execute();
      await addToRating(t.db, shop.id_estabelecimento, 3, 1);
      await t.db
        .insertInto('usuario_notificacoes')
        .values({
          id_usuario: id,
          type: 'N',
          title: `Olá ${p.nome}`,
          body: 'Bem-vinda',
          image: '',
          dat_recece: new Date().toISOString(),
        })
        .execute();
      await t.db
        .insertInto('push_assinaturas')
        .values({
          id_usuario: id,
          endpoint: `https://push.exemplo.com/send/${id}-${dialect}`,
          p256dh: 'chave-p256dh',
          auth: 'chave-auth',
          ies_promocao: 'S',
          ies_live: 'N',
          ies_sorteio: 'S',
          device: 'Android',
          os_version: '14',
          ip: '203.0.113.9',
          atualizado_em: new Date().toISOString(),
        })
        .execute();
      // A winner record copying the name, with a photo; an audit record copying name, e-mail and phone.
      const coupon = await t.db
        .selectFrom('cupons')
        .select(['id_cupom', 'id_venda'])
        .where('id_usuario', '=', id)
        .orderBy('id_cupom')
        .executeTakeFirstOrThrow();
      const { id_sorteado } = await createWinner(t.db, {
        id_campanha,
        id_estabelecimento: shop.id_estabelecimento,
        nome_sorteado: p.nome,
        fotos: ['users/zuleica-premio.png'],
      });
      await t.db
        .updateTable('contemplados')
        .set({ id_usuario: id, id_cupom: coupon.id_cupom, id_venda: coupon.id_venda })
        .where('id_sorteado', '=', id_sorteado)
        .execute();
      await t.db
        .insertInto('auditoria')
        .values({
          id_usuario: partner.id_usuario,
          acao: 'criar',
          entidade: 'teste',
          id_entidade: String(id),
          antes: null,
          depois: JSON.stringify({
            nome: p.nome,
            contato: `${p.email} / ${p.whatsup}`,
            endereco: p.endereco,
            cep: p.cep,
          }),
          ip: '198.51.100.7',
        })
        .execute();
      await t.db
        .insertInto('auditoria')
        .values({ id_usuario: id, acao: 'qualquer', entidade: 'teste', id_entidade: '1', ip: '198.51.100.8' })
        .execute();

      const totals = async () => {
        const v = await t.db
          .selectFrom('vendas')
          .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('valor_centavos').as('soma')])
          .where('id_campanha', '=', id_campanha)
          .executeTakeFirstOrThrow();
        const k = await t.db
          .selectFrom('cupons')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('id_campanha', '=', id_campanha)
          .executeTakeFirstOrThrow();
        const mine = await t.db
          .selectFrom('cupons')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('id_usuario', '=', id)
          .executeTakeFirstOrThrow();
        const s = await t.db
          .selectFrom('saldos')
          .select((eb) => [eb.fn.sum('pontos_e6').as('pontos'), eb.fn.sum('cupons').as('cupons')])
          .where('id_campanha', '=', id_campanha)
          .executeTakeFirstOrThrow();
        return {
          vendas: Number(v.n),
          soma: Number(v.soma),
          cupons: Number(k.n),
          meus: Number(mine.n),
          pontos: Number(s.pontos),
          saldoCupons: Number(s.cupons),
        };
      };
      const before = await totals();
      expect(before.vendas).toBe(3);
      expect(before.soma).toBe(70_000);
      expect(before.meus).toBe(5);

      /** Every text column of every table that still holds one of the person's values. */
      const traces = async (): Promise<string[]> => {
        const textColumns =
          dialect === 'sqlite'
            ? (
                await sql<{ tabela: string; coluna: string }>`
                select m.name as tabela, c.name as coluna
                from sqlite_master m join pragma_table_info(m.name) c
                where m.type = 'table' and m.name not like 'sqlite_%' and upper(c.type) = 'TEXT'`.execute(
                  t.db,
                )
              ).rows
            : (
                await sql<{ tabela: string; coluna: string }>`
                select table_name as tabela, column_name as coluna from information_schema.columns
                where table_schema = current_schema() and data_type = 'text'`.execute(t.db)
              ).rows;
        expect(textColumns.length).toBeGreaterThan(50);
        const terms = [
          p.nome,
          'Zuleica',
          'Quintanilha',
          p.email,
          p.whatsup,
          p.endereco,
          p.complemento,
          p.bairro,
          p.cep,
          '203.0.113.9',
          '198.51.100.8',
        ];
        const found: string[] = [];
        for (const { tabela, coluna } of textColumns) {
          for (const term of terms) {
            const r = await sql<{
              n: number | string;
            }>`select count(*) as n from ${sql.table(tabela)} where ${sql.ref(coluna)} like ${`%${term}%`}`.execute(
              t.db,
            );
            if (Number(r.rows[0].n) > 0) found.push(`${tabela}.${coluna} ~ ${term}`);
          }
        }
        return found;
      };
      const seen = await traces();
      expect(seen).toContain(`usuarios.nome ~ ${p.nome}`);
      expect(seen).toContain(`contemplados.nome_sorteado ~ ${p.nome}`);
      expect(seen).toContain(`auditoria.depois ~ ${p.email}`);

      // Ask for removal; a wrong password keeps the code.
      expect((await send('POST', '/v1/usuarios/solicitaremocao', { email: p.email }, token)).statusCode).toBe(
        201,
      );
      const code = codeFrom((await smtp.waitFor(p.email)).text, 'remocaousuario');
      const wrong = await removal(code, sha256Hex('errada'));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ erro: MSG_CONTA.senhaErrada, msg: MSG_CONTA.senhaErrada });
      const mismatch = await removal(code, CLIENT_PASSWORD, sha256Hex('outra'));
      expect(mismatch.json().msg).toBe(MSG_CONTA.senhaInvalida);

      const ok = await removal(code);
      expect(ok.statusCode, ok.body).toBe(202);
      expect(ok.json()).toEqual({ ok: true });
      // The person's codes went with the account: the link is simply invalid now.
      const reused = await removal(code);
      expect(reused.statusCode).toBe(400);
      expect(reused.json().msg).toBe(MSG_CONTA.codigoInvalido);

      // Nothing personal left in any text column of any table.
      expect(await traces()).toEqual([]);

      // The rows that stay, anonymised; the ones that go, gone.
      const row = await t.db
        .selectFrom('usuarios')
        .selectAll()
        .where('id_usuario', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        nome: 'Usuário removido',
        email: null,
        senha_hash: null,
        whatsup: '',
        parceiro: 0,
        admin: 0,
      });
      expect(row.removido_em).not.toBeNull();
      for (const table of [
        'sessoes',
        'push_assinaturas',
        'usuario_notificacoes',
        'codigos',
        'avaliacoes',
      ] as const) {
        const n = await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('id_usuario', '=', id)
          .executeTakeFirstOrThrow();
        expect(Number(n.n), table).toBe(0);
      }
      const shopRow = await t.db
        .selectFrom('estabelecimentos')
        .select(['soma_estrelas', 'qtd_avaliacao'])
        .where('id_estabelecimento', '=', shop.id_estabelecimento)
        .executeTakeFirstOrThrow();
      expect(shopRow).toEqual({ soma_estrelas: 3, qtd_avaliacao: 1 });
      const winner = await t.db
        .selectFrom('contemplados')
        .selectAll()
        .where('id_sorteado', '=', id_sorteado)
        .executeTakeFirstOrThrow();
      expect(winner.nome_sorteado).toBe('Usuário removido');
      expect(winner.id_cupom).toBe(coupon.id_cupom);
      const fotos = await t.db
        .selectFrom('contemplado_fotos')
        .selectAll()
        .where('id_sorteado', '=', id_sorteado)
        .execute();
      expect(fotos).toEqual([]);
      const audit = await t.db
        .selectFrom('auditoria')
        .selectAll()
        .where('entidade', '=', 'usuario')
        .where('id_entidade', '=', String(id))
        .where('acao', '=', 'remover')
        .executeTakeFirstOrThrow();
      expect(audit.ip).toBe('');
      const scrubbed = await t.db
        .selectFrom('auditoria')
        .select('depois')
        .where('entidade', '=', 'teste')
        .where('id_entidade', '=', String(id))
        .executeTakeFirstOrThrow();
      expect(JSON.parse(scrubbed.depois ?? '{}')).toEqual({
        nome: '[removido]',
        contato: '[removido] / [removido]',
        endereco: '[removido]',
        cep: '[removido]',
      });

      // The campaign still adds up; the person's coupons still exist.
      expect(await totals()).toEqual(before);

      // Old credentials fail; the same e-mail registers again.
      expect(await loginStatus(p.email, CLIENT_PASSWORD)).toBe(401);
      expect((await get(`/v1/usuarios/${id}`, token)).statusCode).toBe(401);
      const again = await send('POST', '/v1/usuarios/registro', {
        ...p,
        senha: NEW_PASSWORD,
        cod_cidade: city.cod_cidade,
      });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json().id_usuario).not.toBe(id);
      expect(await loginStatus(p.email, NEW_PASSWORD)).toBe(200);
    });
  });

  describe('personal data export', () => {
    it("GET /v1/usuarios/meusdados downloads every section with the person's records and no hashes", async () => {
      const city = await createCity(t.db);
      const shop = await createShop(t.db, { cod_cidade: city.cod_cidade });
      const { id_campanha } = await createCampaign(t.db, {
        cod_cidade: city.cod_cidade,
        lojas: [{ id_estabelecimento: shop.id_estabelecimento, fator_sorteio: 0.01 }],
      });
      const partner = await createUser(t.db, {
        cod_cidade: city.cod_cidade,
        parceiro: true,
        estabelecimentos: [shop.id_estabelecimento],
      });
      const me = await createUser(t.db, { cod_cidade: city.cod_cidade, nome: 'Exporta Dados' });
      const token = await login(t.app, me);
      const other = await login(t.app, me);
      const sale = await send(
        'POST',
        '/v1/parceiro/vendas',
        {
          id_campanha,
          id_estabelecimento: shop.id_estabelecimento,
          id_usuario: me.id_usuario,
          dat_venda: day(-1),
          numero_venda: `EXP-${dialect}`,
          valor_venda: 210.5,
          id_vendedor: 99,
        },
        await sessionFor(t.db, partner.id_usuario),
      );
      expect(sale.statusCode, sale.body).toBe(201);
      await t.db
        .insertInto('avaliacoes')
        .values({
          id_estabelecimento: shop.id_estabelecimento,
          id_usuario: me.id_usuario,
          nro_estrelas: 4,
          den_avaliacao: 'Gostei muito',
          den_resposta: '',
          aprovado: 'N',
          datahora: new Date().toISOString(),
        })
        .execute();
      await t.db
        .insertInto('usuario_notificacoes')
        .values({
          id_usuario: me.id_usuario,
          type: 'N',
          title: 'Aviso de teste',
          body: 'Corpo',
          image: '',
          dat_recece: new Date().toISOString(),
        })
        .execute();
      await t.db
        .insertInto('push_assinaturas')
        .values({
          id_usuario: me.id_usuario,
          endpoint: `https://push.exemplo.com/send/segredo-${dialect}`,
          p256dh: 'p256dh-secreto',
          auth: 'auth-secreto',
          ies_promocao: 'N',
          ies_live: 'S',
          ies_sorteio: 'S',
          ip: '',
          device: 'Firefox',
          os_version: 'Linux',
          atualizado_em: new Date().toISOString(),
        })
        .execute();

      const res = await get('/v1/usuarios/meusdados', token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="meus-dados-praca.json"');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const data = res.json();
      for (const s of EXPORT_SECTIONS) expect(data, s).toHaveProperty(s);
      expect(Date.parse(data.gerado_em)).toBeGreaterThan(0);
      expect(data.perfil).toMatchObject({
        id_usuario: me.id_usuario,
        nome: 'Exporta Dados',
        email: me.email,
      });
      expect(data.sessoes).toHaveLength(2);
      expect(data.sessoes.filter((s: { atual: boolean }) => s.atual)).toHaveLength(1);
      expect(data.vendas.como_cliente).toHaveLength(1);
      expect(data.vendas.como_cliente[0]).toMatchObject({
        numero_venda: `EXP-${dialect}`,
        valor_venda: 210.5,
      });
      expect(data.saldos).toHaveLength(1);
      expect(data.cupons.length).toBe(2);
      expect(data.avaliacoes[0]).toMatchObject({
        den_avaliacao: 'Gostei muito',
        nro_estrelas: 4,
        aprovado: 'N',
      });
      expect(data.notificacoes[0]).toMatchObject({ title: 'Aviso de teste' });
      expect(data.push_assinaturas[0]).toMatchObject({ servico: 'https://push.exemplo.com' });
      expect(data.consentimentos.notificacoes_push[0]).toMatchObject({
        ies_promocao: 'N',
        ies_live: 'S',
        ies_sorteio: 'S',
      });
      expect(data.contemplados).toEqual([]);
      expect(data.estabelecimentos).toEqual([]);

      const stored = await t.db
        .selectFrom('usuarios')
        .select('senha_hash')
        .where('id_usuario', '=', me.id_usuario)
        .executeTakeFirstOrThrow();
      const tokens = await t.db
        .selectFrom('sessoes')
        .select('token_hash')
        .where('id_usuario', '=', me.id_usuario)
        .execute();
      for (const secret of [
        stored.senha_hash ?? 'x',
        ...tokens.map((s) => s.token_hash),
        sha256Hex(token),
        sha256Hex(other),
        'p256dh-secreto',
        'auth-secreto',
        'segredo-',
      ]) {
        expect(res.body).not.toContain(secret);
      }
      expect(res.body).not.toMatch(/senha|token_hash|codigo_hash|p256dh/);

      // A partner sees the shops it runs and the sales it registered.
      const partnerData = (
        await get('/v1/usuarios/meusdados', await sessionFor(t.db, partner.id_usuario))
      ).json();
      expect(partnerData.estabelecimentos).toEqual([
        { id_estabelecimento: shop.id_estabelecimento, nome: shop.nome },
      ]);
      expect(partnerData.vendas.registradas_por_voce).toHaveLength(1);
      expect(partnerData.vendas.registradas_por_voce[0]).not.toHaveProperty('id_usuario');

      expect((await get('/v1/usuarios/meusdados')).statusCode).toBe(401);
    });

    it("finds a person's bought and registered sales through an index, never by reading every sale", async () => {
      for (const [column, index] of [
        ['v.id_usuario', 'vendas_usuario_idx'],
        ['v.criado_por', 'vendas_criado_por_idx'],
      ] as const) {
        const plan = await queryPlan(t.db, salesOf(t.db, column, 1).compile());
        expect(plan, column).toContain(index);
      }
    });
  });

  it('the OpenAPI document lists every account route', async () => {
    const doc = (await get('/docs/json')).json();
    expect(doc.paths['/v1/usuarios/{userId}'].get.tags).toEqual(['conta']);
    expect(doc.paths['/v1/usuarios'].patch.requestBody).toBeDefined();
    expect(doc.paths['/v1/adm/usuarios/trocasenha'].post.responses['200']).toBeDefined();
    expect(doc.paths['/v1/usuarios/solicitatrocasenha'].post.responses['202']).toBeDefined();
    expect(doc.paths['/v1/usuarios/redefinirsenha'].post.responses['400']).toBeDefined();
    expect(doc.paths['/v1/usuarios/solicitaremocao'].post.responses['201']).toBeDefined();
    expect(doc.paths['/v1/usuarios/remocaousuario'].post.responses['202']).toBeDefined();
    expect(doc.paths['/v1/usuarios/meusdados'].get.responses['200']).toBeDefined();
  });
});

describe('mailer failures', () => {
  it('a message that cannot be sent is logged and answered false, never thrown', async () => {
    const log = Fastify({ logger: { level: 'silent' } }).log; // Fastify's own pino, silent
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'Praça <a@praca.local>',
      outboxDir: '',
      log,
    });
    await expect(
      mailer.sendMail({ to: 'x@teste.praca', subject: 'Assunto', text: 'texto', html: '<p>texto</p>' }),
    ).resolves.toBe(false);
    mailer.close();
    const outbox = createMailer({ from: 'Praça <a@praca.local>', outboxDir: '/dev/null/impossivel', log });
    await expect(
      outbox.sendMail({ to: 'x@teste.praca', subject: 'Assunto', text: 'texto', html: '<p>texto</p>' }),
    ).resolves.toBe(false);
  });
});

describe('e-mail without SMTP_URL: the outbox', () => {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp({ PUBLIC_URL: 'http://praca.local:8080', BASE_PATH: '/praca' }));
  });
  afterAll(async () => {
    await t.close?.();
  });

  it('writes each message to DATA_DIR/outbox with its link', async () => {
    const me = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/praca/v1/usuarios/solicitatrocasenha',
      payload: { email: me.email, telefone: '' },
    });
    expect(res.statusCode).toBe(202);
    const dir = t.config.outboxDir;
    expect(dir).toBe(path.join(t.dataDir, 'outbox'));
    let files: string[] = [];
    for (let i = 0; i < 100 && files.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    }
    const json = files.find((f) => f.endsWith('.json'));
    const eml = files.find((f) => f.endsWith('.eml'));
    expect(json && eml, files.join(',')).toBeTruthy();
    const msg = JSON.parse(fs.readFileSync(path.join(dir, json ?? ''), 'utf8'));
    expect(msg.to).toBe(me.email);
    expect(msg.subject).toBe('Praça: redefinição de senha');
    const m = /http:\/\/praca\.local:8080\/praca\/redefinirsenha\?code=([A-Za-z0-9]{150})\b/.exec(msg.text);
    expect(m, msg.text).not.toBeNull();
    expect(msg.html).toContain(m?.[0]);
    const raw = fs.readFileSync(path.join(dir, eml ?? ''), 'utf8');
    expect(raw).toMatch(/^Subject: /m);
    expect(raw).toContain(`To: ${me.email}`);
  });
});

describe('a mailer handed to the app (issue 50: services wired once)', () => {
  const sent: MailMessage[] = [];
  let closed = 0;
  const fake: Mailer = {
    mode: 'outbox',
    sendMail: async (msg) => {
      sent.push(msg);
      return true;
    },
    close: () => {
      closed++;
    },
  };
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp({}, { mailer: fake }));
  });
  afterAll(async () => {
    await t.close?.();
  });

  it('carries every e-mail of the app, the account’s and the apuração’s alike, and is its owner’s to close', async () => {
    expect(t.app.mailer).toBe(fake);
    expect(t.app.services.account.mailer).toBe(fake);
    expect(t.app.services.apuracoes.mailer).toBe(fake);
    const me = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/solicitatrocasenha',
      payload: { email: me.email, telefone: '' },
    });
    expect(res.statusCode).toBe(202);
    for (let i = 0; i < 100 && !sent.some((m) => m.to === me.email); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const mail = sent.find((m) => m.to === me.email);
    expect(mail?.subject).toBe('Praça: redefinição de senha');
    expect(fs.existsSync(t.config.outboxDir)).toBe(false);
    await t.app.close();
    expect(closed).toBe(0);
  });
});
