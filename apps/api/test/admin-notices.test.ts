import { MSG, MSG_ADMIN, MSG_CONTEUDO, imagePathOf, type AvisoAdmin } from '@praca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditTrail,
  countRows,
  createCast,
  sender,
  type Cast,
  type Method,
  type Who,
} from './admin-fixtures.js';
import { useTestApp } from './helper.js';
import { bearer, createCity, createNotice, createUser, day, sessionFor } from './factories.js';

const t = useTestApp();

const w = {} as Cast & {
  cityA: number;
  cityB: number;
  cityL: number; // only the list tests' notices
};

const URL = '/v1/adm/avisos';
const send = sender(t, w);

const countOf = (table: 'avisos' | 'auditoria') => countRows(t.db, table);

const auditOf = (idAviso: number) => auditTrail(t.db, 'aviso', idAviso);

const storedRow = (idAviso: number) =>
  t.db.selectFrom('avisos').selectAll().where('id_aviso', '=', idAviso).executeTakeFirst();

async function created(payload: object, who: Who = 'adminA'): Promise<AvisoAdmin> {
  const res = await send(who, 'POST', URL, payload);
  expect(res.statusCode, res.body).toBe(202);
  return res.json<AvisoAdmin>();
}

const consumerList = async (codCidade: number, etag?: string) =>
  t.app.inject({
    url: `/v1/avisos?cod_cidade=${codCidade}`,
    headers: etag ? { 'if-none-match': etag } : {},
  });

beforeAll(async () => {
  w.cityA = (await createCity(t.db)).cod_cidade;
  w.cityB = (await createCity(t.db)).cod_cidade;
  w.cityL = (await createCity(t.db)).cod_cidade;
  Object.assign(w, await createCast(t.db, w.cityA, w.cityB));
});

describe('who may keep notices', () => {
  it('answers 401 without a session and 403 to consumers and partners', async () => {
    const { id_aviso } = await createNotice(t.db, { cod_cidade: w.cityA });
    const calls: [Method, string, object?][] = [
      ['GET', URL],
      ['GET', `${URL}/${id_aviso}`],
      ['POST', URL, { title: 'Oi', validade: day(3) }],
      ['PATCH', `${URL}/${id_aviso}`, { title: 'Oi' }],
      ['DELETE', `${URL}/${id_aviso}`],
    ];
    for (const [method, url, payload] of calls) {
      const anon = await send(null, method, url, payload);
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      expect(anon.json()).toEqual({ erro: MSG.naoAutenticado });
      for (const who of ['consumer', 'partner'] as const) {
        const res = await send(who, method, url, payload);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ erro: MSG.semPermissao });
      }
    }
    expect(await storedRow(id_aviso)).toMatchObject({ title: expect.stringMatching(/^Aviso /) });
  });

  it('keeps an admin to its own city on list, one, create, update and delete', async () => {
    const { id_aviso } = await createNotice(t.db, { cod_cidade: w.cityA, title: 'Da cidade A' });
    const before = await countOf('avisos');
    const refused = [
      await send('adminB', 'GET', `${URL}?cod_cidade=${w.cityA}`),
      await send('adminB', 'GET', `${URL}?codcidade=${w.cityA}`),
      await send('adminB', 'GET', `${URL}/${id_aviso}`),
      await send('adminB', 'POST', URL, { cod_cidade: w.cityA, title: 'Intruso', validade: day(3) }),
      await send('adminB', 'PATCH', `${URL}/${id_aviso}`, { title: 'Intruso' }),
      await send('adminB', 'DELETE', `${URL}/${id_aviso}`),
      // Its own notice cannot be moved to another city either.
      await send('adminA', 'PATCH', `${URL}/${id_aviso}`, { cod_cidade: w.cityB }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ erro: MSG_ADMIN.outraCidade });
    }
    expect(await countOf('avisos')).toBe(before);
    expect(await storedRow(id_aviso)).toMatchObject({ title: 'Da cidade A', cod_cidade: w.cityA });
  });

  it('lets the super-admin keep any city', async () => {
    const list = await send('superB', 'GET', `${URL}?cod_cidade=${w.cityA}`);
    expect(list.statusCode).toBe(200);
    const made = await created({ cod_cidade: w.cityA, title: 'Do super', validade: day(3) }, 'superB');
    expect(made.cod_cidade).toBe(w.cityA);
    expect((await send('superB', 'GET', `${URL}/${made.id_aviso}`)).json()).toEqual(made);
    const patched = await send('superB', 'PATCH', `${URL}/${made.id_aviso}`, { title: 'Do super, alterado' });
    expect(patched.statusCode).toBe(202);
    expect((await send('superB', 'DELETE', `${URL}/${made.id_aviso}`)).statusCode).toBe(202);
    // Without cod_cidade a super-admin creates in its own city.
    expect((await created({ title: 'Padrão', validade: day(3) }, 'superB')).cod_cidade).toBe(w.cityB);
  });
});

