import {
  MSG,
  MSG_ADMIN,
  MSG_APURACAO,
  formatCouponCode,
  type ContempladoAdmin,
  type ItemSorteioPublico,
  type RegistroSorteio,
  type ResultadoSorteio,
} from '@praca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { instantDrawsOfCity } from '../src/modules/draws/service.js';
import { CONTEMPLADO_ANULADO, PREMIO_ENTREGUE } from '../src/modules/winners/admin-service.js';
import { useTestApp } from './helper.js';
import {
  bearer,
  createCampaign,
  createCity,
  createShop,
  createUser,
  createWinner,
  day,
  insertConsumers,
  sessionFor,
} from './factories.js';

/**
 * Trust in the instant draw (issue 36): a drawn winner is annulled only with a written reason,
 * audited and public next to its draw; it is never deleted (no hidden re-draws); its prize's
 * delivery is recorded; every instant draw of a city is in its public list.
 */

const t = useTestApp();

type Who = 'adminA' | 'adminB' | 'superB' | 'consumer';
const tokens = {} as Record<Who, string>;
const ids = {} as Record<Who, number>;
let cityA = 0;
let cityB = 0;
let shopA = { id_estabelecimento: 0, nome: '' };
let people: number[] = [];
let numero = 0;

const send = (who: Who | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? bearer(tokens[who]) : {}, ...(payload ? { payload } : {}) });

const annul = (who: Who | null, id: number, payload: object = { motivo: 'Participante não localizado' }) =>
  send(who, 'POST', `/v1/adm/contemplados/${id}/anulacao`, payload);
const deliver = (who: Who | null, id: number) => send(who, 'POST', `/v1/adm/contemplados/${id}/entrega`);

/** A campaign of `codCidade` whose shop issued `count` coupons to `people` (one sale). */
async function campaignWithCoupons(codCidade: number, shop: number, count: number): Promise<number> {
  const { id_campanha } = await createCampaign(t.db, {
    cod_cidade: codCidade,
    lojas: [{ id_estabelecimento: shop }],
  });
  const now = new Date().toISOString();
  const { id_venda } = await t.db
    .insertInto('vendas')
    .values({
      id_campanha,
      id_estabelecimento: shop,
      id_usuario: people[0]!,
      id_vendedor: null,
      dat_venda: day(-1),
      numero_venda: `CONF-${++numero}`,
      valor_centavos: 100 * count,
      pontos_e6: 0,
      cashback_e6: 0,
      atualizado_em: now,
    })
    .returning('id_venda')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('cupons')
    .values(
      Array.from({ length: count }, (_, i) => ({
        id_campanha,
        numero: i + 1,
        id_usuario: people[i % people.length]!,
        id_venda,
        id_estabelecimento: shop,
        dat_emissao: now,
      })),
    )
    .execute();
  await t.db
    .updateTable('campanhas')
    .set({ proximo_cupom: count + 1 })
    .where('id_campanha', '=', id_campanha)
    .execute();
  return id_campanha;
}

/** A real instant draw through the API. */
async function draw(idCampanha: number, who: Who = 'adminA'): Promise<ResultadoSorteio> {
  const res = await send(who, 'GET', `/v1/adm/sorteio/${idCampanha}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ResultadoSorteio>();
}

const winnerRow = (id: number) =>
  t.db
    .selectFrom('contemplados')
    .select(['anulado_em', 'motivo_anulacao', 'anulado_por', 'entregue_em'])
    .where('id_sorteado', '=', id)
    .executeTakeFirst();

const couponDrawnAt = async (idCampanha: number, n: number) =>
  (
    await t.db
      .selectFrom('cupons')
      .select('sorteado_em')
      .where('id_campanha', '=', idCampanha)
      .where('numero', '=', n)
      .executeTakeFirstOrThrow()
  ).sorteado_em;

const auditOf = (id: number) =>
  t.db
    .selectFrom('auditoria')
    .select(['id_usuario', 'acao', 'depois'])
    .where('entidade', '=', 'contemplado')
    .where('id_entidade', '=', String(id))
    .orderBy('id')
    .execute();

const publicWinners = async (codCidade: number) => {
  const res = await t.app.inject({ url: `/v1/campanhas/contemplados?cod_cidade=${codCidade}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id_sorteado: number }[]>().map((w) => w.id_sorteado);
};

