import { MSG, MSG_ADMIN, MSG_CONTEUDO, type TurismoItem } from '@praca/contract';
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
import { bearer, createCity, createUser, day, sessionFor } from './factories.js';

const t = useTestApp();

const w = {} as Cast & {
  cityA: number;
  cityB: number;
};

const URL = '/v1/adm/turismo';
const send = sender(t, w);

const countOf = (table: 'turismo' | 'auditoria') => countRows(t.db, table);

const auditOf = (idTurismo: number) => auditTrail(t.db, 'turismo', idTurismo);

const storedRow = (idTurismo: number) =>
  t.db.selectFrom('turismo').selectAll().where('id_turismo', '=', idTurismo).executeTakeFirst();

async function created(payload: object, who: Who = 'adminA'): Promise<TurismoItem> {
  const res = await send(who, 'POST', URL, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TurismoItem>();
}

/** A city with its own admin, so the consumer-list tests see only their items. */
async function freshCity() {
  const city = (await createCity(t.db)).cod_cidade;
  const admin = await createUser(t.db, { cod_cidade: city, admin: true });
  const token = await sessionFor(t.db, admin.id_usuario);
  const as = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const add = async (payload: object) => {
    const res = await as('POST', URL, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TurismoItem>();
  };
  return { city, as, add };
}

const consumerList = (query: string, etag?: string) =>
  t.app.inject({ url: `/v1/turismo?${query}`, headers: etag ? { 'if-none-match': etag } : {} });

beforeAll(async () => {
  w.cityA = (await createCity(t.db)).cod_cidade;
  w.cityB = (await createCity(t.db)).cod_cidade;
  Object.assign(w, await createCast(t.db, w.cityA, w.cityB));
});

describe('who may keep the tourism guide', () => {
  it('answers 401 without a session and 403 to consumers and partners', async () => {
    const item = await created({ descricao: 'Museu', tipo: 0 });
    const calls: [Method, string, object?][] = [
      ['GET', URL],
      ['GET', `${URL}/${item.id_turismo}`],
      ['POST', URL, { descricao: 'Hotel', tipo: 1 }],
      ['PATCH', `${URL}/${item.id_turismo}`, { descricao: 'x' }],
      ['DELETE', `${URL}/${item.id_turismo}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await send(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      for (const who of ['consumer', 'partner'] as const) {
        const res = await send(who, method, url, payload);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ erro: MSG.semPermissao });
      }
    }
    expect(await storedRow(item.id_turismo)).toMatchObject({ descricao: 'Museu' });
  });

  it('keeps an admin to its own city and lets the super-admin keep any', async () => {
    const item = await created({ descricao: 'Praça da Matriz', tipo: 0 });
    const before = await countOf('turismo');
    const refused = [
      await send('adminB', 'GET', `${URL}?cod_cidade=${w.cityA}`),
      await send('adminB', 'GET', `${URL}/${item.id_turismo}`),
      await send('adminB', 'POST', URL, { cod_cidade: w.cityA, descricao: 'Intruso', tipo: 0 }),
      await send('adminB', 'PATCH', `${URL}/${item.id_turismo}`, { descricao: 'Intruso' }),
      await send('adminB', 'DELETE', `${URL}/${item.id_turismo}`),
      await send('adminA', 'PATCH', `${URL}/${item.id_turismo}`, { cod_cidade: w.cityB }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ erro: MSG_ADMIN.outraCidade });
    }
    expect(await countOf('turismo')).toBe(before);

    expect((await send('superB', 'GET', `${URL}?cod_cidade=${w.cityA}`)).statusCode).toBe(200);
    expect((await send('superB', 'GET', `${URL}/${item.id_turismo}`)).json()).toEqual(item);
    const made = await created({ cod_cidade: w.cityA, descricao: 'Do super', tipo: 4 }, 'superB');
    expect(made.cod_cidade).toBe(w.cityA);
    const patched = await send('superB', 'PATCH', `${URL}/${made.id_turismo}`, { descricao: 'Do super 2' });
    expect(patched.statusCode).toBe(200);
    const deleted = await send('superB', 'DELETE', `${URL}/${made.id_turismo}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ mensagem: 'Item excluído' });
  });
});

describe('creating and changing items', () => {
  it('answers 201 with defaults, both spellings of the validity, and the image as a path', async () => {
    const item = await created({
      descricao: '  Cachoeira do Salto  ',
      tipo: '0',
      url_foto: 'https://praca.example/img/imgtur/salto-1a2b.png',
      url_site: 'https://turismo.example/salto',
      latitude: -23.55052123,
      longitude: '-46,63330812',
      validadeate: '2030-12-31',
    });
    expect(item).toMatchObject({
      descricao: 'Cachoeira do Salto',
      tipo: 0,
      cod_cidade: w.cityA,
      ind_ativo: 'S',
      url_foto: 'imgtur/salto-1a2b.png',
      url_site: 'https://turismo.example/salto',
      latitude: -23.55052123,
      longitude: -46.63330812,
      validade_ate: '2030-12-31',
      validadeate: '2030-12-31',
    });
    expect(await storedRow(item.id_turismo)).toMatchObject({
      validade_ate: '2030-12-31',
      latitude: -23.55052123,
    });

    const other = await created({ descricao: 'Hotel Central', tipo: 1, validade_ate: '2031-01-15' });
    expect(other).toMatchObject({ validade_ate: '2031-01-15', validadeate: '2031-01-15', latitude: null });
    const both = await created({
      descricao: 'Ambos',
      tipo: 2,
      validadeate: '2032-02-02',
      validade_ate: '2033-03-03',
    });
    expect(both.validadeate).toBe('2032-02-02');
    const none = await created({ descricao: 'Sem prazo', tipo: 3, validadeate: '', url_site: '' });
    expect(none).toMatchObject({ validade_ate: null, validadeate: null, url_site: '', url_foto: '' });

    const audit = await auditOf(item.id_turismo);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ acao: 'criar', id_usuario: w.ids.adminA, antes: null });
    expect(JSON.parse(audit[0].depois ?? '{}')).toMatchObject({ descricao: 'Cachoeira do Salto', tipo: 0 });
  });

  it('refuses bad input with a Portuguese message and stores nothing', async () => {
    const before = await Promise.all([countOf('turismo'), countOf('auditoria')]);
    const ok = { descricao: 'Item', tipo: 0 };
    const cases: [object, string | RegExp][] = [
      [{ tipo: 0 }, MSG_CONTEUDO.descricaoObrigatoria],
      [{ descricao: '  ', tipo: 0 }, MSG_CONTEUDO.descricaoObrigatoria],
      [{ descricao: 'x'.repeat(201), tipo: 0 }, MSG_CONTEUDO.descricaoLonga],
      [{ descricao: 'Sem tipo' }, MSG_CONTEUDO.tipoInvalido],
      [{ ...ok, tipo: 5 }, MSG_CONTEUDO.tipoInvalido],
      [{ ...ok, tipo: -1 }, MSG_CONTEUDO.tipoInvalido],
      [{ ...ok, tipo: 1.5 }, MSG_CONTEUDO.tipoInvalido],
      [{ ...ok, latitude: 90.5 }, MSG_ADMIN.latitudeInvalida],
      [{ ...ok, latitude: -23.550521234 }, MSG_ADMIN.latitudeInvalida],
      [{ ...ok, longitude: -180.1 }, MSG_ADMIN.longitudeInvalida],
      [{ ...ok, longitude: 'leste' }, MSG_ADMIN.longitudeInvalida],
      [{ ...ok, validadeate: '2030-02-30' }, MSG_CONTEUDO.dataInvalida],
      [{ ...ok, validade_ate: '31/12/2030' }, MSG_CONTEUDO.dataInvalida],
      [{ ...ok, url_site: 'javascript:alert(1)' }, MSG_ADMIN.linkInvalido],
      [{ ...ok, url_foto: '/fora/img/imgtur/a.png' }, MSG_ADMIN.caminhoImagemInvalido],
      [{ ...ok, ind_ativo: 'X' }, /^ind_ativo: /],
    ];
    for (const [payload, erro] of cases) {
      const res = await send('adminA', 'POST', URL, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (erro instanceof RegExp) expect(res.json<{ erro: string }>().erro).toMatch(erro);
      else expect(res.json()).toEqual({ erro });
    }
    expect(await Promise.all([countOf('turismo'), countOf('auditoria')])).toEqual(before);
  });

  it('changes only what a PATCH sends (200), clears coordinates and validity with null, and audits it', async () => {
    const item = await created({
      descricao: 'Mirante',
      tipo: 0,
      latitude: -22.1,
      longitude: -47.2,
      validadeate: '2030-01-01',
    });
    const res = await send('adminA', 'PATCH', `${URL}/${item.id_turismo}`, { descricao: 'Mirante do Sol' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...item, descricao: 'Mirante do Sol' });
    const cleared = await send('adminA', 'PATCH', `${URL}/${item.id_turismo}`, {
      latitude: null,
      longitude: '',
      validade_ate: null,
      tipo: 3,
    });
    expect(cleared.json()).toEqual({
      ...item,
      descricao: 'Mirante do Sol',
      tipo: 3,
      latitude: null,
      longitude: null,
      validade_ate: null,
      validadeate: null,
    });
    const audit = await auditOf(item.id_turismo);
    expect(audit.map((a) => a.acao)).toEqual(['criar', 'alterar', 'alterar']);
    expect(JSON.parse(audit[2].antes ?? '{}')).toMatchObject({ latitude: -22.1, validade_ate: '2030-01-01' });
    expect(JSON.parse(audit[2].depois ?? '{}')).toMatchObject({
      latitude: null,
      validade_ate: null,
      tipo: 3,
    });

    const del = await send('adminA', 'DELETE', `${URL}/${item.id_turismo}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ mensagem: 'Item excluído' });
    expect((await auditOf(item.id_turismo)).map((a) => a.acao)).toEqual([
      'criar',
      'alterar',
      'alterar',
      'excluir',
    ]);
    const gone = await send('adminA', 'GET', `${URL}/${item.id_turismo}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ erro: MSG_CONTEUDO.itemNaoEncontrado });
  });
});