describe('creating and changing a notice', () => {
  it('answers 202 with the stored notice, sanitised, with its image as a path, and audits it', async () => {
    const html =
      '<b>Feira</b> no sábado<script>alert(1)</script> <a href="javascript:alert(2)">truque</a> ' +
      '<p onclick="roubar()">Traga sacola</p><a href="https://praca.example/feira">site</a>' +
      '<img src=x onerror="alert(3)">';
    const made = await created({
      title: '  Feira de artesanato  ',
      body: html,
      image: 'https://praca.example/img/users/aviso-1a2b.png',
      validade: day(10),
    });
    expect(made).toMatchObject({
      cod_cidade: w.cityA,
      type: 'M',
      title: 'Feira de artesanato',
      image: 'users/aviso-1a2b.png',
      validade: day(10),
    });
    expect(made.body).toContain('<b>Feira</b>');
    expect(made.body).toContain('<p>Traga sacola</p>');
    expect(made.body).toContain('href="https://praca.example/feira"');
    for (const bad of ['<script', 'alert', 'javascript:', 'onclick', 'onerror', '<img']) {
      expect(made.body).not.toContain(bad);
    }
    const row = await storedRow(made.id_aviso);
    expect(row).toMatchObject({
      body: made.body,
      image: 'users/aviso-1a2b.png',
      title: 'Feira de artesanato',
    });

    const audit = await auditOf(made.id_aviso);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ id_usuario: w.ids.adminA, acao: 'criar', antes: null });
    expect(JSON.parse(audit[0].depois ?? '{}')).toMatchObject({
      title: 'Feira de artesanato',
      body: made.body,
    });
  });

  it('strips the image base from server-relative URLs and keeps stored paths and other addresses', async () => {
    expect((await created({ title: 'a', validade: day(1), image: '/img/imgprom/p-1.png' })).image).toBe(
      'imgprom/p-1.png',
    );
    expect((await created({ title: 'b', validade: day(1), image: 'users/u-2.png' })).image).toBe(
      'users/u-2.png',
    );
    expect((await created({ title: 'c', validade: day(1), image: '' })).image).toBe('');
    expect(
      (await created({ title: 'd', validade: day(1), image: 'https://cdn.example.org/aviso.png' })).image,
    ).toBe('https://cdn.example.org/aviso.png');
  });

  it('strips a base path the server runs under (pure helper)', () => {
    expect(imagePathOf('https://host/praca/img/users/a.png', '/praca/')).toBe('users/a.png');
    expect(imagePathOf('/praca/img/users/a.png', '/praca')).toBe('users/a.png');
    expect(imagePathOf('/img/users/a.png', '/praca/')).toBeNull();
    expect(imagePathOf('https://host/img/users/a.png', '/praca/')).toBe('https://host/img/users/a.png');
  });

  it('refuses bad input with a Portuguese message and stores nothing', async () => {
    const before = await Promise.all([countOf('avisos'), countOf('auditoria')]);
    const cases: [object, string][] = [
      [{ validade: day(3) }, MSG_CONTEUDO.tituloObrigatorio],
      [{ title: '   ', validade: day(3) }, MSG_CONTEUDO.tituloObrigatorio],
      [{ title: 'x'.repeat(121), validade: day(3) }, MSG_CONTEUDO.tituloLongo],
      [{ title: 'Sem validade' }, MSG_CONTEUDO.validadeObrigatoria],
      [{ title: 'Validade vazia', validade: '' }, MSG_CONTEUDO.validadeObrigatoria],
      [{ title: 'Dia que não existe', validade: '2026-02-30' }, MSG_CONTEUDO.dataInvalida],
      [{ title: 'Formato', validade: '30/01/2026' }, MSG_CONTEUDO.dataInvalida],
      [{ title: 'Longo', validade: day(3), body: 'x'.repeat(5001) }, MSG_CONTEUDO.mensagemLonga],
      [{ title: 'Imagem', validade: day(3), image: '../../etc/passwd' }, MSG_ADMIN.caminhoImagemInvalido],
      [
        { title: 'Imagem', validade: day(3), image: '/outro/img/users/a.png' },
        MSG_ADMIN.caminhoImagemInvalido,
      ],
      [{ title: 'Tipo', validade: day(3), type: 'M1' }, MSG_CONTEUDO.tipoAvisoInvalido],
    ];
    for (const [payload, erro] of cases) {
      const res = await send('adminA', 'POST', URL, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ erro });
    }
    const { id_aviso } = await createNotice(t.db, { cod_cidade: w.cityA, title: 'Intacto' });
    const bad = await send('adminA', 'PATCH', `${URL}/${id_aviso}`, { title: '', validade: day(1) });
    expect(bad.statusCode).toBe(400);
    expect(await storedRow(id_aviso)).toMatchObject({ title: 'Intacto' });
    expect(await Promise.all([countOf('avisos'), countOf('auditoria')])).toEqual([before[0] + 1, before[1]]);
  });

  it('changes only what a PATCH sends (202), sanitising a new body, and audits before and after', async () => {
    const made = await created({ title: 'Original', body: 'Corpo', image: 'users/a.png', validade: day(4) });
    const res = await send('adminA', 'PATCH', `${URL}/${made.id_aviso}`, {
      body: '<i>novo</i><iframe src="https://mal.example"></iframe>',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ ...made, body: '<i>novo</i>' });
    const res2 = await send('adminA', 'PATCH', `${URL}/${made.id_aviso}`, {
      title: 'Trocado',
      image: 'http://localhost:3000/img/users/b.png',
    });
    expect(res2.json()).toEqual({ ...made, body: '<i>novo</i>', title: 'Trocado', image: 'users/b.png' });
    const audit = await auditOf(made.id_aviso);
    expect(audit.map((a) => a.acao)).toEqual(['criar', 'alterar', 'alterar']);
    expect(JSON.parse(audit[2].antes ?? '{}')).toMatchObject({ title: 'Original', image: 'users/a.png' });
    expect(JSON.parse(audit[2].depois ?? '{}')).toMatchObject({ title: 'Trocado', image: 'users/b.png' });
  });

  it('deletes with 202 and a message, audits it, and then answers 404', async () => {
    const made = await created({ title: 'Para apagar', validade: day(4) });
    const res = await send('adminA', 'DELETE', `${URL}/${made.id_aviso}`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ mensagem: 'Aviso excluído' });
    expect(await storedRow(made.id_aviso)).toBeUndefined();
    expect((await auditOf(made.id_aviso)).map((a) => a.acao)).toEqual(['criar', 'excluir']);
    for (const [method, payload] of [['GET'], ['PATCH', { title: 'x' }], ['DELETE']] as const) {
      const gone = await send('adminA', method, `${URL}/${made.id_aviso}`, payload);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ erro: MSG_CONTEUDO.avisoNaoEncontrado });
    }
  });
});