const adminWinner = async (id: number) => {
  const res = await send('adminA', 'GET', `/v1/adm/contemplados/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ContempladoAdmin[]>()[0]!;
};

const publicRecord = async (idRegistro: number) => {
  const res = await t.app.inject({ url: `/v1/sorteios/${idRegistro}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RegistroSorteio>();
};

beforeAll(async () => {
  cityA = (await createCity(t.db)).cod_cidade;
  cityB = (await createCity(t.db)).cod_cidade;
  shopA = await createShop(t.db, { cod_cidade: cityA, nome: 'Padaria Confiança' });
  people = await insertConsumers(t.db, { cod_cidade: cityA, nomes: ['Maria Conceição', 'João Silva'] });
  const user = async (o: Parameters<typeof createUser>[1]) => (await createUser(t.db, o)).id_usuario;
  ids.adminA = await user({ cod_cidade: cityA, admin: true });
  ids.adminB = await user({ cod_cidade: cityB, admin: true });
  ids.superB = await user({ cod_cidade: cityB, admin: true, superadmin: true });
  ids.consumer = people[0]!;
  for (const who of Object.keys(ids) as Who[]) tokens[who] = await sessionFor(t.db, ids[who]);
});

describe('annulling a winner', () => {
  it('keeps the drawn winner with its public reason, audited; the coupon stays drawn; it leaves the consumers’ list', async () => {
    const campaign = await campaignWithCoupons(cityA, shopA.id_estabelecimento, 5);
    const r = await draw(campaign);
    const drawnAt = await couponDrawnAt(campaign, r.id_sorteio);
    expect(drawnAt).not.toBeNull();
    expect(await publicWinners(cityA)).toContain(r.idsorteado); // cached now
    const before = await publicRecord(r.id_registro);
    expect(before).toMatchObject({ anulado: false, anulado_em: null, motivo_anulacao: null });

    const motivo = '  Participante não respondeu em 30 dias  ';
    const res = await annul('adminA', r.idsorteado, { motivo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mensagem: CONTEMPLADO_ANULADO });
    expect(CONTEMPLADO_ANULADO).toBe('Contemplado anulado');

    const stored = await winnerRow(r.idsorteado);
    expect(stored).toMatchObject({
      motivo_anulacao: motivo.trim(),
      anulado_por: ids.adminA,
      entregue_em: null,
    });
    expect(stored!.anulado_em).toMatch(/^\d{4}-\d\d-\d\dT/);
    // No coupon goes back for a silent re-draw.
    expect(await couponDrawnAt(campaign, r.id_sorteio)).toBe(drawnAt);

    // Audited in the same transaction, with the reason.
    const audit = await auditOf(r.idsorteado);
    expect(audit.map((a) => [a.acao, a.id_usuario])).toEqual([['anular', ids.adminA]]);
    expect(JSON.parse(audit[0]!.depois ?? '{}')).toMatchObject({
      id_sorteio: r.id_sorteio,
      motivo_anulacao: motivo.trim(),
      anulado_em: stored!.anulado_em,
    });

    // The consumers' list no longer shows it (the city's cache was dropped); the admin's does.
    expect(await publicWinners(cityA)).not.toContain(r.idsorteado);
    expect(await adminWinner(r.idsorteado)).toMatchObject({
      id_sorteado: r.idsorteado,
      anulado_em: stored!.anulado_em,
      motivo_anulacao: motivo.trim(),
      entregue_em: null,
      id_apuracao: null,
    });
    const list = await send(
      'adminA',
      'GET',
      `/v1/adm/contemplados?cod_cidade=${cityA}&id_campanha=${campaign}`,
    );
    expect(list.json<ContempladoAdmin[]>()).toMatchObject([
      { id_sorteado: r.idsorteado, motivo_anulacao: motivo.trim() },
    ]);

    // The public record of the draw shows the annulment next to it; so does the admin's list.
    expect(await publicRecord(r.id_registro)).toEqual({
      ...before,
      anulado: true,
      anulado_em: stored!.anulado_em,
      motivo_anulacao: motivo.trim(),
    });
    const records = await send('adminA', 'GET', `/v1/adm/sorteios?id_campanha=${campaign}`);
    expect(records.json<RegistroSorteio[]>()[0]).toMatchObject({
      anulado: true,
      motivo_anulacao: motivo.trim(),
    });

    // A second annulment is refused and changes nothing.
    const again = await annul('adminA', r.idsorteado, { motivo: 'Outro motivo qualquer' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ erro: MSG_APURACAO.jaAnulado });
    expect((await winnerRow(r.idsorteado))!.motivo_anulacao).toBe(motivo.trim());
    expect(await auditOf(r.idsorteado)).toHaveLength(1);
  });

  it('refuses a missing or bad reason (400), an unknown winner (404), other cities (403) and non-admins', async () => {
    const { id_sorteado } = await createWinner(t.db, {
      id_campanha: await campaignWithCoupons(cityA, shopA.id_estabelecimento, 1),
    });
    for (const payload of [
      {},
      { motivo: '' },
      { motivo: '   curto   ' },
      { motivo: 'x'.repeat(501) },
      { motivo: 42 },
    ]) {
      const res = await annul('adminA', id_sorteado, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ erro: MSG_APURACAO.motivoObrigatorio });
    }
    const unknown = await annul('adminA', 987654);
    expect(unknown.statusCode).toBe(404);
    const other = await annul('adminB', id_sorteado);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ erro: MSG_ADMIN.outraCidade });
    expect((await annul('consumer', id_sorteado)).statusCode).toBe(403);
    expect((await annul(null, id_sorteado)).json()).toEqual({ erro: MSG.naoAutenticado });
    expect(await winnerRow(id_sorteado)).toMatchObject({ anulado_em: null, motivo_anulacao: null });
    expect(await auditOf(id_sorteado)).toEqual([]);

    // The super-admin annuls in any city; a winner recorded by hand may be annulled too.
    expect(
      (await annul('superB', id_sorteado, { motivo: 'Cadastro com documento inválido' })).statusCode,
    ).toBe(200);
    expect((await winnerRow(id_sorteado))!.anulado_por).toBe(ids.superB);
  });
});

