import { MSG, MSG_ADMIN, type CampanhaAdmin, type CampanhaAdminDetalhe } from '@praca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPANHA_COM_VENDAS_CIDADE, DATA_INVALIDA } from '../src/modules/campaigns/admin-service.js';
import { errorBody } from '../src/plugins/error-handler.js';
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
  countRows,
} from './factories.js';

const t = useTestApp();

type Who = 'consumer' | 'partner' | 'adminA' | 'adminB' | 'superB';
interface Shop {
  id_estabelecimento: number;
  nome: string;
  cod_cidade: number;
}
const w = {} as {
  cityA: number;
  cityB: number;
  cityC: number; // only the list tests' campaigns
  alfa: Shop;
  beta: Shop;
  charlie: Shop; // inactive
  delta: Shop;
  echoB: Shop; // city B
  recipient: number;
  tokens: Record<Who, string>;
};

const URL = '/v1/adm/campanhas';
const send = (who: Who | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? bearer(w.tokens[who]) : {}, ...(payload ? { payload } : {}) });

let n = 0;
const campaignBody = (o: Record<string, unknown> = {}) => ({
  den_campanha: `Campanha de teste ${++n}`,
  validade_ini: day(-10),
  validade_fim: day(30),
  banner: 'imgban/campanha.png',
  link: 'https://praca.example/regulamento',
  ...o,
});

async function createViaApi(who: Who, o: Record<string, unknown> = {}): Promise<CampanhaAdminDetalhe> {
  const res = await send(who, 'POST', URL, campaignBody(o));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CampanhaAdminDetalhe>();
}

/** The stored participation of a campaign: shop id → factors ×10⁴. */
async function storedParts(idCampanha: number) {
  const rows = await t.db
    .selectFrom('campanha_estabelecimentos')
    .select(['id_estabelecimento', 'fator_cashback_e4', 'fator_sorteio_e4'])
    .where('id_campanha', '=', idCampanha)
    .orderBy('id_estabelecimento')
    .execute();
  return Object.fromEntries(
    rows.map((r) => [r.id_estabelecimento, [r.fator_cashback_e4, r.fator_sorteio_e4]]),
  );
}

const countOf = (table: 'campanhas' | 'campanha_estabelecimentos' | 'auditoria') => countRows(t.db, table);

const auditOf = (idCampanha: number) =>
  t.db
    .selectFrom('auditoria')
    .select(['id_usuario', 'acao', 'antes', 'depois'])
    .where('entidade', '=', 'campanha')
    .where('id_entidade', '=', String(idCampanha))
    .orderBy('id')
    .execute();