describe('the admin list', () => {
  it('lists every notice of the city, expired too, newest first, paged with X-Total-Count and q', async () => {
    const ids: number[] = [];
    for (const [title, validade] of [
      ['Vacinação', day(-5)],
      ['Feira livre', day(5)],
      ['Coleta de lixo', day(1)],
      ['Feira noturna', day(30)],
    ] as const) {
      ids.push((await createNotice(t.db, { cod_cidade: w.cityL, title, validade })).id_aviso);
    }
    await createNotice(t.db, { cod_cidade: w.cityB, title: 'Feira de outra cidade' });
    const superList = await send('superB', 'GET', `${URL}?cod_cidade=${w.cityL}`);
    expect(superList.headers['x-total-count']).toBe('4');
    expect(superList.json<AvisoAdmin[]>().map((a) => a.id_aviso)).toEqual([...ids].reverse());

    const page2 = await send('superB', 'GET', `${URL}?codcidade=${w.cityL}&limite=3&pagina=2`);
    expect(page2.headers['x-total-count']).toBe('4');
    expect(page2.json<AvisoAdmin[]>().map((a) => a.id_aviso)).toEqual([ids[0]]);

    const feira = await send('superB', 'GET', `${URL}?cod_cidade=${w.cityL}&q=FEIRA`);
    expect(feira.headers['x-total-count']).toBe('2');
    expect(feira.json<AvisoAdmin[]>().map((a) => a.title)).toEqual(['Feira noturna', 'Feira livre']);
    const byId = await send('superB', 'GET', `${URL}?cod_cidade=${w.cityL}&q=${ids[2]}`);
    expect(byId.json<AvisoAdmin[]>().map((a) => a.id_aviso)).toContain(ids[2]);
    const literal = await send('superB', 'GET', `${URL}?cod_cidade=${w.cityL}&q=%25`);
    expect(literal.json()).toEqual([]);

    // A plain admin's list is its own city's.
    const own = await send('adminB', 'GET', URL);
    expect(own.statusCode).toBe(200);
    expect(own.json<AvisoAdmin[]>().every((a) => a.cod_cidade === w.cityB)).toBe(true);
  });
});

describe('what consumers see', () => {
  it('shows only valid notices and every write at once, though the list is cached', async () => {
    const city = (await createCity(t.db)).cod_cidade;
    const admin = await createUser(t.db, { cod_cidade: city, admin: true });
    const token = await sessionFor(t.db, admin.id_usuario);
    const as = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    await createNotice(t.db, { cod_cidade: city, title: 'Vencido', validade: day(-3) });

    const first = await consumerList(city);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([]);
    const etag = String(first.headers.etag);
    expect((await consumerList(city, etag)).statusCode).toBe(304);

    const made = (
      await as('POST', URL, { title: 'Novo aviso', body: '<b>oi</b><script>x</script>', validade: day(2) })
    ).json<AvisoAdmin>();
    const after = await consumerList(city, etag);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual([{ ...made, body: '<b>oi</b>' }]);

    await as('PATCH', `${URL}/${made.id_aviso}`, { validade: day(-2) });
    expect((await consumerList(city)).json()).toEqual([]);

    await as('PATCH', `${URL}/${made.id_aviso}`, { validade: day(1), title: 'De volta' });
    expect((await consumerList(city)).json<AvisoAdmin[]>().map((a) => a.title)).toEqual(['De volta']);

    await as('DELETE', `${URL}/${made.id_aviso}`);
    expect((await consumerList(city)).json()).toEqual([]);
  });
});