describe("the prize's delivery", () => {
  it('records when, once (idempotent), audited; an annulled winner answers 409', async () => {
    const campaign = await campaignWithCoupons(cityA, shopA.id_estabelecimento, 3);
    const r = await draw(campaign);
    const res = await deliver('adminA', r.idsorteado);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mensagem: PREMIO_ENTREGUE });
    expect(PREMIO_ENTREGUE).toBe('Prêmio marcado como entregue');
    const first = (await winnerRow(r.idsorteado))!.entregue_em;
    expect(first).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await adminWinner(r.idsorteado)).entregue_em).toBe(first);

    await new Promise((done) => setTimeout(done, 5));
    const again = await deliver('adminA', r.idsorteado);
    expect(again.statusCode).toBe(200);
    expect((await winnerRow(r.idsorteado))!.entregue_em).toBe(first);
    const audit = await auditOf(r.idsorteado);
    expect(audit.map((a) => a.acao)).toEqual(['entregar']);
    expect(JSON.parse(audit[0]!.depois ?? '{}')).toEqual({ entregue_em: first });

    expect((await deliver('adminB', r.idsorteado)).statusCode).toBe(403);
    expect((await deliver('adminA', 987654)).statusCode).toBe(404);

    const annulled = await draw(campaign);
    expect((await annul('adminA', annulled.idsorteado)).statusCode).toBe(200);
    const refused = await deliver('adminA', annulled.idsorteado);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ erro: MSG_APURACAO.jaAnulado });
    expect((await winnerRow(annulled.idsorteado))!.entregue_em).toBeNull();
  });

  it('a winner whose prize was delivered is not annulled: 409 in Portuguese, nothing changed (issue 51)', async () => {
    const campaign = await campaignWithCoupons(cityA, shopA.id_estabelecimento, 3);
    const r = await draw(campaign);
    expect((await deliver('adminA', r.idsorteado)).statusCode).toBe(200);
    const refused = await annul('adminA', r.idsorteado);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ erro: MSG_APURACAO.premioJaEntregue });
    expect(MSG_APURACAO.premioJaEntregue).toBe(
      'O prêmio deste contemplado já foi entregue: não é possível anulá-lo',
    );
    expect(await winnerRow(r.idsorteado)).toMatchObject({ anulado_em: null, motivo_anulacao: null });
    expect((await auditOf(r.idsorteado)).map((a) => a.acao)).toEqual(['entregar']);
  });
});