let numero = 0;
async function registerSale(idCampanha: number, idEstabelecimento: number) {
  const res = await send('superB', 'POST', '/v1/parceiro/vendas', {
    id_campanha: idCampanha,
    id_estabelecimento: idEstabelecimento,
    id_usuario: w.recipient,
    dat_venda: day(-1),
    numero_venda: `CAMP-${++numero}`,
    valor_venda: 250,
    id_vendedor: 99,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ venda: { id_venda: number } }>().venda.id_venda;
}

beforeAll(async () => {
  w.cityA = (await createCity(t.db)).cod_cidade;
  w.cityB = (await createCity(t.db)).cod_cidade;
  w.cityC = (await createCity(t.db)).cod_cidade;
  // Names whose order is the same in SQLite's and PostgreSQL's collations.
  w.alfa = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Alfa Padaria' });
  w.beta = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Beta Farmacia' });
  w.charlie = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Charlie Inativa' });
  await t.db
    .updateTable('estabelecimentos')
    .set({ ind_ativo: 'N' })
    .where('id_estabelecimento', '=', w.charlie.id_estabelecimento)
    .execute();
  w.delta = await createShop(t.db, { cod_cidade: w.cityA, nome: 'Delta Mercado' });
  w.echoB = await createShop(t.db, { cod_cidade: w.cityB, nome: 'Echo Outra Cidade' });
  [w.recipient] = await insertConsumers(t.db, { cod_cidade: w.cityA, nomes: ['Cliente Fiel'] });
  const user = async (o: Parameters<typeof createUser>[1]) =>
    sessionFor(t.db, (await createUser(t.db, o)).id_usuario);
  w.tokens = {
    consumer: await user({ cod_cidade: w.cityA }),
    partner: await user({
      cod_cidade: w.cityA,
      parceiro: true,
      estabelecimentos: [w.alfa.id_estabelecimento],
    }),
    adminA: await user({ cod_cidade: w.cityA, admin: true }),
    adminB: await user({ cod_cidade: w.cityB, admin: true }),
    superB: await user({ cod_cidade: w.cityB, admin: true, superadmin: true }),
  };
});

describe('who may administer campaigns', () => {
  it('answers 401 without or with a bad token and 403 to consumers and partners, with erro and error', async () => {
    const noToken = await send(null, 'GET', URL);
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({ erro: MSG.naoAutenticado, error: MSG.naoAutenticado });
    const badToken = await t.app.inject({ url: URL, headers: bearer('nao-existe') });
    expect(badToken.statusCode).toBe(401);
    for (const who of ['consumer', 'partner'] as const) {
      for (const [method, url] of [
        ['GET', URL],
        ['GET', `${URL}/1`],
        ['GET', `${URL}/estabelecimentos/0`],
        ['POST', URL],
        ['PATCH', `${URL}/1`],
        ['DELETE', `${URL}/1`],
      ] as const) {
        const res = await send(
          who,
          method,
          url,
          method === 'POST' || method === 'PATCH' ? campaignBody() : undefined,
        );
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ erro: MSG.semPermissao, error: MSG.semPermissao });
      }
    }
  });

  it("keeps an admin to its own city: another city's list, campaign and shops are 403; the super-admin reaches any", async () => {
    const inA = await createViaApi('adminA');
    const forbidden = { erro: MSG_ADMIN.outraCidade, error: MSG_ADMIN.outraCidade };
    const cases = [
      await send('adminB', 'GET', `${URL}?cod_cidade=${w.cityA}`),
      await send('adminB', 'GET', `${URL}?codcidade=${w.cityA}`),
      await send('adminB', 'GET', `${URL}/${inA.id_campanha}`),
      await send('adminB', 'GET', `${URL}/estabelecimentos/${inA.id_campanha}`),
      await send('adminB', 'GET', `${URL}/estabelecimentos/0?cod_cidade=${w.cityA}`),
      await send('adminB', 'PATCH', `${URL}/${inA.id_campanha}`, { den_campanha: 'Tomada' }),
      await send('adminB', 'DELETE', `${URL}/${inA.id_campanha}`),
      await send('adminB', 'POST', URL, campaignBody({ cod_cidade: w.cityA })),
      await send('adminA', 'POST', URL, campaignBody({ cod_cidade: w.cityB })),
      // A plain admin cannot move its campaign to another city either.
      await send('adminA', 'PATCH', `${URL}/${inA.id_campanha}`, { cod_cidade: w.cityB }),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    const stored = await send('adminA', 'GET', `${URL}/${inA.id_campanha}`);
    expect(stored.json<CampanhaAdminDetalhe>()).toMatchObject({
      den_campanha: inA.den_campanha,
      cod_cidade: w.cityA,
    });

    const superRead = await send('superB', 'GET', `${URL}/${inA.id_campanha}`);
    expect(superRead.statusCode).toBe(200);
    const superList = await send('superB', 'GET', `${URL}?codcidade=${w.cityA}`);
    expect(superList.json<CampanhaAdmin[]>().map((c) => c.id_campanha)).toContain(inA.id_campanha);
    const superPatch = await send('superB', 'PATCH', `${URL}/${inA.id_campanha}`, {
      den_campanha: 'Pelo super',
    });
    expect(superPatch.statusCode, superPatch.body).toBe(200);
    const superCreate = await send('superB', 'POST', URL, campaignBody({ cod_cidade: w.cityA }));
    expect(superCreate.statusCode, superCreate.body).toBe(201);
    expect(superCreate.json<CampanhaAdminDetalhe>().cod_cidade).toBe(w.cityA);
    // Without a city the super-admin works on its own.
    const ownList = await send('superB', 'GET', URL);
    expect(ownList.json<CampanhaAdmin[]>().every((c) => c.cod_cidade === w.cityB)).toBe(true);
    const superDelete = await send('superB', 'DELETE', `${URL}/${inA.id_campanha}`);
    expect(superDelete.statusCode, superDelete.body).toBe(202);
  });
});