describe('lists', () => {
  it('gives admins every item of the city, by type when asked, paged with X-Total-Count', async () => {
    const { city, add } = await freshCity();
    const hotel1 = await add({ descricao: 'Hotel Fazenda', tipo: 1 });
    const museu = await add({ descricao: 'Museu', tipo: 0, ind_ativo: 'N' });
    const hotel2 = await add({ descricao: 'Hotel Expirado', tipo: 1, validadeate: day(-5) });
    const all = await send('superB', 'GET', `${URL}?cod_cidade=${city}`);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json<TurismoItem[]>().map((i) => i.id_turismo)).toEqual([
      hotel2.id_turismo,
      museu.id_turismo,
      hotel1.id_turismo,
    ]);
    const hotels = await send('superB', 'GET', `${URL}?cod_cidade=${city}&tipo=1&limite=1&pagina=2`);
    expect(hotels.headers['x-total-count']).toBe('2');
    expect(hotels.json<TurismoItem[]>().map((i) => i.id_turismo)).toEqual([hotel1.id_turismo]);
    const q = await send('superB', 'GET', `${URL}?cod_cidade=${city}&q=fazenda&tipo=`);
    expect(q.json<TurismoItem[]>().map((i) => i.id_turismo)).toEqual([hotel1.id_turismo]);
    const bad = await send('superB', 'GET', `${URL}?cod_cidade=${city}&tipo=9`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ erro: MSG_CONTEUDO.tipoInvalido });
  });

  it('shows consumers the active, unexpired items by description, cached, and every write at once', async () => {
    const { city, as, add } = await freshCity();
    const bar = await add({ descricao: 'bar do Zé', tipo: 2 });
    const agua = await add({ descricao: 'Água Quente Parque', tipo: 0, validadeate: day(1) });
    const cafe = await add({ descricao: 'Café Central', tipo: 2, validade_ate: day(30) });
    await add({ descricao: 'Antigo Festival', tipo: 3, validadeate: day(-2) });
    await add({ descricao: 'Anexo Fechado', tipo: 0, ind_ativo: 'N' });

    const all = await consumerList(`cod_cidade=${city}`);
    expect(all.statusCode).toBe(200);
    const items = all.json<TurismoItem[]>();
    expect(items.map((i) => i.descricao)).toEqual(['Água Quente Parque', 'bar do Zé', 'Café Central']);
    expect(items[1]).toEqual(bar);
    expect(items[0]).toMatchObject({ validade_ate: day(1), validadeate: day(1) });
    expect((await consumerList(`tipo=&cod_cidade=${city}`)).json()).toEqual(items);

    const food = await consumerList(`tipo=2&cod_cidade=${city}`);
    expect(food.json<TurismoItem[]>().map((i) => i.id_turismo)).toEqual([bar.id_turismo, cafe.id_turismo]);
    const etag = String(food.headers.etag);
    expect((await consumerList(`tipo=2&cod_cidade=${city}`, etag)).statusCode).toBe(304);

    expect((await as('PATCH', `${URL}/${cafe.id_turismo}`, { ind_ativo: 'N' })).statusCode).toBe(200);
    const afterPatch = await consumerList(`tipo=2&cod_cidade=${city}`, etag);
    expect(afterPatch.statusCode).toBe(200);
    expect(afterPatch.json<TurismoItem[]>().map((i) => i.id_turismo)).toEqual([bar.id_turismo]);

    await as('PATCH', `${URL}/${agua.id_turismo}`, { validadeate: day(-2) });
    await as('DELETE', `${URL}/${bar.id_turismo}`);
    expect((await consumerList(`cod_cidade=${city}`)).json()).toEqual([]);

    const missing = await consumerList('tipo=1');
    expect(missing.statusCode).toBe(400);
    const badType = await consumerList(`tipo=7&cod_cidade=${city}`);
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toEqual({ erro: MSG_CONTEUDO.tipoInvalido });
  });
});