describe('no hidden re-draws', () => {
  it('refuses to delete a winner a draw chose (instant draw or apuração); one recorded by hand still goes', async () => {
    const campaign = await campaignWithCoupons(cityA, shopA.id_estabelecimento, 3);
    const r = await draw(campaign);
    for (const who of ['adminA', 'superB'] as const) {
      const res = await send(who, 'DELETE', `/v1/adm/contemplados/${r.idsorteado}`);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ erro: MSG_APURACAO.contempladoDeSorteio });
    }
    expect(await winnerRow(r.idsorteado)).toBeDefined();
    const record = await t.db
      .selectFrom('sorteios')
      .select('id_sorteado')
      .where('id', '=', r.id_registro)
      .executeTakeFirstOrThrow();
    expect(record.id_sorteado).toBe(r.idsorteado);

    // A winner of an apuração (no instant draw record) is kept too.
    const { id_apuracao } = await t.db
      .insertInto('apuracoes')
      .values({
        id_campanha: campaign,
        concurso: 5900,
        data_concurso: day(1),
        qtd_premios: 1,
        mloja: 'S',
        musuario: 'S',
        hash_bilhetes: '0'.repeat(64),
        qtd_bilhetes: 3,
        maior_numero: 3,
        arquivo: 'apuracoes/1.csv',
      })
      .returning('id_apuracao')
      .executeTakeFirstOrThrow();
    const fromApuracao = await createWinner(t.db, { id_campanha: campaign });
    await t.db
      .updateTable('contemplados')
      .set({ id_apuracao, premio: 1 })
      .where('id_sorteado', '=', fromApuracao.id_sorteado)
      .execute();
    const kept = await send('adminA', 'DELETE', `/v1/adm/contemplados/${fromApuracao.id_sorteado}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toEqual({ erro: MSG_APURACAO.contempladoDeSorteio });
    expect((await adminWinner(fromApuracao.id_sorteado)).id_apuracao).toBe(id_apuracao);

    const byHand = await createWinner(t.db, { id_campanha: campaign });
    expect((await send('adminA', 'DELETE', `/v1/adm/contemplados/${byHand.id_sorteado}`)).statusCode).toBe(
      200,
    );
    expect(await winnerRow(byHand.id_sorteado)).toBeUndefined();
  });
});

describe('instantDrawsOfCity', () => {
  it("lists every instant draw of the city's campaigns, newest first, the winner masked and any annulment", async () => {
    const city = (await createCity(t.db)).cod_cidade;
    const shop = await createShop(t.db, { cod_cidade: city, nome: 'Mercado Público' });
    const c1 = await campaignWithCoupons(city, shop.id_estabelecimento, 4);
    const c2 = await campaignWithCoupons(city, shop.id_estabelecimento, 4);
    const elsewhere = await campaignWithCoupons(cityA, shopA.id_estabelecimento, 2);
    expect(await instantDrawsOfCity(t.db, city)).toEqual([]);

    const seeded = await send('superB', 'GET', `/v1/adm/sorteio/${c1}?semente=Loteria%20Federal%205901`);
    expect(seeded.statusCode, seeded.body).toBe(200);
    const first = seeded.json<ResultadoSorteio>();
    const second = await draw(c2, 'superB');
    await draw(elsewhere);
    expect(
      (await annul('superB', second.idsorteado, { motivo: 'Funcionário da loja: inelegível' })).statusCode,
    ).toBe(200);

    const items = await instantDrawsOfCity(t.db, city);
    const recordOf = async (r: ResultadoSorteio) => publicRecord(r.id_registro);
    const expected = async (r: ResultadoSorteio, annulled: string | null): Promise<ItemSorteioPublico> => {
      const rec = await recordOf(r);
      return {
        tipo: 'instantaneo',
        id_apuracao: null,
        id_registro: r.id_registro,
        status: 'realizado',
        id_campanha: r.id_campanha,
        den_campanha: r.den_campanha,
        concurso: null,
        data: rec.realizado_em,
        hash: r.hash_lista,
        qtd_bilhetes: r.qtd_elegiveis,
        ganhadores: [
          {
            serie_numero: formatCouponCode(r.id_sorteio),
            participante: rec.participante,
            nom_estabelecimento: 'Mercado Público',
            anulado: annulled !== null,
            motivo_anulacao: annulled,
          },
        ],
      };
    };
    expect(items).toEqual([
      await expected(second, 'Funcionário da loja: inelegível'),
      await expected(first, null),
    ]);
    expect(items[1]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(items[0]!.ganhadores[0]!.participante).not.toMatch(/Maria Conceição|João Silva/);
  });
});