describe('creating a campaign', () => {
  it('stores the participating shops with 4-decimal factors and answers the marked shop list', async () => {
    const auditsBefore = await countOf('auditoria');
    const res = await send(
      'adminA',
      'POST',
      URL,
      campaignBody({
        den_campanha: '  Natal Premiado  ',
        estabelecimentos: [
          { id_estabelecimento: w.alfa.id_estabelecimento, fator_cashback: 0.0525, fator_sorteio: 0.0125 },
          {
            id_estabelecimento: w.beta.id_estabelecimento,
            id_campanha: 7,
            fator_cashback: '0,1',
            fator_sorteio: 1.0001,
          },
          {
            id_estabelecimento: w.delta.id_estabelecimento,
            id_campanha: 0,
            fator_cashback: 0,
            fator_sorteio: 0,
          },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json<CampanhaAdminDetalhe>();
    expect(c).toMatchObject({
      den_campanha: 'Natal Premiado',
      validade_ini: day(-10),
      validade_fim: day(30),
      banner: 'imgban/campanha.png',
      link: 'https://praca.example/regulamento',
      cod_cidade: w.cityA, // the caller's city by default
    });
    // Active shops of the city by name; the inactive one does not take part, so it is absent.
    expect(c.estabelecimentos).toEqual([
      {
        id_estabelecimento: w.alfa.id_estabelecimento,
        nome: 'Alfa Padaria',
        id_campanha: c.id_campanha,
        fator_cashback: 0.0525,
        fator_sorteio: 0.0125,
      },
      {
        id_estabelecimento: w.beta.id_estabelecimento,
        nome: 'Beta Farmacia',
        id_campanha: c.id_campanha,
        fator_cashback: 0.1,
        fator_sorteio: 1.0001,
      },
      {
        id_estabelecimento: w.delta.id_estabelecimento,
        nome: 'Delta Mercado',
        id_campanha: 0,
        fator_cashback: 0,
        fator_sorteio: 0,
      },
    ]);
    expect(await storedParts(c.id_campanha)).toEqual({
      [w.alfa.id_estabelecimento]: [525, 125],
      [w.beta.id_estabelecimento]: [1000, 10001],
    });
    const row = await t.db
      .selectFrom('campanhas')
      .select(['proximo_cupom', 'den_campanha'])
      .where('id_campanha', '=', c.id_campanha)
      .executeTakeFirstOrThrow();
    expect(Number(row.proximo_cupom)).toBe(1);

    const audits = await auditOf(c.id_campanha);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ acao: 'criar', antes: null });
    expect(JSON.parse(audits[0].depois ?? '{}')).toMatchObject({
      den_campanha: 'Natal Premiado',
      cod_cidade: w.cityA,
      estabelecimentos: [
        { id_estabelecimento: w.alfa.id_estabelecimento, fator_cashback: 0.0525, fator_sorteio: 0.0125 },
        { id_estabelecimento: w.beta.id_estabelecimento, fator_cashback: 0.1, fator_sorteio: 1.0001 },
      ],
    });
    expect(await countOf('auditoria')).toBe(auditsBefore + 1);
  });

  it('refuses bad input with the Portuguese message in erro and error, and stores nothing', async () => {
    const before = await Promise.all([
      countOf('campanhas'),
      countOf('campanha_estabelecimentos'),
      countOf('auditoria'),
    ]);
    const loja = (id: number, o: Record<string, unknown> = {}) => ({
      id_estabelecimento: id,
      fator_cashback: 0.05,
      fator_sorteio: 0.01,
      ...o,
    });
    const cases: [Record<string, unknown>, string][] = [
      [
        { estabelecimentos: [loja(w.alfa.id_estabelecimento, { fator_sorteio: 0.01234 })] },
        MSG_ADMIN.fatorInvalido,
      ],
      [
        { estabelecimentos: [loja(w.alfa.id_estabelecimento, { fator_cashback: -1 })] },
        MSG_ADMIN.fatorInvalido,
      ],
      [
        { estabelecimentos: [loja(w.alfa.id_estabelecimento, { fator_cashback: 1000.5 })] },
        MSG_ADMIN.fatorInvalido,
      ],
      [
        { estabelecimentos: [loja(w.alfa.id_estabelecimento), loja(w.echoB.id_estabelecimento)] },
        MSG_ADMIN.lojaDeOutraCidade,
      ],
      [{ estabelecimentos: [loja(987_654)] }, MSG_ADMIN.lojaDeOutraCidade],
      [
        {
          estabelecimentos: [
            loja(w.alfa.id_estabelecimento),
            loja(w.alfa.id_estabelecimento, { id_campanha: 0 }),
          ],
        },
        MSG_ADMIN.lojaRepetida,
      ],
      [{ validade_ini: day(5), validade_fim: day(4) }, MSG_ADMIN.datasInvertidas],
      [{ den_campanha: '   ' }, MSG_ADMIN.descricaoObrigatoria],
      [{ den_campanha: undefined }, MSG_ADMIN.descricaoObrigatoria],
      [{ validade_ini: undefined }, DATA_INVALIDA],
      [{ validade_fim: undefined }, DATA_INVALIDA],
      [{ validade_fim: '2030-02-30' }, DATA_INVALIDA],
      [{ validade_ini: '01/02/2030' }, DATA_INVALIDA],
      [{ link: 'javascript:alert(1)' }, MSG_ADMIN.linkInvalido],
      [{ banner: '../../etc/passwd' }, MSG_ADMIN.caminhoImagemInvalido],
    ];
    for (const [o, erro] of cases) {
      const res = await send('adminA', 'POST', URL, campaignBody(o));
      expect(res.statusCode, JSON.stringify(o)).toBe(400);
      expect(res.json(), JSON.stringify(o)).toEqual({ erro, error: erro });
    }
    // A city that does not exist (only the super-admin can name another city).
    const noCity = await send('superB', 'POST', URL, campaignBody({ cod_cidade: 9_999_999 }));
    expect(noCity.statusCode).toBe(400);
    expect(noCity.json().erro).toBe(MSG_ADMIN.cidadeNaoEncontrada);
    const after = await Promise.all([
      countOf('campanhas'),
      countOf('campanha_estabelecimentos'),
      countOf('auditoria'),
    ]);
    expect(after).toEqual(before);
  });

  it("shows the new campaign to consumers at once (the city's cached list is dropped)", async () => {
    const seen = async () =>
      (await t.app.inject({ url: `/v1/campanhas?cod_cidade=${w.cityA}` })).json<{ id_campanha: number }[]>();
    await seen(); // warms the cache
    const c = await createViaApi('adminA', {
      estabelecimentos: [
        { id_estabelecimento: w.alfa.id_estabelecimento, fator_cashback: 0, fator_sorteio: 0.01 },
      ],
    });
    expect((await seen()).map((x) => x.id_campanha)).toContain(c.id_campanha);
    const patched = await send('adminA', 'PATCH', `${URL}/${c.id_campanha}`, {
      den_campanha: 'Renomeada no cache',
    });
    expect(patched.statusCode).toBe(200);
    const list = await seen();
    expect(list.find((x) => x.id_campanha === c.id_campanha)).toMatchObject({
      den_campanha: 'Renomeada no cache',
    });
    await send('adminA', 'DELETE', `${URL}/${c.id_campanha}`);
    expect((await seen()).map((x) => x.id_campanha)).not.toContain(c.id_campanha);
  });
});

describe('reading campaigns', () => {
  it('answers one campaign with the marked shops, including an inactive participant, and 404 for none', async () => {
    const c = await createViaApi('adminA', {
      estabelecimentos: [
        { id_estabelecimento: w.charlie.id_estabelecimento, fator_cashback: 0.02, fator_sorteio: 0.003 },
        { id_estabelecimento: w.delta.id_estabelecimento, fator_cashback: 0, fator_sorteio: 0.5 },
      ],
    });
    const one = await send('adminA', 'GET', `${URL}/${c.id_campanha}`);
    expect(one.statusCode).toBe(200);
    const expected = [
      {
        id_estabelecimento: w.alfa.id_estabelecimento,
        nome: 'Alfa Padaria',
        id_campanha: 0,
        fator_cashback: 0,
        fator_sorteio: 0,
      },
      {
        id_estabelecimento: w.beta.id_estabelecimento,
        nome: 'Beta Farmacia',
        id_campanha: 0,
        fator_cashback: 0,
        fator_sorteio: 0,
      },
      {
        id_estabelecimento: w.charlie.id_estabelecimento,
        nome: 'Charlie Inativa',
        id_campanha: c.id_campanha,
        fator_cashback: 0.02,
        fator_sorteio: 0.003,
      },
      {
        id_estabelecimento: w.delta.id_estabelecimento,
        nome: 'Delta Mercado',
        id_campanha: c.id_campanha,
        fator_cashback: 0,
        fator_sorteio: 0.5,
      },
    ];
    expect(one.json<CampanhaAdminDetalhe>().estabelecimentos).toEqual(expected);
    const shops = await send('adminA', 'GET', `${URL}/estabelecimentos/${c.id_campanha}`);
    expect(shops.json()).toEqual(expected);

    for (const url of [`${URL}/987654`, `${URL}/estabelecimentos/987654`]) {
      const missing = await send('adminA', 'GET', url);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        erro: MSG_ADMIN.campanhaNaoEncontrada,
        error: MSG_ADMIN.campanhaNaoEncontrada,
      });
    }
    const bad = await send('adminA', 'GET', `${URL}/abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(bad.json().erro);
  });

  it('lists the shops of a new campaign (id 0) for the asked city, or the caller’s own', async () => {
    const unmarked = (s: Shop) => ({
      id_estabelecimento: s.id_estabelecimento,
      nome: s.nome,
      id_campanha: 0,
      fator_cashback: 0,
      fator_sorteio: 0,
    });
    const cityA = [unmarked(w.alfa), unmarked(w.beta), unmarked(w.delta)];
    const bySuper = await send('superB', 'GET', `${URL}/estabelecimentos/0?cod_cidade=${w.cityA}`);
    expect(bySuper.statusCode).toBe(200);
    expect(bySuper.json()).toEqual(cityA);
    expect((await send('superB', 'GET', `${URL}/estabelecimentos/0?codcidade=${w.cityA}`)).json()).toEqual(
      cityA,
    );
    expect((await send('adminA', 'GET', `${URL}/estabelecimentos/0`)).json()).toEqual(cityA);
    expect((await send('superB', 'GET', `${URL}/estabelecimentos/0`)).json()).toEqual([unmarked(w.echoB)]);
  });

  it('lists a city newest first with X-Total-Count, pages and searches by id or description', async () => {
    const mk = (den_campanha: string, ini: number) =>
      createCampaign(t.db, {
        cod_cidade: w.cityC,
        den_campanha,
        validade_ini: day(ini),
        validade_fim: day(ini + 30),
      });
    const oldest = await mk('Volta às aulas', -90);
    const middle = await mk('Desconto 50% na feira', -60);
    const sameDayA = await mk('NATAL premiado', -30);
    const sameDayB = await mk('Desconto 500 reais', -30);
    const newest = await mk(`Campanha ${oldest.id_campanha}`, 10);

    const page = async (query: string) => {
      const res = await send('superB', 'GET', `${URL}?cod_cidade=${w.cityC}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return {
        ids: res.json<CampanhaAdmin[]>().map((c) => c.id_campanha),
        total: res.headers['x-total-count'],
      };
    };
    const order = [newest, sameDayB, sameDayA, middle, oldest].map((c) => c.id_campanha);
    expect(await page('')).toEqual({ ids: order, total: '5' });
    expect(await page('limite=2')).toEqual({ ids: order.slice(0, 2), total: '5' });
    expect(await page('limite=2&pagina=2')).toEqual({ ids: order.slice(2, 4), total: '5' });
    expect(await page('limite=2&pagina=3')).toEqual({ ids: order.slice(4), total: '5' });
    expect(await page('limite=2&pagina=4')).toEqual({ ids: [], total: '5' });
    // Case-insensitive description; % and _ are taken literally.
    expect(await page('q=natal')).toEqual({ ids: [sameDayA.id_campanha], total: '1' });
    expect(await page('q=50%25')).toEqual({ ids: [middle.id_campanha], total: '1' });
    expect(await page('q=desconto')).toEqual({ ids: [sameDayB.id_campanha, middle.id_campanha], total: '2' });
    expect(await page('q=_')).toEqual({ ids: [], total: '0' });
    // Digits: the id, or a description containing them.
    const digits = String(oldest.id_campanha);
    const all: [number, string][] = [
      [newest.id_campanha, `Campanha ${digits}`],
      [sameDayB.id_campanha, 'Desconto 500 reais'],
      [sameDayA.id_campanha, 'NATAL premiado'],
      [middle.id_campanha, 'Desconto 50% na feira'],
      [oldest.id_campanha, 'Volta às aulas'],
    ];
    const byDigits = all
      .filter(([id, den]) => String(id) === digits || den.includes(digits))
      .map(([id]) => id);
    expect(byDigits).toContain(oldest.id_campanha);
    expect(byDigits).toContain(newest.id_campanha);
    expect(await page(`q=${digits}`)).toEqual({ ids: byDigits, total: String(byDigits.length) });
    expect(await page('q=99999999999')).toEqual({ ids: [], total: '0' });
    const shape = (await send('superB', 'GET', `${URL}?cod_cidade=${w.cityC}&limite=1`)).json<
      CampanhaAdmin[]
    >()[0];
    expect(Object.keys(shape).sort()).toEqual(
      [
        'banner',
        'cod_cidade',
        'den_campanha',
        'exige_nfce',
        'id_campanha',
        'limite_cupons_mes',
        'limite_valor_dia',
        'limite_vendas_dia_loja',
        'link',
        'pct_entidade',
        'validade_fim',
        'validade_ini',
      ].sort(),
    );
  });
});

describe('changing a campaign', () => {
  it('changes only what is sent and keeps the shops; the dates rule holds on the merged values', async () => {
    const c = await createViaApi('adminA', {
      estabelecimentos: [
        { id_estabelecimento: w.alfa.id_estabelecimento, fator_cashback: 0.05, fator_sorteio: 0.01 },
      ],
    });
    const res = await send('adminA', 'PATCH', `${URL}/${c.id_campanha}`, { den_campanha: 'Só o nome' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CampanhaAdminDetalhe>()).toEqual({ ...c, den_campanha: 'Só o nome' });
    expect(await storedParts(c.id_campanha)).toEqual({ [w.alfa.id_estabelecimento]: [500, 100] });

    const inverted = await send('adminA', 'PATCH', `${URL}/${c.id_campanha}`, { validade_ini: day(31) });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json()).toEqual({ erro: MSG_ADMIN.datasInvertidas, error: MSG_ADMIN.datasInvertidas });
    const impossible = await send('adminA', 'PATCH', `${URL}/${c.id_campanha}`, {
      validade_fim: '2031-13-01',
    });
    expect(impossible.json().erro).toBe(DATA_INVALIDA);
    const blank = await send('adminA', 'PATCH', `${URL}/${c.id_campanha}`, { den_campanha: '' });
    expect(blank.json().erro).toBe(MSG_ADMIN.descricaoObrigatoria);
    const missing = await send('adminA', 'PATCH', `${URL}/987654`, { den_campanha: 'X' });
    expect(missing.statusCode).toBe(404);

    const audits = await auditOf(c.id_campanha);
    expect(audits.map((a) => a.acao)).toEqual(['criar', 'alterar']);
    expect(JSON.parse(audits[1].antes ?? '{}')).toMatchObject({ den_campanha: c.den_campanha });
    expect(JSON.parse(audits[1].depois ?? '{}')).toMatchObject({
      den_campanha: 'Só o nome',
      estabelecimentos: [
        { id_estabelecimento: w.alfa.id_estabelecimento, fator_cashback: 0.05, fator_sorteio: 0.01 },
      ],
    });
  });

  it('replaces the participation when estabelecimentos is sent: adds, updates factors, removes', async () => {
    const c = await createViaApi('adminA', {
      estabelecimentos: [
        { id_estabelecimento: w.alfa.id_estabelecimento, fator_cashback: 0.05, fator_sorteio: 0.01 },
        { id_estabelecimento: w.beta.id_estabelecimento, fator_cashback: 0.05, fator_sorteio: 0.01 },
      ],
    });
    const res = await send('adminA', 'PATCH', `${URL}/${c.id_campanha}`, {
      estabelecimentos: [
        {
          id_estabelecimento: w.alfa.id_estabelecimento,
          id_campanha: c.id_campanha,
          fator_cashback: 0.1234,
          fator_sorteio: 2,
        },
        {
          id_estabelecimento: w.beta.id_estabelecimento,
          id_campanha: 0,
          fator_cashback: 0,
          fator_sorteio: 0,
        },
        { id_estabelecimento: w.delta.id_estabelecimento, fator_cashback: 0, fator_sorteio: 0.25 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedParts(c.id_campanha)).toEqual({
      [w.alfa.id_estabelecimento]: [1234, 20000],
      [w.delta.id_estabelecimento]: [0, 2500],
    });
    expect(res.json<CampanhaAdminDetalhe>().estabelecimentos.filter((s) => s.id_campanha > 0)).toEqual([
      {
        id_estabelecimento: w.alfa.id_estabelecimento,
        nome: 'Alfa Padaria',
        id_campanha: c.id_campanha,
        fator_cashback: 0.1234,
        fator_sorteio: 2,
      },
      {
        id_estabelecimento: w.delta.id_estabelecimento,
        nome: 'Delta Mercado',
        id_campanha: c.id_campanha,
        fator_cashback: 0,
        fator_sorteio: 0.25,
      },
    ]);
    const outsider = await send('adminA', 'PATCH', `${URL}/${c.id_campanha}`, {
      estabelecimentos: [
        { id_estabelecimento: w.echoB.id_estabelecimento, fator_cashback: 0, fator_sorteio: 0.1 },
      ],
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().erro).toBe(MSG_ADMIN.lojaDeOutraCidade);
    expect(Object.keys(await storedParts(c.id_campanha))).toHaveLength(2);
  });

  it('refuses to remove a shop with live sales in the campaign (409 naming it) and keeps the sales untouched', async () => {
    const c = await createViaApi('adminA', {
      estabelecimentos: [
        { id_estabelecimento: w.alfa.id_estabelecimento, fator_cashback: 0.05, fator_sorteio: 0.01 },
        { id_estabelecimento: w.beta.id_estabelecimento, fator_cashback: 0.05, fator_sorteio: 0.01 },
      ],
    });
    const idVenda = await registerSale(c.id_campanha, w.alfa.id_estabelecimento);
    const blocked = await send('adminA', 'PATCH', `${URL}/${c.id_campanha}`, {
      den_campanha: 'Não deve mudar',
      estabelecimentos: [
        { id_estabelecimento: w.beta.id_estabelecimento, fator_cashback: 0.05, fator_sorteio: 0.01 },
      ],
    });
    expect(blocked.statusCode).toBe(409);
    const erro = MSG_ADMIN.lojaComVendasNaCampanha.replace('{nome}', 'Alfa Padaria');
    expect(blocked.json()).toEqual({ erro, error: erro });
    expect(
      (await send('adminA', 'GET', `${URL}/${c.id_campanha}`)).json<CampanhaAdminDetalhe>().den_campanha,
    ).toBe(c.den_campanha);

    // New factors apply to new sales only; the stored sale keeps its points.
    const factors = await send('adminA', 'PATCH', `${URL}/${c.id_campanha}`, {
      estabelecimentos: [
        { id_estabelecimento: w.alfa.id_estabelecimento, fator_cashback: 0.5, fator_sorteio: 0.1 },
        { id_estabelecimento: w.beta.id_estabelecimento, fator_cashback: 0.05, fator_sorteio: 0.01 },
      ],
    });
    expect(factors.statusCode, factors.body).toBe(200);
    const sale = await t.db
      .selectFrom('vendas')
      .select(['pontos_e6', 'cashback_e6'])
      .where('id_venda', '=', idVenda)
      .executeTakeFirstOrThrow();
    expect([Number(sale.pontos_e6), Number(sale.cashback_e6)]).toEqual([25000 * 100, 25000 * 500]);

    // The super-admin cannot move a campaign with sales to another city.
    const move = await send('superB', 'PATCH', `${URL}/${c.id_campanha}`, {
      cod_cidade: w.cityB,
      estabelecimentos: [
        { id_estabelecimento: w.echoB.id_estabelecimento, fator_cashback: 0, fator_sorteio: 0.1 },
      ],
    });
    expect(move.statusCode).toBe(409);
    expect(move.json()).toEqual({ erro: CAMPANHA_COM_VENDAS_CIDADE, error: CAMPANHA_COM_VENDAS_CIDADE });

    // Once its sale is deleted the shop may leave (deleted sales stay only as the record).
    const del = await send('superB', 'DELETE', `/v1/parceiro/vendas/${idVenda}`);
    expect(del.statusCode, del.body).toBe(200);
    const leave = await send('adminA', 'PATCH', `${URL}/${c.id_campanha}`, {
      estabelecimentos: [
        { id_estabelecimento: w.beta.id_estabelecimento, fator_cashback: 0.05, fator_sorteio: 0.01 },
      ],
    });
    expect(leave.statusCode, leave.body).toBe(200);
    expect(Object.keys(await storedParts(c.id_campanha))).toEqual([String(w.beta.id_estabelecimento)]);
  });

  it('lets the super-admin move a campaign without sales to another city with its shops', async () => {
    const c = await createViaApi('adminA', {
      estabelecimentos: [
        { id_estabelecimento: w.alfa.id_estabelecimento, fator_cashback: 0, fator_sorteio: 0.01 },
      ],
    });
    const withOldShops = await send('superB', 'PATCH', `${URL}/${c.id_campanha}`, { cod_cidade: w.cityB });
    expect(withOldShops.statusCode).toBe(400);
    expect(withOldShops.json().erro).toBe(MSG_ADMIN.lojaDeOutraCidade);
    const moved = await send('superB', 'PATCH', `${URL}/${c.id_campanha}`, {
      cod_cidade: w.cityB,
      estabelecimentos: [
        { id_estabelecimento: w.echoB.id_estabelecimento, fator_cashback: 0, fator_sorteio: 0.1 },
      ],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<CampanhaAdminDetalhe>()).toMatchObject({
      cod_cidade: w.cityB,
      estabelecimentos: [
        {
          id_estabelecimento: w.echoB.id_estabelecimento,
          id_campanha: c.id_campanha,
          fator_cashback: 0,
          fator_sorteio: 0.1,
        },
      ],
    });
    expect((await send('adminA', 'GET', `${URL}/${c.id_campanha}`)).statusCode).toBe(403);
  });
});

describe('deleting a campaign', () => {
  it('refuses a campaign with sales (409 with erro and error) and keeps it', async () => {
    const c = await createViaApi('adminA', {
      estabelecimentos: [
        { id_estabelecimento: w.alfa.id_estabelecimento, fator_cashback: 0.05, fator_sorteio: 0.01 },
      ],
    });
    const idVenda = await registerSale(c.id_campanha, w.alfa.id_estabelecimento);
    const res = await send('adminA', 'DELETE', `${URL}/${c.id_campanha}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ erro: MSG_ADMIN.campanhaComVendas, error: MSG_ADMIN.campanhaComVendas });
    // A deleted sale still counts: it stays as the record of its coupons.
    expect((await send('superB', 'DELETE', `/v1/parceiro/vendas/${idVenda}`)).statusCode).toBe(200);
    const again = await send('adminA', 'DELETE', `${URL}/${c.id_campanha}`);
    expect(again.statusCode).toBe(409);
    expect((await send('adminA', 'GET', `${URL}/${c.id_campanha}`)).statusCode).toBe(200);
    expect(await storedParts(c.id_campanha)).toEqual({ [w.alfa.id_estabelecimento]: [500, 100] });
    expect((await auditOf(c.id_campanha)).map((a) => a.acao)).toEqual(['criar']);
  });

  it('refuses a campaign with a recorded winner', async () => {
    const c = await createViaApi('adminA');
    await t.db
      .insertInto('contemplados')
      .values({
        id_campanha: c.id_campanha,
        nome_sorteado: 'Ganhador',
        nome_vendedor: '',
        data_sorteio: day(-1),
        atualizado_em: new Date().toISOString(),
      })
      .execute();
    const res = await send('adminA', 'DELETE', `${URL}/${c.id_campanha}`);
    expect(res.statusCode).toBe(409);
  });

  it('deletes a campaign without sales with its participations (202) and audits it', async () => {
    const c = await createViaApi('adminA', {
      estabelecimentos: [
        { id_estabelecimento: w.alfa.id_estabelecimento, fator_cashback: 0.05, fator_sorteio: 0.01 },
        { id_estabelecimento: w.beta.id_estabelecimento, fator_cashback: 0.05, fator_sorteio: 0.01 },
      ],
    });
    // Alfa had made it its default campaign: that link must not dangle.
    await t.db
      .updateTable('estabelecimentos')
      .set({ id_campanha_def: c.id_campanha })
      .where('id_estabelecimento', '=', w.alfa.id_estabelecimento)
      .execute();
    const res = await send('adminA', 'DELETE', `${URL}/${c.id_campanha}`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ mensagem: 'Campanha excluída' });
    const alfa = await t.db
      .selectFrom('estabelecimentos')
      .select('id_campanha_def')
      .where('id_estabelecimento', '=', w.alfa.id_estabelecimento)
      .executeTakeFirstOrThrow();
    expect(alfa.id_campanha_def).toBeNull();
    expect((await send('adminA', 'GET', `${URL}/${c.id_campanha}`)).statusCode).toBe(404);
    expect(await storedParts(c.id_campanha)).toEqual({});
    const audits = await auditOf(c.id_campanha);
    expect(audits.map((a) => a.acao)).toEqual(['criar', 'excluir']);
    expect(audits[1].depois).toBeNull();
    expect(JSON.parse(audits[1].antes ?? '{}')).toMatchObject({
      den_campanha: c.den_campanha,
      estabelecimentos: [
        { id_estabelecimento: w.alfa.id_estabelecimento },
        { id_estabelecimento: w.beta.id_estabelecimento },
      ],
    });
    const twice = await send('adminA', 'DELETE', `${URL}/${c.id_campanha}`);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({
      erro: MSG_ADMIN.campanhaNaoEncontrada,
      error: MSG_ADMIN.campanhaNaoEncontrada,
    });
  });
});

describe('the error field', () => {
  it('is added only under /v1/adm/campanhas, after BASE_PATH', () => {
    expect(errorBody('/v1/adm/campanhas', '/', 'x')).toEqual({ erro: 'x', error: 'x' });
    expect(errorBody('/v1/adm/campanhas/3?a=1', '/', 'x')).toEqual({ erro: 'x', error: 'x' });
    expect(errorBody('/praca/v1/adm/campanhas/estabelecimentos/0', '/praca/', 'x')).toEqual({
      erro: 'x',
      error: 'x',
    });
    expect(errorBody('/v1/adm/campanhas?q=1', '/', 'x')).toEqual({ erro: 'x', error: 'x' });
    expect(errorBody('/v1/adm/campanhasx', '/', 'x')).toEqual({ erro: 'x' });
    expect(errorBody('/v1/campanhas', '/', 'x')).toEqual({ erro: 'x' });
    expect(errorBody('/praca/v1/adm/estabelecimentos', '/praca/', 'x')).toEqual({ erro: 'x' });
  });

  it('is described in the OpenAPI document, with the routes', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    const del = doc.paths['/v1/adm/campanhas/{id}'].delete;
    expect(del.tags).toEqual(['adm']);
    expect(del.responses['409'].content['application/json'].schema.properties).toHaveProperty('error');
    expect(doc.paths).toHaveProperty('/v1/adm/campanhas/estabelecimentos/{id}');
    expect(doc.paths['/v1/adm/dashboard'].get.responses['200']).toBeDefined();
  });

  it('is not added to other routes', async () => {
    const other = await t.app.inject({ url: '/v1/adm/dashboard' });
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual({ erro: MSG.naoAutenticado });
  });
});
